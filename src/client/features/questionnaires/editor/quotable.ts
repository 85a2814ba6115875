// The questions whose answers a question text may quote (piping, issue 34), in this questionnaire or another of
// the lab: those that take answers, numbered as the shared filler counts them.
import { isNonAnswer } from '../../../../shared/questionnaire/rules';
import type { Question } from '../../../../shared/questionnaire/types';
import { questionLabel } from './labels';

/** A question whose answer can be quoted, by its number (counted from 1 over every item). */
export interface QuotableQuestion {
  number: number;
  label: string;
}

/** The questions of `questions` before position `before` that take answers. */
export function quotableQuestions(questions: readonly Question[], before = questions.length): QuotableQuestion[] {
  return questions
    .slice(0, before)
    .flatMap((q, qpos) => (q.other_info.some((r) => !isNonAnswer(r.type)) ? [{ number: qpos + 1, label: questionLabel(q, qpos) }] : []));
}

