import {
  addCondition,
  addResponse,
  changeResponseType,
  deleteQuestion,
  deleteResponse,
  editResponse,
  makeQuestion,
  makeResponse,
  normalise,
  operatorsFor,
  prepareForSave,
  referenceProblem,
  removeCondition,
  setNumberOnly,
  insertQuestion,
  type ConditionDraft,
} from '../../../src/shared/questionnaire/operations';
import { RESPONSE_CHECKS, questionnaireMessages } from '../../../src/shared/questionnaire/rules';
import {
  MC_OPERATORS,
  TEXT_OPERATORS,
  TEXT_OPERATORS_NUMERIC,
  type CriterionOperator,
  type DependencyCondition,
  type Question,
  type ResponseItem,
  type ResponseType,
} from '../../../src/shared/questionnaire/types';

function response(id: string, type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(id, type), ...changes };
}

function question(id: string, num: string, responses: ResponseItem[], dependency: DependencyCondition[][] = []): Question {
  return { ...makeQuestion(id, `${id}-r0`), question_num: num, other_info: responses, dependency: dependency.map((or) => ({ or })) };
}

function cond(qpos: number, rpos: number, op: CriterionOperator, value: string): DependencyCondition {
  return { dependent_qpos: qpos, dependent_response_pos: rpos, criterion_operator: op, criterion_value: value };
}

function earlier(qpos: number | null, rpos: number | null): ResponseItem['validation']['earlier'] {
  return { target_qpos: qpos, target_rpos: rpos };
}

/**
 * Q0 numbers-only text; Q1 mc; Q2 time; Q3 text + time, shown when Q0 > 5 and Q1 has 'a';
 * Q4 two time responses with earlier-than checks on Q2 and on Q3's time, shown when Q3 is 'x' or Q0 equals 1.
 */
function fixture(): Question[] {
  const withCheck = (id: string, qpos: number, rpos: number) =>
    response(id, 'time', { validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: earlier(qpos, rpos) } });
  const qs = [
    question('q0', '1', [response('q0-r0', 'text', { number_only: true })]),
    question('q1', '2', [response('q1-r0', 'mc', { choices: 'set-a' })]),
    question('q2', '3', [response('q2-r0', 'time')]),
    question('q3', '4', [response('q3-r0', 'text'), response('q3-r1', 'time')], [[cond(0, 0, 'greater', '5')], [cond(1, 0, 'is selected', 'a')]]),
    question('q4', '5', [withCheck('q4-r0', 2, 0), withCheck('q4-r1', 3, 1)], [[cond(3, 0, 'is', 'x'), cond(0, 0, 'equal', '1')]]),
  ];
  const normalised = normalise(qs);
  // The fixture is already consistent: normalising it keeps everything.
  expect(normalised).toEqual(qs.map((q, i) => ({ ...q, position: i, other_info: q.other_info.map((r, j) => ({ ...r, position: j })) })));
  return normalised;
}

const ids = (qs: Question[]) => qs.map((q) => q._id);
const deps = (q: Question) => q.dependency.map((g) => g.or);
const earlierOf = (qs: Question[], qpos: number, rpos: number) => qs[qpos].other_info[rpos].validation.earlier;

function expectPositions(qs: Question[]): void {
  qs.forEach((q, i) => {
    expect(q.position).toBe(i);
    q.other_info.forEach((r, j) => expect(r.position).toBe(j));
  });
}

describe('operatorsFor', () => {
  it('offers numeric operators for numbers-only text, is / is not for other text, selection for mc, none otherwise', () => {
    expect(operatorsFor(response('a', 'text', { number_only: true }))).toEqual([...TEXT_OPERATORS_NUMERIC]);
    expect(operatorsFor(response('a', 'text'))).toEqual(['is', 'is not']);
    expect(operatorsFor(response('a', 'mc'))).toEqual(['is selected', 'is not selected']);
    for (const type of ['instruction', 'media', 'time', 'duration', 'slider', 'textarea', 'photoUpload'] as const) {
      expect(operatorsFor(response('a', type))).toEqual([]);
    }
  });
});

