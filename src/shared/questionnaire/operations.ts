// The editing operations on a questionnaire, as pure functions. Each makes its change, moves every reference
// (visibility conditions, earlier-than checks) to where its target went, and then drops what no longer fits,
// so no condition or check can point at a missing question or at a response of the wrong type.
import {
  type CriterionOperator,
  DEFAULT_PICKER_FORMAT,
  type DependencyCondition,
  type DependencyGroup,
  MC_OPERATORS,
  type Question,
  type ResponseItem,
  type ResponseType,
  TEXT_OPERATORS,
  TEXT_OPERATORS_NUMERIC,
} from './types';
import {
  RESPONSE_CHECKS,
  conditionTargetAllowed,
  identicalToPreviousOffered,
  isNonAnswer,
  questionnaireMessages,
  responseChecksFor,
} from './rules';

export function makeResponse(id: string, type: ResponseType = 'text'): ResponseItem {
  return {
    _id: id,
    position: 0,
    type,
    validation: { required: false, regex_string: '', identical_to_prev_question: false, earlier: null },
    choices: null,
    multiple: false,
    pre_label: '',
    post_label: '',
    number_only: false,
    day: false,
    hour: true,
    minute: true,
    picker_format: DEFAULT_PICKER_FORMAT,
    instruction_msg: '',
    min: 0,
    max: 10,
    min_label: '',
    max_label: '',
    media_type: 'image',
    media_source: 'uploaded',
    media_url: '',
  };
}

/** A question with one response: a text response, or an instruction. */
export function makeQuestion(id: string, responseId: string, kind: 'question' | 'instruction' = 'question'): Question {
  return {
    _id: id,
    question_num: '',
    html_question: '',
    guide: false,
    html_guide: '',
    position: 0,
    dependency: [],
    other_info: [makeResponse(responseId, kind === 'instruction' ? 'instruction' : 'text')],
  };
}

/** Operators a condition may use on a response. */
export function operatorsFor(r: ResponseItem): readonly CriterionOperator[] {
  if (r.type === 'mc') return MC_OPERATORS;
  if (r.type === 'text') return r.number_only ? TEXT_OPERATORS_NUMERIC : TEXT_OPERATORS;
  return [];
}

type QMap = (qpos: number) => number | null;
type RMap = (qpos: number, rpos: number) => number | null;

/** Moves every reference; a reference mapped to null is removed. */
function remap(questions: Question[], mapQ: QMap, mapR: RMap): Question[] {
  return questions.map((q) => ({
    ...q,
    dependency: q.dependency.map((g) => ({
      or: g.or.flatMap((c) => {
        const rpos = mapR(c.dependent_qpos, c.dependent_response_pos);
        const qpos = mapQ(c.dependent_qpos);
        return qpos === null || rpos === null ? [] : [{ ...c, dependent_qpos: qpos, dependent_response_pos: rpos }];
      }),
    })),
    other_info: q.other_info.map((r) => {
      const e = r.validation.earlier;
      if (!e || e.target_qpos === null) return r;
      const qpos = mapQ(e.target_qpos);
      const rpos = e.target_rpos === null ? null : mapR(e.target_qpos, e.target_rpos);
      // A check whose question or chosen response went is removed, not left half-filled.
      const gone = qpos === null || (e.target_rpos !== null && rpos === null);
      const earlier = gone ? null : { target_qpos: qpos, target_rpos: rpos };
      return { ...r, validation: { ...r.validation, earlier } };
    }),
  }));
}

function conditionFits(questions: readonly Question[], ownQpos: number, c: DependencyCondition): boolean {
  if (!conditionTargetAllowed(questions, ownQpos, c.dependent_qpos, c.dependent_response_pos)) return false;
  return operatorsFor(questions[c.dependent_qpos].other_info[c.dependent_response_pos]).includes(c.criterion_operator);
}

function earlierFits(questions: readonly Question[], ownQpos: number, qpos: number, rpos: number | null): boolean {
  if (qpos === ownQpos || !questions[qpos]) return false;
  return rpos === null || questions[qpos].other_info[rpos]?.type === 'time';
}

