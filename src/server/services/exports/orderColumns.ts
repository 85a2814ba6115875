// The order each participant was shown as columns of the analysis export (issue 34 part 4): after a
// questionnaire's score columns, `order_questions` when a planned version shuffles runs of its questions, and
// `Q<number>_order` for each question whose choices a planned version shuffles. Each cell lists, separated by ';',
// the question numbers or the choice values in the order the answer's participant saw them.
import { readStoredShownOrder, shufflesChoices } from '../../../shared/questionnaire/shuffles';
import type { Question } from '../../../shared/questionnaire/types';
import { questionName, type PlannedVersion } from './items';

export const ORDER_SEPARATOR = ';';

export type OrderColumn =
  | { kind: 'questions'; name: string; description: string }
  | { kind: 'choices'; name: string; description: string; questionId: string; question: Question };

/** A question's number; an item without one (an instruction or media) by its position from 1 in brackets. */
function numberOf(question: Question, qpos: number): string {
  return question.question_num.trim() || `[${qpos + 1}]`;
}

/** The order columns of a questionnaire's versions (oldest first); a question is described by its newest version. */
export function orderColumns(ordered: readonly PlannedVersion[]): OrderColumn[] {
  const columns: OrderColumn[] = [];
  if (ordered.some((v) => v.shuffleRuns.length > 0)) {
    columns.push({
      kind: 'questions',
      name: 'order_questions',
      description: `The question numbers in the order shown, separated by ${ORDER_SEPARATOR} (an instruction or media item by its position from 1 in brackets; runs of questions are shuffled per answer); empty when the answer reported no order`,
    });
  }
  const byQuestion = new Map<string, { question: Question; qpos: number }>();
  for (const version of ordered) {
    version.questions.forEach((question, qpos) => {
      if (question.other_info.some(shufflesChoices)) byQuestion.set(question._id, { question, qpos });
    });
  }
  const shuffled = [...byQuestion.entries()].sort((a, b) => a[1].qpos - b[1].qpos);
  for (const [questionId, { question, qpos }] of shuffled) {
    columns.push({
      kind: 'choices',
      name: `${questionName(question, qpos)}_order`,
      description: `The choice values of question ${numberOf(question, qpos)} in the order shown, separated by ${ORDER_SEPARATOR}; empty when the answer reported no order`,
      questionId,
      question,
    });
  }
  return columns;
}

/** An order column's cell for an answer given with a version: the order it reported, or empty. */
export function orderCell(column: OrderColumn, version: PlannedVersion | undefined, shownOrderText: string | null): string {
  const shown = readStoredShownOrder(shownOrderText);
  if (!shown || !version) return '';
  if (column.kind === 'questions') {
    return (shown.questions ?? []).map((qpos) => (version.questions[qpos] ? numberOf(version.questions[qpos], qpos) : '')).join(ORDER_SEPARATOR);
  }
  const qpos = version.questions.findIndex((q) => q._id === column.questionId);
  return qpos < 0 ? '' : (shown.choices?.[String(qpos)] ?? []).join(ORDER_SEPARATOR);
}
