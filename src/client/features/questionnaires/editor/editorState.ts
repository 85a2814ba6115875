// The editor's working copy of chin_content. Every change goes through the shared operations; the result then
// keeps the previous object of every question that did not change, so that memoised question cards whose
// question is the same object skip rendering (the operations rebuild every question while renumbering).
import {
  addResponse,
  changeResponseType,
  deleteQuestion,
  deleteResponse,
  editQuestion,
  editResponse,
  insertQuestion,
  makeQuestion,
  makeResponse,
  setNumberOnly,
} from '../../../../shared/questionnaire/operations';
import type { Question, ResponseItem, ResponseType } from '../../../../shared/questionnaire/types';
import { deepEqual } from '../../../../shared/deepEqual';

export type QuestionChanges = Partial<Pick<Question, 'question_num' | 'html_question' | 'guide' | 'html_guide'>>;

export type EditorAction =
  | { type: 'insert'; at: number; kind: 'question' | 'instruction'; questionId: string; responseId: string }
  | { type: 'delete'; qpos: number }
  | { type: 'editQuestion'; qpos: number; changes: QuestionChanges }
  | { type: 'addResponse'; qpos: number; responseId: string }
  | { type: 'deleteResponse'; qpos: number; rpos: number }
  | { type: 'changeType'; qpos: number; rpos: number; responseType: ResponseType }
  | { type: 'setNumberOnly'; qpos: number; rpos: number; numberOnly: boolean }
  | { type: 'editResponse'; qpos: number; rpos: number; changes: Partial<ResponseItem> }
  /** The result of an operation run outside the reducer (a visibility condition added or removed). */
  | { type: 'replace'; questions: Question[] };

export type EditorDispatch = (action: EditorAction) => void;

function apply(questions: Question[], action: EditorAction): Question[] {
  switch (action.type) {
    case 'insert':
      return insertQuestion(questions, action.at, makeQuestion(action.questionId, action.responseId, action.kind));
    case 'delete':
      return deleteQuestion(questions, action.qpos);
    case 'editQuestion':
      return editQuestion(questions, action.qpos, action.changes);
    case 'addResponse':
      return addResponse(questions, action.qpos, makeResponse(action.responseId));
    case 'deleteResponse':
      return deleteResponse(questions, action.qpos, action.rpos);
    case 'changeType':
      return changeResponseType(questions, action.qpos, action.rpos, action.responseType);
    case 'setNumberOnly':
      return setNumberOnly(questions, action.qpos, action.rpos, action.numberOnly);
    case 'editResponse':
      return editResponse(questions, action.qpos, action.rpos, action.changes);
    case 'replace':
      return action.questions;
  }
}

/** `next`, with each question equal to its previous version (same _id) replaced by that previous object. */
export function keepUnchanged(previous: Question[], next: Question[]): Question[] {
  if (previous === next) return previous;
  const byId = new Map(previous.map((q) => [q._id, q]));
  let same = previous.length === next.length;
  const result = next.map((q, i) => {
    const before = byId.get(q._id);
    const kept = before && deepEqual(before, q) ? before : q;
    if (kept !== previous[i]) same = false;
    return kept;
  });
  return same ? previous : result;
}

/** Applies an action and keeps every question that did not change as the same object. */
export function editorReducer(questions: Question[], action: EditorAction): Question[] {
  return keepUnchanged(questions, apply(questions, action));
}

let counter = 0;

/** A new, unique _id for a question or response made in the browser (the schema allows 64 characters). */
export function newId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  if (random) return random;
  counter += 1;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
