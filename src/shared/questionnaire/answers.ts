// The checks of a participant's answers against the questionnaire as it was planned (PARTICIPANTS.md "Answers
// are checked on the server"), with the visibility conditions applied by the same rule the preview uses.
// Answer shapes: text and textarea as typed; time 'HH:mm' ('hh mm A' picker) or 'YYYY-MM-DD' ('DD MM YYYY');
// duration an ISO-8601 duration using only the units the response offers (P1DT2H30M); slider a number; mc the
// chosen choices' values; photoUpload the key of an uploaded photo.
import { participantMessages } from '../messages/participant';
import type { AnswerItem, AnswerRefusal, AnswerValue } from '../types/participantApp';
import { RESPONSE_CHECKS, isNonAnswer } from './rules';
import type { MultipleChoiceSet, Question, ResponseItem } from './types';
import { isQuestionVisible, type Answers } from './visibility';

export const MAX_ANSWER_CHARS = 10_000;
export const MAX_ANSWER_ITEMS = 5_000;

const NUMBER = /^-?\d+(\.\d+)?$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DURATION = /^P(?:(\d{1,5})D)?(?:T(?:(\d{1,5})H)?(?:(\d{1,5})M)?)?$/;

function isBlank(value: AnswerValue | undefined): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'string' && value.trim() === '';
}

function durationProblem(r: ResponseItem, value: string): string | null {
  const match = DURATION.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return participantMessages.answerDurationShape;
  const [, day, hour, minute] = match;
  if ((day !== undefined && !r.day) || (hour !== undefined && !r.hour) || (minute !== undefined && !r.minute)) {
    return participantMessages.answerDurationShape;
  }
  return null;
}

/** The value's own shape for its response type. */
function shapeProblem(r: ResponseItem, value: AnswerValue, choiceValues: ReadonlySet<string> | null): string | null {
  switch (r.type) {
    case 'text':
    case 'textarea':
    case 'photoUpload':
      if (typeof value !== 'string') return participantMessages.answerWrongType;
      if (value.length > MAX_ANSWER_CHARS) return participantMessages.answerTooLong;
      return null;
    case 'time':
      if (typeof value !== 'string') return participantMessages.answerWrongType;
      if (value === '') return null;
      return (r.picker_format === 'DD MM YYYY' ? DATE : HH_MM).test(value) ? null : participantMessages.answerTimeShape;
    case 'duration':
      if (typeof value !== 'string') return participantMessages.answerWrongType;
      return value === '' ? null : durationProblem(r, value);
    case 'slider':
      if (typeof value !== 'number' || !Number.isFinite(value)) return participantMessages.answerWrongType;
      return value < Number(r.min) || value > Number(r.max) ? participantMessages.answerSliderRange : null;
    case 'mc':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return participantMessages.answerWrongType;
      if (!r.multiple && value.length > 1) return participantMessages.answerOneChoice;
      if (new Set(value).size !== value.length) return participantMessages.answerDuplicateItem;
      return value.every((v) => choiceValues?.has(v)) ? null : participantMessages.answerChoiceUnknown;
    case 'instruction':
    case 'media':
      return participantMessages.answerNotAnswerable;
  }
}

/** A text response's own checks: numbers only, then its response check (eight digits, email). */
function textProblem(r: ResponseItem, value: string): string | null {
  if (value === '') return null;
  if (r.number_only && !NUMBER.test(value)) return participantMessages.answerNumbersOnly;
  const pattern = r.validation.regex_string;
  if (pattern && !new RegExp(pattern).test(value)) {
    if (pattern === RESPONSE_CHECKS.eightDigits) return participantMessages.answerEightDigits;
    if (pattern === RESPONSE_CHECKS.email) return participantMessages.answerEmail;
    return participantMessages.answerPattern;
  }
  return null;
}

/** What the visibility rule reads: text as typed, mc as values, a slider as its number written out. */
export function visibilityAnswers(items: readonly AnswerItem[]): Answers {
  const answers: Answers = {};
  for (const a of items) {
    const value = Array.isArray(a.value) ? a.value : String(a.value);
    (answers[a.question_pos] ??= {})[a.response_pos] = value;
  }
  return answers;
}

/** A refusal naming the response at fault. */
const at = (question_pos: number, response_pos: number, message: string): AnswerRefusal => ({ message, question_pos, response_pos });

/** What every check reads: the answers by place, the choice values of each set, visibility from the answers. */
interface Checking {
  questions: readonly Question[];
  choiceValues: ReadonlyMap<string, ReadonlySet<string>>;
  byPlace: ReadonlyMap<string, AnswerValue>;
  answers: Answers;
  photoKeyKnown: (key: string) => boolean;
}

/** The answers gathered for checking, or the refusal of a response answered twice. */
function gather(
  questions: readonly Question[],
  sets: readonly MultipleChoiceSet[],
  items: readonly AnswerItem[],
  photoKeyKnown: (key: string) => boolean,
): Checking | AnswerRefusal {
  const byPlace = new Map<string, AnswerValue>();
  for (const a of items) {
    const key = `${a.question_pos}/${a.response_pos}`;
    if (byPlace.has(key)) return at(a.question_pos, a.response_pos, participantMessages.answerDuplicateItem);
    byPlace.set(key, a.value);
  }
  const choiceValues = new Map(sets.map((s) => [s._id, new Set(s.choices.map((c) => c.value))]));
  return { questions, choiceValues, byPlace, answers: visibilityAnswers(items), photoKeyKnown };
}