describe('insertQuestion', () => {
  it('inserts before the first question and moves every reference down one', () => {
    const qs = fixture();
    const out = insertQuestion(qs, 0, makeQuestion('new', 'new-r0'));
    expect(ids(out)).toEqual(['new', 'q0', 'q1', 'q2', 'q3', 'q4']);
    expectPositions(out);
    expect(deps(out[4])).toEqual([[cond(1, 0, 'greater', '5')], [cond(2, 0, 'is selected', 'a')]]);
    expect(deps(out[5])).toEqual([[cond(4, 0, 'is', 'x'), cond(1, 0, 'equal', '1')]]);
    expect(earlierOf(out, 5, 0)).toEqual(earlier(3, 0));
    expect(earlierOf(out, 5, 1)).toEqual(earlier(4, 1));
  });

  it('inserts before a question (Add Question Before): references at or after it move, earlier ones stay', () => {
    const qs = fixture();
    const out = insertQuestion(qs, 2, makeQuestion('new', 'new-r0'));
    expect(ids(out)).toEqual(['q0', 'q1', 'new', 'q2', 'q3', 'q4']);
    expectPositions(out);
    expect(deps(out[4])).toEqual([[cond(0, 0, 'greater', '5')], [cond(1, 0, 'is selected', 'a')]]);
    expect(deps(out[5])).toEqual([[cond(4, 0, 'is', 'x'), cond(0, 0, 'equal', '1')]]);
    // The check on Q2 (at the insertion point) follows it to 3.
    expect(earlierOf(out, 5, 0)).toEqual(earlier(3, 0));
    expect(earlierOf(out, 5, 1)).toEqual(earlier(4, 1));
  });

  it('inserts after a question (Add Question After), an instruction too', () => {
    const qs = fixture();
    const out = insertQuestion(qs, 3 + 1, makeQuestion('new', 'new-r0', 'instruction'));
    expect(ids(out)).toEqual(['q0', 'q1', 'q2', 'q3', 'new', 'q4']);
    expect(out[4].other_info.map((r) => r.type)).toEqual(['instruction']);
    expect(deps(out[3])).toEqual(deps(qs[3]));
    expect(deps(out[5])).toEqual([[cond(3, 0, 'is', 'x'), cond(0, 0, 'equal', '1')]]);
    expect(earlierOf(out, 5, 1)).toEqual(earlier(3, 1));
  });

  it('appends at the end without moving anything, and clamps positions out of range', () => {
    const qs = fixture();
    const end = insertQuestion(qs, qs.length, makeQuestion('new', 'new-r0'));
    expect(ids(end)).toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'new']);
    expect(end.slice(0, 5)).toEqual(qs);
    expect(ids(insertQuestion(qs, 99, makeQuestion('new', 'new-r0')))).toEqual(ids(end));
    const start = insertQuestion(qs, -3, makeQuestion('new', 'new-r0'));
    expect(ids(start)[0]).toBe('new');
    expect(deps(start[4])).toEqual([[cond(1, 0, 'greater', '5')], [cond(2, 0, 'is selected', 'a')]]);
  });

  it('leaves its input untouched', () => {
    const qs = fixture();
    const copy = structuredClone(qs);
    insertQuestion(qs, 1, makeQuestion('new', 'new-r0'));
    expect(qs).toEqual(copy);
  });
});

