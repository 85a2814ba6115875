// A questionnaire form's answers (the renderer's state, in the shape the visibility rule reads) and what is sent
// from them: the app API's AnswerItem list, and the server's checks run on it before sending, per question.
import type { AnswerItem, AnswerRefusal } from '../types/participantApp';
import { answersProblem, questionProblem } from './answers';
import { isNonAnswer } from './rules';
import type { MultipleChoiceSet, Question } from './types';
import { visibleQuestions, type Answers } from './visibility';

/** One response's new answer in a form; undefined clears it. */
export interface AnswerChange {
  question_pos: number;
  response_pos: number;
  value: string | string[] | undefined;
}

/** The answers with one change made (a new object: forms keep answers as immutable state). */
export function applyAnswerChange(answers: Answers, change: AnswerChange): Answers {
  const question = { ...answers[change.question_pos] };
  if (change.value === undefined) delete question[change.response_pos];
  else question[change.response_pos] = change.value;
  return { ...answers, [change.question_pos]: question };
}

function isBlank(value: string | string[] | undefined): boolean {
  if (value === undefined) return true;
  return Array.isArray(value) ? value.length === 0 : value.trim() === '';
}

/**
 * The answers to send: those of visible questions' answerable responses that are not blank, in question and
 * response order. A slider's answer becomes its number; every other value is sent as the form holds it.
 */
export function toAnswerItems(questions: readonly Question[], answers: Answers): AnswerItem[] {
  const visible = visibleQuestions(questions, answers);
  const items: AnswerItem[] = [];
  questions.forEach((q, qpos) => {
    if (!visible[qpos]) return;
    q.other_info.forEach((r, rpos) => {
      const value = answers[qpos]?.[rpos];
      if (isNonAnswer(r.type) || isBlank(value)) return;
      items.push({ question_pos: qpos, response_pos: rpos, value: r.type === 'slider' && typeof value === 'string' ? Number(value) : (value as string | string[]) });
    });
  });
  return items;
}

/** The server's first refusal of one question's answers in the form, or null (shown at the question before sending). */
export function formQuestionProblem(questions: readonly Question[], sets: readonly MultipleChoiceSet[], answers: Answers, qpos: number): AnswerRefusal | null {
  return questionProblem(questions, sets, toAnswerItems(questions, answers), qpos);
}

/**
 * Every visible question's first refusal, in question order: what the app shows at the questions when the
 * participant asks to send. Empty when the server would accept the answers (answersProblem agrees, also for
 * limits that belong to no question).
 */
export function formProblems(questions: readonly Question[], sets: readonly MultipleChoiceSet[], answers: Answers): AnswerRefusal[] {
  const items = toAnswerItems(questions, answers);
  const problems: AnswerRefusal[] = [];
  questions.forEach((_q, qpos) => {
    const problem = questionProblem(questions, sets, items, qpos);
    if (problem) problems.push(problem);
  });
  if (problems.length > 0) return problems;
  const whole = answersProblem(questions, sets, items);
  return whole ? [whole] : [];
}