/** Positions renumbered; conditions, checks and flags that no longer fit dropped. */
export function normalise(input: Question[]): Question[] {
  const questions = input.map((q, i) => ({ ...q, position: i, other_info: q.other_info.map((r, j) => ({ ...r, position: j })) }));
  return questions.map((q, qpos) => ({
    ...q,
    dependency: q.dependency
      .map((g) => ({ or: g.or.filter((c) => conditionFits(questions, qpos, c)) }))
      .filter((g) => g.or.length > 0),
    other_info: q.other_info.map((r, rpos) => {
      const e = r.validation.earlier;
      const earlier = e && e.target_qpos !== null && !earlierFits(questions, qpos, e.target_qpos, e.target_rpos) ? null : e;
      const checks = responseChecksFor(r).map((k) => RESPONSE_CHECKS[k] as string);
      return {
        ...r,
        validation: {
          required: isNonAnswer(r.type) ? false : r.validation.required,
          regex_string: checks.includes(r.validation.regex_string) ? r.validation.regex_string : '',
          identical_to_prev_question: r.validation.identical_to_prev_question && identicalToPreviousOffered(questions, qpos, rpos),
          earlier,
        },
      };
    }),
  }));
}

/** Inserts a question at a position (0 … length); references at or after it move down one. */
export function insertQuestion(questions: Question[], at: number, question: Question): Question[] {
  const index = Math.max(0, Math.min(at, questions.length));
  const shifted = remap(questions, (q) => (q >= index ? q + 1 : q), (_q, r) => r);
  return normalise([...shifted.slice(0, index), question, ...shifted.slice(index)]);
}

/** Deletes a question; references to it are removed and later ones move up one. */
export function deleteQuestion(questions: Question[], at: number): Question[] {
  if (at < 0 || at >= questions.length) return questions;
  const remaining = questions.filter((_, i) => i !== at);
  return normalise(remap(remaining, (q) => (q === at ? null : q > at ? q - 1 : q), (_q, r) => r));
}

export function addResponse(questions: Question[], qpos: number, response: ResponseItem): Question[] {
  return normalise(questions.map((q, i) => (i === qpos ? { ...q, other_info: [...q.other_info, response] } : q)));
}

export function deleteResponse(questions: Question[], qpos: number, rpos: number): Question[] {
  const changed = questions.map((q, i) => (i === qpos ? { ...q, other_info: q.other_info.filter((_, j) => j !== rpos) } : q));
  return normalise(remap(changed, (q) => q, (q, r) => (q !== qpos ? r : r === rpos ? null : r > rpos ? r - 1 : r)));
}

function updateResponse(questions: Question[], qpos: number, rpos: number, change: (r: ResponseItem) => ResponseItem): Question[] {
  return normalise(
    questions.map((q, i) => (i === qpos ? { ...q, other_info: q.other_info.map((r, j) => (j === rpos ? change(r) : r)) } : q)),
  );
}

/** A new type resets the time format to 'hh mm A'; checks and conditions that no longer fit go. */
export function changeResponseType(questions: Question[], qpos: number, rpos: number, type: ResponseType): Question[] {
  return updateResponse(questions, qpos, rpos, (r) => ({ ...r, type, picker_format: DEFAULT_PICKER_FORMAT }));
}

/** Changing 'numbers only' clears the response check. */
export function setNumberOnly(questions: Question[], qpos: number, rpos: number, numberOnly: boolean): Question[] {
  return updateResponse(questions, qpos, rpos, (r) => ({
    ...r,
    number_only: numberOnly,
    validation: { ...r.validation, regex_string: '' },
  }));
}

/** Any other change to one response's settings (labels, flags, checks). */
export function editResponse(questions: Question[], qpos: number, rpos: number, changes: Partial<ResponseItem>): Question[] {
  return updateResponse(questions, qpos, rpos, (r) => ({ ...r, ...changes }));
}

export function editQuestion(questions: Question[], qpos: number, changes: Partial<Omit<Question, 'other_info' | 'dependency' | 'position'>>): Question[] {
  return questions.map((q, i) => (i === qpos ? { ...q, ...changes } : q));
}

export interface ConditionDraft {
  dependent_qpos: number | null;
  dependent_response_pos: number | null;
  criterion_operator: CriterionOperator;
  criterion_value: string;
}