describe('deleteQuestion', () => {
  it('removes conditions pointing at it, drops groups left empty and moves later references up', () => {
    const out = deleteQuestion(fixture(), 0);
    expect(ids(out)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expectPositions(out);
    // Q3's first group held only the condition on Q0: gone; its mc condition moves from 1 to 0.
    expect(deps(out[2])).toEqual([[cond(0, 0, 'is selected', 'a')]]);
    // Q4 keeps its group with the condition on Q3 (now 2), without the one on Q0.
    expect(deps(out[3])).toEqual([[cond(2, 0, 'is', 'x')]]);
    expect(earlierOf(out, 3, 0)).toEqual(earlier(1, 0));
    expect(earlierOf(out, 3, 1)).toEqual(earlier(2, 1));
  });

  it('clears earlier-than checks pointing at the deleted question', () => {
    const out = deleteQuestion(fixture(), 2);
    expect(ids(out)).toEqual(['q0', 'q1', 'q3', 'q4']);
    expect(earlierOf(out, 3, 0)).toBeNull();
    expect(earlierOf(out, 3, 1)).toEqual(earlier(2, 1));
    expect(deps(out[3])).toEqual([[cond(2, 0, 'is', 'x'), cond(0, 0, 'equal', '1')]]);
    expect(referenceProblem(out)).toBeNull();
  });

  it('leaves references to earlier questions alone when the last is deleted', () => {
    const qs = fixture();
    const out = deleteQuestion(qs, 4);
    expect(out).toEqual(qs.slice(0, 4));
  });

  it('changes nothing for a position out of range', () => {
    const qs = fixture();
    expect(deleteQuestion(qs, 5)).toEqual(qs);
    expect(deleteQuestion(qs, -1)).toEqual(qs);
  });
});

describe('addResponse', () => {
  it('appends the response at the next position of that question only', () => {
    const qs = fixture();
    const out = addResponse(qs, 2, makeResponse('added', 'slider'));
    expect(out[2].other_info.map((r) => [r._id, r.position, r.type])).toEqual([
      ['q2-r0', 0, 'time'],
      ['added', 1, 'slider'],
    ]);
    expect(out.filter((_, i) => i !== 2)).toEqual(qs.filter((_, i) => i !== 2));
  });

  it('withdraws identical-to-previous from the next question once the previous has two responses', () => {
    const qs = [
      question('a', '1', [response('a-r0', 'text')]),
      question('b', '2', [response('b-r0', 'text', { validation: { required: false, regex_string: '', identical_to_prev_question: true, earlier: null } })]),
    ];
    expect(normalise(qs)[1].other_info[0].validation.identical_to_prev_question).toBe(true);
    const out = addResponse(normalise(qs), 0, makeResponse('a-r1', 'text'));
    expect(out[1].other_info[0].validation.identical_to_prev_question).toBe(false);
  });
});

describe('deleteResponse', () => {
  it('removes conditions on the deleted response and moves later responses of that question up', () => {
    const out = deleteResponse(fixture(), 3, 0);
    expect(out[3].other_info.map((r) => [r._id, r.position])).toEqual([['q3-r1', 0]]);
    expect(deps(out[4])).toEqual([[cond(0, 0, 'equal', '1')]]);
    expect(earlierOf(out, 4, 1)).toEqual(earlier(3, 0));
    expect(earlierOf(out, 4, 0)).toEqual(earlier(2, 0));
  });

  it('removes earlier-than checks on the deleted response', () => {
    const out = deleteResponse(fixture(), 3, 1);
    expect(earlierOf(out, 4, 1)).toBeNull();
    expect(earlierOf(out, 4, 0)).toEqual(earlier(2, 0));
    expect(deps(out[4])).toEqual([[cond(3, 0, 'is', 'x'), cond(0, 0, 'equal', '1')]]);
    const only = deleteResponse(fixture(), 2, 0);
    expect(only[2].other_info).toEqual([]);
    expect(earlierOf(only, 4, 0)).toBeNull();
  });

  it('does not move references into other questions that share the response position', () => {
    const qs = fixture();
    const out = deleteResponse(qs, 4, 0);
    expect(out[4].other_info.map((r) => r._id)).toEqual(['q4-r1']);
    expect(earlierOf(out, 4, 0)).toEqual(earlier(3, 1));
    expect(out.slice(0, 4)).toEqual(qs.slice(0, 4));
  });
});

describe('changeResponseType', () => {
  it('away from time removes earlier-than checks pointing at it, and only those', () => {
    const out = changeResponseType(fixture(), 2, 0, 'text');
    expect(out[2].other_info[0].type).toBe('text');
    expect(earlierOf(out, 4, 0)).toBeNull();
    expect(earlierOf(out, 4, 1)).toEqual(earlier(3, 1));
  });

  it("resets the time format to 'hh mm A'", () => {
    const dated = editResponse(fixture(), 2, 0, { picker_format: 'DD MM YYYY' });
    expect(dated[2].other_info[0].picker_format).toBe('DD MM YYYY');
    expect(changeResponseType(dated, 2, 0, 'time')[2].other_info[0].picker_format).toBe('hh mm A');
    expect(changeResponseType(dated, 2, 0, 'duration')[2].other_info[0].picker_format).toBe('hh mm A');
  });

  it('away from text removes the conditions on it', () => {
    const out = changeResponseType(fixture(), 3, 0, 'textarea');
    expect(deps(out[4])).toEqual([[cond(0, 0, 'equal', '1')]]);
  });

  it('away from mc removes the conditions on it and the group they leave empty', () => {
    const out = changeResponseType(fixture(), 1, 0, 'slider');
    expect(deps(out[3])).toEqual([[cond(0, 0, 'greater', '5')]]);
  });

  it('from text to mc removes conditions whose operator does not fit', () => {
    const out = changeResponseType(fixture(), 3, 0, 'mc');
    expect(deps(out[4])).toEqual([[cond(0, 0, 'equal', '1')]]);
  });

  it('to instruction or media takes away mandatory-when-visible', () => {
    const qs = editResponse(fixture(), 3, 0, { validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null } });
    expect(qs[3].other_info[0].validation.required).toBe(true);
    expect(changeResponseType(qs, 3, 0, 'instruction')[3].other_info[0].validation.required).toBe(false);
    expect(changeResponseType(qs, 3, 0, 'media')[3].other_info[0].validation.required).toBe(false);
  });
});

