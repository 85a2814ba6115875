import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import {
  MAX_QUESTIONS,
  MIN_CHOICES,
  RESPONSE_CHECKS,
  choicesProblem,
  conditionTargetAllowed,
  earlierTargets,
  identicalToPreviousOffered,
  isNonAnswer,
  questionNeedsNumber,
  questionnaireCreateProblem,
  questionnaireMessages,
  questionnaireSaveProblem,
  responseChecksFor,
} from '../../../src/shared/questionnaire/rules';
import type { Question, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';

function response(type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(`r-${type}`, type), ...changes };
}

function question(num: string, ...responses: ResponseItem[]): Question {
  return { ...makeQuestion(`q-${num}`, 'unused'), question_num: num, other_info: responses.map((r, position) => ({ ...r, position })) };
}

const withEarlier = (qpos: number | null, rpos: number | null) =>
  response('time', { validation: { required: false, regex_string: '', identical_to_prev_question: false, earlier: { target_qpos: qpos, target_rpos: rpos } } });

describe('questionnaire messages', () => {
  it('are the texts of the specification', () => {
    expect(questionnaireMessages).toMatchObject({
      nameAndCodeRequired: 'Questionnaire name and code are required',
      questionNumberEmpty: 'Question number cannot be empty',
      mcSetMissing: 'Please specifiy multiple choices set for multiple choice type question',
      sliderRange: 'Slider maximum value must be larger than minimum value',
      earlierQuestionMissing: 'Select a question in submission requirement',
      earlierResponseMissing: 'Select a response in submission requirement',
      choiceEmpty: 'Choice name and value cannot be empty',
      tooFewChoices: 'There must be at least 2 choices',
      mcSetUpdated: 'Multiple choices set has been updated',
      mcSetCreated: 'A new multiple choices set has been created',
      mcSetRemoved: 'Multiple choices set has been removed',
    });
  });
});

