// Whether a question is visible for the answers given so far: every group holds, a group when any of its
// conditions does. The preview and the participant app apply the same rule.
import type { DependencyCondition, DependencyGroup, Question } from './types';

/** Answers by question position and response position: text as typed, mc as the selected choice values. */
export type Answers = Record<number, Record<number, string | string[]>>;

function conditionHolds(c: DependencyCondition, answers: Answers): boolean {
  const answer = answers[c.dependent_qpos]?.[c.dependent_response_pos];
  const text = Array.isArray(answer) ? '' : (answer ?? '');
  const selected = Array.isArray(answer) ? answer : answer ? [answer] : [];
  const a = Number(text);
  const b = Number(c.criterion_value);
  const numeric = text.trim() !== '' && Number.isFinite(a) && Number.isFinite(b);
  switch (c.criterion_operator) {
    case 'is selected':
      return selected.includes(c.criterion_value);
    case 'is not selected':
      return !selected.includes(c.criterion_value);
    case 'is':
      return text === c.criterion_value;
    case 'is not':
      return text !== c.criterion_value;
    case 'equal':
      return numeric && a === b;
    case 'not equal':
      return numeric && a !== b;
    case 'greater':
      return numeric && a > b;
    case 'less':
      return numeric && a < b;
    case 'greater or equal':
      return numeric && a >= b;
    case 'less or equal':
      return numeric && a <= b;
  }
}

/** Every group holds, a group when any of its conditions does (a question's dependency, a follow-up's `when`). */
export function conditionsHold(groups: readonly DependencyGroup[], answers: Answers): boolean {
  return groups.every((g) => g.or.some((c) => conditionHolds(c, answers)));
}

export function isQuestionVisible(question: Question, answers: Answers): boolean {
  return conditionsHold(question.dependency, answers);
}

/**
 * Which questions are visible when a hidden question's answers no longer count: a form keeps what was typed in a
 * question that became hidden (it comes back if the question shows again), but the submission leaves it out, and
 * the server judges visibility from what is sent. Dropping those answers can hide or show other questions, so this
 * repeats until nothing changes (a chain of conditions settles within as many rounds as there are questions).
 */
export function visibleQuestions(questions: readonly Question[], answers: Answers): boolean[] {
  let visible = questions.map((q) => isQuestionVisible(q, answers));
  for (let round = 0; round < questions.length; round += 1) {
    const counted: Answers = {};
    visible.forEach((shown, qpos) => {
      if (shown && answers[qpos]) counted[qpos] = answers[qpos];
    });
    const next = questions.map((q) => isQuestionVisible(q, counted));
    if (next.every((shown, qpos) => shown === visible[qpos])) return visible;
    visible = next;
  }
  return visible;
}