describe('setNumberOnly', () => {
  it('clears the response check and drops numeric conditions when turned off', () => {
    const qs = editResponse(fixture(), 0, 0, {
      validation: { required: false, regex_string: RESPONSE_CHECKS.eightDigits, identical_to_prev_question: false, earlier: null },
    });
    expect(qs[0].other_info[0].validation.regex_string).toBe(RESPONSE_CHECKS.eightDigits);
    const out = setNumberOnly(qs, 0, 0, false);
    expect(out[0].other_info[0].number_only).toBe(false);
    expect(out[0].other_info[0].validation.regex_string).toBe('');
    expect(deps(out[3])).toEqual([[cond(1, 0, 'is selected', 'a')]]);
    expect(deps(out[4])).toEqual([[cond(3, 0, 'is', 'x')]]);
  });

  it("clears an email check and drops 'is' conditions when turned on", () => {
    const qs = editResponse(fixture(), 3, 0, {
      validation: { required: false, regex_string: RESPONSE_CHECKS.email, identical_to_prev_question: false, earlier: null },
    });
    expect(qs[3].other_info[0].validation.regex_string).toBe(RESPONSE_CHECKS.email);
    const out = setNumberOnly(qs, 3, 0, true);
    expect(out[3].other_info[0].validation.regex_string).toBe('');
    expect(deps(out[4])).toEqual([[cond(0, 0, 'equal', '1')]]);
  });
});

