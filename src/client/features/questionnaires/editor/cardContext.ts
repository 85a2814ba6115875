// What a question card needs to know about the other questions, computed by the page for every card and kept
// as the same object while it stays equal, so a memoised card re-renders only when its own context changes.
import { useMemo, useRef } from 'react';
import { earlierTargets, identicalToPreviousOffered } from '../../../../shared/questionnaire/rules';
import type { Question } from '../../../../shared/questionnaire/types';
import { deepEqual } from '../../../../shared/deepEqual';
import { questionLabel, responseLabel } from './labels';

export interface EarlierOption {
  qpos: number;
  rpos: number;
  questionLabel: string;
  responseLabel: string;
}

export interface CardContext {
  /** Per response: whether "identical to the previous question" is offered. */
  identicalOffered: readonly boolean[];
  /** Time responses an earlier-than check of this question may point at (only when it has a time response). */
  earlierTargets: readonly EarlierOption[];
}

function contextOf(questions: readonly Question[], qpos: number): CardContext {
  const question = questions[qpos];
  const hasTime = question.other_info.some((r) => r.type === 'time');
  return {
    identicalOffered: question.other_info.map((_, rpos) => identicalToPreviousOffered(questions, qpos, rpos)),
    earlierTargets: hasTime
      ? earlierTargets(questions, qpos).map((t) => ({
          ...t,
          questionLabel: questionLabel(questions[t.qpos], t.qpos),
          responseLabel: responseLabel(t.rpos, questions[t.qpos].other_info[t.rpos].type),
        }))
      : [],
  };
}

/** One context per question, each the previous object when unchanged. */
export function useCardContexts(questions: readonly Question[]): CardContext[] {
  const cache = useRef(new Map<string, CardContext>());
  return useMemo(() => {
    const next = new Map<string, CardContext>();
    const contexts = questions.map((q, qpos) => {
      const fresh = contextOf(questions, qpos);
      const before = cache.current.get(q._id);
      const kept = before && deepEqual(before, fresh) ? before : fresh;
      next.set(q._id, kept);
      return kept;
    });
    cache.current = next;
    return contexts;
  }, [questions]);
}