describe('questionnaireSaveProblem', () => {
  const valid = (): Question[] => [
    question('1', response('text')),
    question('', response('instruction')),
    question('', response('media')),
    question('2', response('mc', { choices: 'set-1' })),
    question('3', response('slider', { min: 1, max: 2 })),
    question('4', response('time')),
    question('5', withEarlier(5, 0)),
  ];

  it('accepts a complete questionnaire, and an empty one', () => {
    expect(questionnaireSaveProblem(valid())).toBeNull();
    expect(questionnaireSaveProblem([])).toBeNull();
  });

  it('needs a question number on every question but instruction and media ones', () => {
    expect(questionnaireSaveProblem([question('', response('text'))])).toBe('Question number cannot be empty');
    expect(questionnaireSaveProblem([question('   ', response('mc', { choices: 's' }))])).toBe('Question number cannot be empty');
    expect(questionnaireSaveProblem([question('', response('instruction'), response('text'))])).toBe('Question number cannot be empty');
    expect(questionnaireSaveProblem([question('', response('instruction'), response('media'))])).toBeNull();
  });

  it('needs a choices set on every mc response', () => {
    expect(questionnaireSaveProblem([question('1', response('mc'))])).toBe('Please specifiy multiple choices set for multiple choice type question');
    expect(questionnaireSaveProblem([question('1', response('mc', { choices: '' }))])).toBe(questionnaireMessages.mcSetMissing);
    // A choices value on another type is no mc response.
    expect(questionnaireSaveProblem([question('1', response('text', { choices: null }))])).toBeNull();
  });

  it('needs a slider maximum larger than its minimum', () => {
    expect(questionnaireSaveProblem([question('1', response('slider', { min: 5, max: 5 }))])).toBe('Slider maximum value must be larger than minimum value');
    expect(questionnaireSaveProblem([question('1', response('slider', { min: 6, max: 5 }))])).toBe(questionnaireMessages.sliderRange);
    expect(questionnaireSaveProblem([question('1', response('slider', { min: -1, max: 0 }))])).toBeNull();
  });

  it('needs a question and then a response in an earlier-than check', () => {
    expect(questionnaireSaveProblem([question('1', withEarlier(null, null))])).toBe('Select a question in submission requirement');
    expect(questionnaireSaveProblem([question('1', withEarlier(null, 0))])).toBe(questionnaireMessages.earlierQuestionMissing);
    expect(questionnaireSaveProblem([question('1', withEarlier(0, null))])).toBe('Select a response in submission requirement');
  });

  it('answers the first problem in the specification order', () => {
    const all = [
      question('1', withEarlier(null, null)),
      question('2', response('slider', { min: 3, max: 1 })),
      question('3', response('mc')),
      question('', response('text')),
    ];
    const expected = [
      questionnaireMessages.questionNumberEmpty,
      questionnaireMessages.mcSetMissing,
      questionnaireMessages.sliderRange,
      questionnaireMessages.earlierQuestionMissing,
    ];
    const fixes: ((qs: Question[]) => Question[])[] = [
      (qs) => qs.map((q, i) => (i === 3 ? { ...q, question_num: '4' } : q)),
      (qs) => qs.map((q, i) => (i === 2 ? question('3', response('mc', { choices: 'set' })) : q)),
      (qs) => qs.map((q, i) => (i === 1 ? question('2', response('slider', { min: 1, max: 3 })) : q)),
      (qs) => qs.map((q, i) => (i === 0 ? question('1', withEarlier(1, null)) : q)),
      (qs) => qs.map((q, i) => (i === 0 ? question('1', withEarlier(1, 0)) : q)),
    ];
    let qs = all;
    for (const [i, message] of [...expected, questionnaireMessages.earlierResponseMissing].entries()) {
      expect(questionnaireSaveProblem(qs)).toBe(message);
      qs = fixes[i](qs);
    }
    expect(questionnaireSaveProblem(qs)).toBeNull();
  });

  it(`refuses more than ${MAX_QUESTIONS} questions`, () => {
    const many = Array.from({ length: MAX_QUESTIONS + 1 }, (_, i) => question(String(i + 1), response('text')));
    expect(questionnaireSaveProblem(many)).toBe(questionnaireMessages.tooManyQuestions);
    expect(questionnaireSaveProblem(many.slice(0, MAX_QUESTIONS))).toBeNull();
  });
});

describe('questionNeedsNumber and isNonAnswer', () => {
  it('treats instruction and media as carrying no answer', () => {
    expect(['instruction', 'media', 'text', 'mc', 'time'].filter((t) => isNonAnswer(t as ResponseType))).toEqual(['instruction', 'media']);
    expect(questionNeedsNumber(question('', response('media'), response('instruction')))).toBe(false);
    expect(questionNeedsNumber(question('', response('media'), response('photoUpload')))).toBe(true);
  });
});

describe('choicesProblem', () => {
  const two = [
    { name: 'Yes', value: '1' },
    { name: 'No', value: '0' },
  ];

  it('accepts a named set of at least two complete choices', () => {
    expect(MIN_CHOICES).toBe(2);
    expect(choicesProblem('Yes/No', two)).toBeNull();
  });

  it('needs a set name and a name and value for every choice', () => {
    expect(choicesProblem('  ', two)).toBe('Choice name and value cannot be empty');
    expect(choicesProblem('Set', [two[0], { name: ' ', value: '0' }])).toBe(questionnaireMessages.choiceEmpty);
    expect(choicesProblem('Set', [two[0], { name: 'No', value: '' }])).toBe(questionnaireMessages.choiceEmpty);
  });

  it('needs at least two choices, checked after the empty ones', () => {
    expect(choicesProblem('Set', [two[0]])).toBe('There must be at least 2 choices');
    expect(choicesProblem('Set', [])).toBe(questionnaireMessages.tooFewChoices);
    expect(choicesProblem('Set', [{ name: '', value: '' }])).toBe(questionnaireMessages.choiceEmpty);
  });
});