describe('addCondition', () => {
  const draft = (d: Partial<ConditionDraft>): ConditionDraft => ({
    dependent_qpos: 0,
    dependent_response_pos: 0,
    criterion_operator: 'greater',
    criterion_value: '3',
    ...d,
  });

  it('answers each problem in the specification order and changes nothing', () => {
    const qs = fixture();
    const cases: [Partial<ConditionDraft>, string][] = [
      [{ dependent_qpos: null, dependent_response_pos: null, criterion_value: '' }, 'Please select a question.'],
      [{ dependent_qpos: 9, dependent_response_pos: 0 }, 'Please select a question.'],
      [{ dependent_response_pos: null, criterion_value: '' }, 'Please select a response Item.'],
      [{ dependent_response_pos: 4, criterion_value: '' }, 'Please select a response Item.'],
      [{ criterion_value: '   ' }, 'Please enter an value in response to check with.'],
      [{ criterion_value: 'ten' }, 'Selected response item allow numbers only. Please enter a number in response to check with.'],
      [{ criterion_value: '5' }, 'The new dependency is already existed.'],
    ];
    for (const [d, message] of cases) {
      const result = addCondition(qs, 3, null, draft(d));
      expect(result.problem).toBe(message);
      expect(result.questions).toBe(qs);
    }
  });

  it('uses the catalogue texts', () => {
    expect(questionnaireMessages.conditionQuestionMissing).toBe('Please select a question.');
    expect(questionnaireMessages.conditionDuplicate).toBe('The new dependency is already existed.');
  });

  it('finds the duplicate after trimming the value', () => {
    expect(addCondition(fixture(), 3, null, draft({ criterion_value: ' 5 ' })).problem).toBe('The new dependency is already existed.');
  });

  it('accepts numbers for a numbers-only item, negative and decimal ones too', () => {
    for (const value of ['0', '-2', '3.5']) {
      expect(addCondition(fixture(), 3, null, draft({ criterion_value: value })).problem).toBeNull();
    }
    expect(addCondition(fixture(), 3, null, draft({ criterion_value: '3a' })).problem).toBe(questionnaireMessages.conditionNumberOnly);
  });

  it('accepts any text for a text item that is not numbers-only', () => {
    const result = addCondition(fixture(), 4, null, draft({ dependent_qpos: 3, criterion_operator: 'is not', criterion_value: 'words' }));
    expect(result.problem).toBeNull();
  });

  it('refuses its own question, items other than text and mc, and operators that do not fit', () => {
    const qs = fixture();
    const refused: Partial<ConditionDraft>[] = [
      { dependent_qpos: 3, criterion_operator: 'is', criterion_value: 'y' },
      { dependent_qpos: 2, criterion_operator: 'is', criterion_value: 'y' },
      { dependent_qpos: 0, criterion_operator: 'is', criterion_value: '3' },
      { dependent_qpos: 1, criterion_operator: 'is', criterion_value: 'a' },
    ];
    for (const d of refused) {
      const result = addCondition(qs, 3, null, draft(d));
      expect(result.problem).toBe(questionnaireMessages.conditionResponseMissing);
      expect(result.questions).toBe(qs);
    }
  });

  it('adds to an existing group as an alternative (or)', () => {
    const result = addCondition(fixture(), 3, 0, draft({ criterion_operator: 'less', criterion_value: ' 2 ' }));
    expect(result.problem).toBeNull();
    expect(deps(result.questions[3])).toEqual([[cond(0, 0, 'greater', '5'), cond(0, 0, 'less', '2')], [cond(1, 0, 'is selected', 'a')]]);
  });

  it('adds a new group (and) when no group is named', () => {
    const result = addCondition(fixture(), 3, null, draft({ dependent_qpos: 1, criterion_operator: 'is not selected', criterion_value: 'b' }));
    expect(result.problem).toBeNull();
    expect(deps(result.questions[3])).toEqual([[cond(0, 0, 'greater', '5')], [cond(1, 0, 'is selected', 'a')], [cond(1, 0, 'is not selected', 'b')]]);
    expect(result.questions.filter((_, i) => i !== 3)).toEqual(fixture().filter((_, i) => i !== 3));
  });

  it('looks for duplicates only in the group it adds to', () => {
    // Q3's second group lacks 'Q0 greater 5', so it may be added there.
    const result = addCondition(fixture(), 3, 1, draft({ criterion_value: '5' }));
    expect(result.problem).toBeNull();
    expect(deps(result.questions[3])).toEqual([[cond(0, 0, 'greater', '5')], [cond(1, 0, 'is selected', 'a'), cond(0, 0, 'greater', '5')]]);
    expect(addCondition(fixture(), 3, 0, draft({ criterion_value: '5' })).problem).toBe(questionnaireMessages.conditionDuplicate);
  });

  it('adds a new group when the named group does not exist', () => {
    const result = addCondition(fixture(), 0, 4, draft({ dependent_qpos: 1, criterion_operator: 'is selected', criterion_value: 'a' }));
    expect(result.problem).toBeNull();
    expect(deps(result.questions[0])).toEqual([[cond(1, 0, 'is selected', 'a')]]);
  });
});

