// Question titles: the researcher's number when set, otherwise "Question n" counting only questions that take
// answers. A question of instructions or media only is not a question to the participant and has no title.
import { isNonAnswer } from '../../shared/questionnaire/rules';
import type { Question } from '../../shared/questionnaire/types';

/** Each question's title, or null for instructions and media; counted over all questions, so hiding one renumbers nothing. */
export function questionTitles(questions: readonly Question[], numbered: (n: number) => string): (string | null)[] {
  let count = 0;
  return questions.map((q) => {
    if (!q.other_info.some((r) => !isNonAnswer(r.type))) return null;
    count += 1;
    return q.question_num.trim() || numbered(count);
  });
}