describe('questionnaireCreateProblem', () => {
  it.each([
    [undefined, 'CODE'],
    ['Name', undefined],
    ['', 'CODE'],
    ['Name', '   '],
    [undefined, undefined],
  ])('needs both a name and a code (%p, %p)', (name, code) => {
    expect(questionnaireCreateProblem(name, code)).toBe('Questionnaire name and code are required');
  });

  it('accepts a name and a code', () => {
    expect(questionnaireCreateProblem('Name', 'CODE')).toBeNull();
  });
});

describe('responseChecksFor', () => {
  it('offers eight digits only with numbers-only and email only without', () => {
    expect(responseChecksFor(response('text', { number_only: true }))).toEqual(['none', 'eightDigits']);
    expect(responseChecksFor(response('text', { number_only: false }))).toEqual(['none', 'email']);
  });

  it('offers no check on other types', () => {
    expect(responseChecksFor(response('textarea'))).toEqual(['none']);
    expect(responseChecksFor(response('mc', { number_only: true }))).toEqual(['none']);
  });

  it('checks exactly eight digits and a simple email address', () => {
    const eight = new RegExp(RESPONSE_CHECKS.eightDigits);
    expect(['12345678', '1234567', '123456789', '1234567a'].map((s) => eight.test(s))).toEqual([true, false, false, false]);
    const email = new RegExp(RESPONSE_CHECKS.email);
    expect(['a@b.co', 'a@b', 'a b@c.de', '@b.co'].map((s) => email.test(s))).toEqual([true, false, false, false]);
    expect(RESPONSE_CHECKS.none).toBe('');
  });
});

describe('identicalToPreviousOffered', () => {
  const qs = [question('1', response('text')), question('2', response('text'), response('text')), question('3', response('text')), question('4', response('mc'))];

  it('is offered for the first response of a question that follows a single text response', () => {
    expect(identicalToPreviousOffered(qs, 1, 0)).toBe(true);
    expect(identicalToPreviousOffered(qs, 3, 0)).toBe(true);
  });

  it('is not offered for the first question, later responses, or after other questions', () => {
    expect(identicalToPreviousOffered(qs, 0, 0)).toBe(false);
    expect(identicalToPreviousOffered(qs, 1, 1)).toBe(false);
    expect(identicalToPreviousOffered(qs, 2, 0)).toBe(false);
    expect(identicalToPreviousOffered([question('1', response('textarea')), question('2', response('text'))], 1, 0)).toBe(false);
  });
});

describe('earlierTargets', () => {
  it('lists the time responses of the other questions', () => {
    const qs = [
      question('1', response('time'), response('text'), response('time')),
      question('2', response('time')),
      question('3', response('duration')),
      question('4', response('time')),
    ];
    expect(earlierTargets(qs, 1)).toEqual([
      { qpos: 0, rpos: 0 },
      { qpos: 0, rpos: 2 },
      { qpos: 3, rpos: 0 },
    ]);
    expect(earlierTargets(qs, 0)).toEqual([
      { qpos: 1, rpos: 0 },
      { qpos: 3, rpos: 0 },
    ]);
    expect(earlierTargets([question('1', response('time'))], 0)).toEqual([]);
  });
});

describe('conditionTargetAllowed', () => {
  const qs = [question('1', response('text'), response('mc'), response('time')), question('2', response('text'))];

  it('allows text and mc items of other questions', () => {
    expect(conditionTargetAllowed(qs, 1, 0, 0)).toBe(true);
    expect(conditionTargetAllowed(qs, 1, 0, 1)).toBe(true);
  });

  it('refuses other types, the own question and missing targets', () => {
    expect(conditionTargetAllowed(qs, 1, 0, 2)).toBe(false);
    expect(conditionTargetAllowed(qs, 0, 0, 0)).toBe(false);
    expect(conditionTargetAllowed(qs, 1, 0, 3)).toBe(false);
    expect(conditionTargetAllowed(qs, 0, 2, 0)).toBe(false);
    expect(conditionTargetAllowed(qs, 0, -1, 0)).toBe(false);
  });
});