describe('removeCondition', () => {
  it('removes one alternative and keeps the group', () => {
    const out = removeCondition(fixture(), 4, 0, 1);
    expect(deps(out[4])).toEqual([[cond(3, 0, 'is', 'x')]]);
  });

  it('removes a group once its last condition goes', () => {
    const out = removeCondition(fixture(), 3, 0, 0);
    expect(deps(out[3])).toEqual([[cond(1, 0, 'is selected', 'a')]]);
  });

  it('changes nothing for indexes out of range', () => {
    const qs = fixture();
    expect(removeCondition(qs, 3, 5, 0)).toEqual(qs);
    expect(removeCondition(qs, 3, 0, 5)).toEqual(qs);
  });
});

describe('prepareForSave', () => {
  it('clears the choices set and multiple flag of every response but mc ones', () => {
    const qs = editResponse(fixture(), 3, 0, { choices: 'set-a', multiple: true });
    const mc = editResponse(qs, 1, 0, { multiple: true });
    const out = prepareForSave(mc);
    expect(out[3].other_info[0]).toMatchObject({ choices: null, multiple: false });
    expect(out[1].other_info[0]).toMatchObject({ type: 'mc', choices: 'set-a', multiple: true });
    expect(out.flatMap((q) => q.other_info).filter((r) => r.type !== 'mc' && (r.choices !== null || r.multiple))).toEqual([]);
  });

  it('normalises: positions renumbered, references that do not fit dropped', () => {
    const raw = fixture().map((q) => ({ ...q, position: 7 }));
    raw[0] = { ...raw[0], dependency: [{ or: [cond(0, 0, 'equal', '1')] }] };
    const out = prepareForSave(raw);
    expectPositions(out);
    expect(out[0].dependency).toEqual([]);
  });
});

describe('referenceProblem', () => {
  const invalid = questionnaireMessages.conditionTargetInvalid;
  const badCheck = questionnaireMessages.earlierTargetInvalid;
  const withDeps = (c: DependencyCondition) => fixture().map((q, i) => (i === 4 ? { ...q, dependency: [{ or: [c] }] } : q));
  const withCheck = (qpos: number | null, rpos: number | null) =>
    fixture().map((q, i) =>
      i === 4 ? { ...q, other_info: q.other_info.map((r, j) => (j === 0 ? { ...r, validation: { ...r.validation, earlier: earlier(qpos, rpos) } } : r)) } : q,
    );

  it('finds nothing wrong in a consistent questionnaire', () => {
    expect(referenceProblem(fixture())).toBeNull();
    expect(referenceProblem([])).toBeNull();
  });

  it.each([
    ['a missing question', cond(9, 0, 'is', 'x')],
    ['a missing response', cond(3, 5, 'is', 'x')],
    ['its own question', cond(4, 0, 'is', 'x')],
    ['a time response', cond(2, 0, 'is', 'x')],
    ['an operator that does not fit', cond(0, 0, 'is', '1')],
  ])('refuses a condition on %s', (_name, c) => {
    expect(referenceProblem(withDeps(c))).toBe(invalid);
  });

  it.each([
    ['a missing question', 9, 0],
    ['its own question', 4, 1],
    ['a response that is not time', 3, 0],
    ['a missing response', 3, 4],
  ])('refuses an earlier-than check on %s', (_name, qpos, rpos) => {
    expect(referenceProblem(withCheck(qpos, rpos))).toBe(badCheck);
  });

  it('leaves a check still being filled in to the save rules', () => {
    expect(referenceProblem(withCheck(null, null))).toBeNull();
    expect(referenceProblem(withCheck(3, null))).toBeNull();
  });

  it('names conditions before checks', () => {
    const both = withCheck(9, 0).map((q, i) => (i === 3 ? { ...q, dependency: [{ or: [cond(9, 0, 'is', 'x')] }] } : q));
    expect(referenceProblem(both)).toBe(invalid);
  });
});