/** The first problem of a condition being added, in the specification's order. */
export function conditionProblem(
  questions: readonly Question[],
  qpos: number,
  groupIndex: number | null,
  draft: ConditionDraft,
  groups: readonly DependencyGroup[] = questions[qpos].dependency,
): string | null {
  if (draft.dependent_qpos === null || !questions[draft.dependent_qpos]) return questionnaireMessages.conditionQuestionMissing;
  const target = questions[draft.dependent_qpos].other_info[draft.dependent_response_pos ?? -1];
  if (draft.dependent_response_pos === null || !target) return questionnaireMessages.conditionResponseMissing;
  if (!draft.criterion_value.trim()) return questionnaireMessages.conditionValueMissing;
  if (target.type === 'text' && target.number_only && !/^-?\d+(\.\d+)?$/.test(draft.criterion_value.trim())) {
    return questionnaireMessages.conditionNumberOnly;
  }
  const same = (c: DependencyCondition) =>
    c.dependent_qpos === draft.dependent_qpos &&
    c.dependent_response_pos === draft.dependent_response_pos &&
    c.criterion_operator === draft.criterion_operator &&
    c.criterion_value === draft.criterion_value.trim();
  const searched = groupIndex === null ? groups : groups.slice(groupIndex, groupIndex + 1);
  if (searched.some((g) => g.or.some(same))) return questionnaireMessages.conditionDuplicate;
  if (!conditionTargetAllowed(questions, qpos, draft.dependent_qpos, draft.dependent_response_pos) || !operatorsFor(target).includes(draft.criterion_operator)) {
    return questionnaireMessages.conditionResponseMissing;
  }
  return null;
}

/**
 * Adds a condition to one of `groups` (or, within it) or as a new group (and); `ownQpos` is the question the
 * groups belong to (-1 for a follow-up rule's, which may name every question). Answers the problem instead.
 */
export function addConditionTo(
  questions: readonly Question[],
  ownQpos: number,
  groups: readonly DependencyGroup[],
  groupIndex: number | null,
  draft: ConditionDraft,
): { groups: DependencyGroup[]; problem: string | null } {
  const problem = conditionProblem(questions, ownQpos, groupIndex, draft, groups);
  if (problem) return { groups: [...groups], problem };
  const condition: DependencyCondition = {
    dependent_qpos: draft.dependent_qpos as number,
    dependent_response_pos: draft.dependent_response_pos as number,
    criterion_operator: draft.criterion_operator,
    criterion_value: draft.criterion_value.trim(),
  };
  const next =
    groupIndex === null || !groups[groupIndex] ? [...groups, { or: [condition] }] : groups.map((g, k) => (k === groupIndex ? { or: [...g.or, condition] } : g));
  return { groups: next, problem: null };
}

/** The groups without one condition; a group left empty goes. */
export function removeConditionFrom(groups: readonly DependencyGroup[], groupIndex: number, conditionIndex: number): DependencyGroup[] {
  return groups.map((g, k) => (k === groupIndex ? { or: g.or.filter((_, c) => c !== conditionIndex) } : g)).filter((g) => g.or.length > 0);
}

/** Adds a condition to a group (or, within it) or as a new group (and). Answers the problem instead when there is one. */
export function addCondition(
  questions: Question[],
  qpos: number,
  groupIndex: number | null,
  draft: ConditionDraft,
): { questions: Question[]; problem: null } | { questions: Question[]; problem: string } {
  const result = addConditionTo(questions, qpos, questions[qpos].dependency, groupIndex, draft);
  if (result.problem !== null) return { questions, problem: result.problem };
  return { questions: normalise(questions.map((q, i) => (i === qpos ? { ...q, dependency: result.groups } : q))), problem: null };
}

export function removeCondition(questions: Question[], qpos: number, groupIndex: number, conditionIndex: number): Question[] {
  return normalise(
    questions.map((q, i) =>
      i !== qpos
        ? q
        : { ...q, dependency: q.dependency.map((g, k) => (k === groupIndex ? { or: g.or.filter((_, c) => c !== conditionIndex) } : g)) },
    ),
  );
}

/** Before saving: non-mc responses carry no choices set. */
export function prepareForSave(questions: Question[]): Question[] {
  return normalise(questions).map((q) => ({
    ...q,
    other_info: q.other_info.map((r) => (r.type === 'mc' ? r : { ...r, choices: null, multiple: false })),
  }));
}

/** For a questionnaire that arrives whole (the server's save): a reference that does not fit is refused, not dropped. */
export function referenceProblem(questions: readonly Question[]): string | null {
  for (const [qpos, q] of questions.entries()) {
    if (q.dependency.some((g) => g.or.some((c) => !conditionFits(questions, qpos, c)))) return questionnaireMessages.conditionTargetInvalid;
    for (const r of q.other_info) {
      const e = r.validation.earlier;
      if (e && e.target_qpos !== null && !earlierFits(questions, qpos, e.target_qpos, e.target_rpos)) return questionnaireMessages.earlierTargetInvalid;
    }
  }
  return null;
}
