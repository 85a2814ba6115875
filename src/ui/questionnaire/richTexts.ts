// The rich texts a questionnaire shows (QuestionView): each question's text, and its guide when it has one.
// Kept apart from the renderer, so that a page can prepare them without loading the renderer.
import type { Question } from '../../shared/questionnaire/types';

export function questionRichTexts(questions: readonly Question[]): string[] {
  return questions.flatMap((q) => (q.guide && q.html_guide ? [q.html_question, q.html_guide] : [q.html_question]));
}