describe('normalise', () => {
  const validation = (v: Partial<ResponseItem['validation']>): ResponseItem['validation'] => ({
    required: false,
    regex_string: '',
    identical_to_prev_question: false,
    earlier: null,
    ...v,
  });

  it('sets positions to indexes', () => {
    const qs = fixture().map((q) => ({ ...q, position: 42, other_info: q.other_info.map((r) => ({ ...r, position: 9 })) }));
    expectPositions(normalise(qs));
  });

  it('takes mandatory-when-visible away from instruction and media only', () => {
    const types: ResponseType[] = ['instruction', 'media', 'text', 'mc', 'time', 'slider', 'textarea', 'duration', 'photoUpload'];
    const qs = [question('a', '1', types.map((type, i) => response(`r${i}`, type, { validation: validation({ required: true }) })))];
    expect(normalise(qs)[0].other_info.map((r) => [r.type, r.validation.required])).toEqual(
      types.map((type) => [type, type !== 'instruction' && type !== 'media']),
    );
  });

  it('keeps identical-to-previous only on the first response after a question with a single text response', () => {
    const same = validation({ identical_to_prev_question: true });
    const follow = (previous: ResponseItem[]) =>
      normalise([question('a', '1', previous), question('b', '2', [response('b0', 'text', { validation: same }), response('b1', 'text', { validation: same })])])[1]
        .other_info.map((r) => r.validation.identical_to_prev_question);
    expect(follow([response('a0', 'text')])).toEqual([true, false]);
    expect(follow([response('a0', 'textarea')])).toEqual([false, false]);
    expect(follow([response('a0', 'text'), response('a1', 'text')])).toEqual([false, false]);
    expect(normalise([question('a', '1', [response('a0', 'text', { validation: same })])])[0].other_info[0].validation.identical_to_prev_question).toBe(false);
  });

  it('keeps the eight-digit check only with numbers-only and the email check only without', () => {
    const check = (numberOnly: boolean, regex: string, type: ResponseType = 'text') =>
      normalise([question('a', '1', [response('a0', type, { number_only: numberOnly, validation: validation({ regex_string: regex }) })])])[0].other_info[0]
        .validation.regex_string;
    expect(check(true, RESPONSE_CHECKS.eightDigits)).toBe(RESPONSE_CHECKS.eightDigits);
    expect(check(false, RESPONSE_CHECKS.eightDigits)).toBe('');
    expect(check(false, RESPONSE_CHECKS.email)).toBe(RESPONSE_CHECKS.email);
    expect(check(true, RESPONSE_CHECKS.email)).toBe('');
    expect(check(false, '^.*$')).toBe('');
    expect(check(false, RESPONSE_CHECKS.email, 'textarea')).toBe('');
  });

  it('drops conditions and checks that do not fit and the groups they leave empty', () => {
    const qs = fixture();
    qs[0] = { ...qs[0], dependency: [{ or: [cond(7, 0, 'is', 'x')] }, { or: [cond(3, 0, 'is', 'x'), cond(2, 0, 'is', 'x')] }] };
    qs[2] = { ...qs[2], other_info: [{ ...qs[2].other_info[0], validation: validation({ earlier: earlier(0, 0) }) }] };
    const out = normalise(qs);
    expect(deps(out[0])).toEqual([[cond(3, 0, 'is', 'x')]]);
    expect(earlierOf(out, 2, 0)).toBeNull();
    expect(referenceProblem(out)).toBeNull();
  });

  it('keeps a numeric operator for each numbers-only text and each mc operator', () => {
    const all: DependencyCondition[] = [
      ...TEXT_OPERATORS_NUMERIC.map((op) => cond(0, 0, op, '1')),
      ...MC_OPERATORS.map((op) => cond(1, 0, op, 'a')),
      ...TEXT_OPERATORS.map((op) => cond(3, 0, op, 'z')),
    ];
    const qs = fixture().map((q, i) => (i === 4 ? { ...q, dependency: [{ or: all }] } : q));
    expect(deps(normalise(qs)[4])).toEqual([all]);
  });
});