/** The checks of one question's responses as a whole: hidden, required, and against other answers. */
function placesProblem(c: Checking, qpos: number): AnswerRefusal | null {
  const q = c.questions[qpos];
  const visible = isQuestionVisible(q, c.answers);
  for (let rpos = 0; rpos < q.other_info.length; rpos += 1) {
    const r = q.other_info[rpos];
    const value = c.byPlace.get(`${qpos}/${rpos}`);
    if (!visible) {
      if (!isBlank(value)) return at(qpos, rpos, participantMessages.answerHidden);
      continue;
    }
    if (isNonAnswer(r.type)) continue;
    if (r.validation.required && isBlank(value)) return at(qpos, rpos, participantMessages.answerRequired);
    if (isBlank(value)) continue;
    const problem = crossProblem(c.questions, qpos, r, value as AnswerValue, c.byPlace);
    if (problem) return at(qpos, rpos, problem);
  }
  return null;
}

/**
 * The first problem of a submission's answers, or null; it names the response at fault when there is one.
 * `photoKeyKnown` says whether a photo answer names an upload of this participant (the server looks it up
 * before calling).
 */
export function answersProblem(
  questions: readonly Question[],
  sets: readonly MultipleChoiceSet[],
  items: readonly AnswerItem[],
  photoKeyKnown: (key: string) => boolean = () => true,
): AnswerRefusal | null {
  if (items.length > MAX_ANSWER_ITEMS) return { message: participantMessages.answerTooLong };
  const c = gather(questions, sets, items, photoKeyKnown);
  if ('message' in c) return c;
  for (const a of items) {
    const problem = itemProblem(questions, c.choiceValues, a, photoKeyKnown);
    if (problem) return at(a.question_pos, a.response_pos, problem);
  }
  for (let qpos = 0; qpos < questions.length; qpos += 1) {
    const problem = placesProblem(c, qpos);
    if (problem) return problem;
  }
  return null;
}

/**
 * The first problem of one question's answers by the same checks as answersProblem, or null: what the
 * participant app shows at the question before sending. `items` are all the submission's answers, since a
 * question's visibility and its identical and earlier-than checks read other questions' answers.
 */
export function questionProblem(
  questions: readonly Question[],
  sets: readonly MultipleChoiceSet[],
  items: readonly AnswerItem[],
  qpos: number,
  photoKeyKnown: (key: string) => boolean = () => true,
): AnswerRefusal | null {
  const c = gather(questions, sets, items, photoKeyKnown);
  if ('message' in c) return c.question_pos === qpos ? c : null;
  for (const a of items) {
    if (a.question_pos !== qpos) continue;
    const problem = itemProblem(questions, c.choiceValues, a, photoKeyKnown);
    if (problem) return at(a.question_pos, a.response_pos, problem);
  }
  return qpos >= 0 && qpos < questions.length ? placesProblem(c, qpos) : null;
}

/** One answer's own problem: a response that exists and takes answers, a value of its shape and checks. */
function itemProblem(
  questions: readonly Question[],
  choiceValues: ReadonlyMap<string, ReadonlySet<string>>,
  a: AnswerItem,
  photoKeyKnown: (key: string) => boolean,
): string | null {
  const r = questions[a.question_pos]?.other_info[a.response_pos];
  if (!r) return participantMessages.answerUnknownItem;
  if (isNonAnswer(r.type)) return participantMessages.answerNotAnswerable;
  const shape = shapeProblem(r, a.value, r.choices ? (choiceValues.get(r.choices) ?? null) : null);
  if (shape) return shape;
  if (r.type === 'text') {
    const text = textProblem(r, a.value as string);
    if (text) return text;
  }
  if (r.type === 'photoUpload' && a.value !== '' && !photoKeyKnown(a.value as string)) return participantMessages.photoUnknown;
  return null;
}

/** Checks against another answer: identical to the previous question, earlier than a time. */
function crossProblem(
  questions: readonly Question[],
  qpos: number,
  r: ResponseItem,
  value: AnswerValue,
  byPlace: ReadonlyMap<string, AnswerValue>,
): string | null {
  if (r.validation.identical_to_prev_question && qpos > 0) {
    const previous = byPlace.get(`${qpos - 1}/0`);
    if (previous !== undefined && String(previous) !== String(value)) return participantMessages.answerNotIdentical;
  }
  const e = r.validation.earlier;
  if (r.type === 'time' && e && e.target_qpos !== null && e.target_rpos !== null) {
    const target = questions[e.target_qpos]?.other_info[e.target_rpos];
    const other = byPlace.get(`${e.target_qpos}/${e.target_rpos}`);
    if (target && target.picker_format === r.picker_format && typeof other === 'string' && other !== '' && !(String(value) < other)) {
      return participantMessages.answerNotEarlier;
    }
  }
  return null;
}
