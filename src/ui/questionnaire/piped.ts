// Piping in the renderer (issue 34 part 3): a question's text and its choice labels with their tokens filled in
// from the answers so far (shared/questionnaire/piping.ts). A question without tokens is passed on as it is, so
// that it keeps its memoised view while others are answered; one with tokens is filled again on every answer.
import { fillHtml, fillPlain, hasPipes, type PipeSource } from '../../shared/questionnaire/piping';
import type { MultipleChoiceSet, Question } from '../../shared/questionnaire/types';

export function pipedQuestion(q: Question, source: PipeSource): Question {
  return hasPipes(q.html_question) ? { ...q, html_question: fillHtml(q.html_question, source) } : q;
}

/** The sets with the labels of this question's choices filled in; the same list when none has tokens. */
export function pipedSets(q: Question, sets: readonly MultipleChoiceSet[], source: PipeSource): readonly MultipleChoiceSet[] {
  const used = new Set(q.other_info.flatMap((r) => (r.type === 'mc' && r.choices ? [r.choices] : [])));
  if (!sets.some((s) => used.has(s._id) && s.choices.some((c) => hasPipes(c.name)))) return sets;
  return sets.map((s) => (used.has(s._id) ? { ...s, choices: s.choices.map((c) => ({ ...c, name: fillPlain(c.name, source) })) } : s));
}
