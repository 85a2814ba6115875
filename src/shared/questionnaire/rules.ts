// Questionnaire rules and messages (part 2 sections 5 and 9), checked in the order the specification gives.
import type { Choice, Question, ResponseItem, ResponseType } from './types';

export const questionnaireMessages = {
  nameAndCodeRequired: 'Questionnaire name and code are required',
  questionNumberEmpty: 'Question number cannot be empty',
  mcSetMissing: 'Please specifiy multiple choices set for multiple choice type question',
  sliderRange: 'Slider maximum value must be larger than minimum value',
  earlierQuestionMissing: 'Select a question in submission requirement',
  earlierResponseMissing: 'Select a response in submission requirement',
  choiceEmpty: 'Choice name and value cannot be empty',
  tooFewChoices: 'There must be at least 2 choices',
  conditionQuestionMissing: 'Please select a question.',
  conditionResponseMissing: 'Please select a response Item.',
  conditionValueMissing: 'Please enter an value in response to check with.',
  conditionNumberOnly: 'Selected response item allow numbers only. Please enter a number in response to check with.',
  conditionDuplicate: 'The new dependency is already existed.',
  mcSetUpdated: 'Multiple choices set has been updated',
  mcSetCreated: 'A new multiple choices set has been created',
  mcSetRemoved: 'Multiple choices set has been removed',
  questionnaireSaved: 'Changes have been saved',
  questionnaireDeleted: 'Questionnaire has been deleted',
  questionnaireNotFound: 'Questionnaire not found',
  mcSetNotFound: 'Multiple choices set not found',
  codeTaken: 'This questionnaire code is already used in your lab',
  mcSetInUse: 'This multiple choices set is used by questions',
  tooManyQuestions: 'A questionnaire can have at most 1000 questions',
  conditionTargetInvalid: 'A visibility condition points at a question or response that does not exist',
  earlierTargetInvalid: 'A submission requirement points at a question or response that is not a time response',
  mcSetUnknown: 'A multiple choices set chosen for a question does not exist',
} as const;

/** Deleting a questionnaire that participant groups use is refused; the answer names their studies. */
export function questionnaireInUseMessage(studies: readonly { chin_name: string; study_code: string }[]): string {
  const names = studies.map((s) => (s.chin_name.trim() ? `"${s.chin_name.trim()}" (${s.study_code})` : s.study_code));
  const which = names.length === 1 ? `the study ${names[0]}` : `the studies ${names.join(', ')}`;
  return `This questionnaire is used by participant groups of ${which}. Remove it from them first.`;
}

/** Text response checks: none, email, eight digits (part 2 section 4). */
export const RESPONSE_CHECKS = {
  none: '',
  email: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  eightDigits: '^\\d{8}$',
} as const;

export const MAX_QUESTIONS = 1000;
/** Responses in one question, and conditions in one dependency group: limits of the project, not the spec. */
export const MAX_RESPONSES_PER_QUESTION = 50;
export const MAX_CONDITIONS = 50;
export const MIN_CHOICES = 2;

/** Types that carry no answer: no number, no 'mandatory when visible'. */
export const NON_ANSWER_TYPES: readonly ResponseType[] = ['instruction', 'media'];

export function isNonAnswer(type: ResponseType): boolean {
  return NON_ANSWER_TYPES.includes(type);
}

/** A question needs a number unless every response it has is an instruction or a media item. */
export function questionNeedsNumber(q: Question): boolean {
  return q.other_info.length === 0 || q.other_info.some((r) => !isNonAnswer(r.type));
}

/** Response checks offered for a text response: eight digits only with numbers-only, email only without. */
export function responseChecksFor(r: ResponseItem): (keyof typeof RESPONSE_CHECKS)[] {
  if (r.type !== 'text') return ['none'];
  return r.number_only ? ['none', 'eightDigits'] : ['none', 'email'];
}

/** Identical-to-previous is offered only for the first response of a question following one with a single text response. */
export function identicalToPreviousOffered(questions: readonly Question[], qpos: number, rpos: number): boolean {
  if (rpos !== 0 || qpos === 0) return false;
  const previous = questions[qpos - 1];
  return previous.other_info.length === 1 && previous.other_info[0].type === 'text';
}

/** Earlier-than targets: time responses of other questions. */
export function earlierTargets(questions: readonly Question[], qpos: number): { qpos: number; rpos: number }[] {
  const targets: { qpos: number; rpos: number }[] = [];
  questions.forEach((q, i) => {
    if (i === qpos) return;
    q.other_info.forEach((r, j) => {
      if (r.type === 'time') targets.push({ qpos: i, rpos: j });
    });
  });
  return targets;
}

/** Visibility conditions may target text and mc responses of other questions. */
export function conditionTargetAllowed(questions: readonly Question[], ownQpos: number, qpos: number, rpos: number): boolean {
  if (qpos === ownQpos) return false;
  const r = questions[qpos]?.other_info[rpos];
  return r !== undefined && (r.type === 'text' || r.type === 'mc');
}

/** The first problem of a questionnaire being saved, in the specification's order; null when it may be saved. */
export function questionnaireSaveProblem(questions: readonly Question[]): string | null {
  if (questions.length > MAX_QUESTIONS) return questionnaireMessages.tooManyQuestions;
  if (questions.some((q) => questionNeedsNumber(q) && !q.question_num.trim())) return questionnaireMessages.questionNumberEmpty;
  const responses = questions.flatMap((q) => q.other_info);
  if (responses.some((r) => r.type === 'mc' && !r.choices)) return questionnaireMessages.mcSetMissing;
  if (responses.some((r) => r.type === 'slider' && !(Number(r.max) > Number(r.min)))) return questionnaireMessages.sliderRange;
  for (const r of responses) {
    if (!r.validation.earlier) continue;
    if (r.validation.earlier.target_qpos === null) return questionnaireMessages.earlierQuestionMissing;
    if (r.validation.earlier.target_rpos === null) return questionnaireMessages.earlierResponseMissing;
  }
  return null;
}

export function choicesProblem(name: string, choices: readonly Pick<Choice, 'name' | 'value'>[]): string | null {
  if (!name.trim() || choices.some((c) => !c.name.trim() || !c.value.trim())) return questionnaireMessages.choiceEmpty;
  if (choices.length < MIN_CHOICES) return questionnaireMessages.tooFewChoices;
  return null;
}

export function questionnaireCreateProblem(name: string | undefined, code: string | undefined): string | null {
  return (name ?? '').trim() && (code ?? '').trim() ? null : questionnaireMessages.nameAndCodeRequired;
}
