// The editor's working copy of the scores. Its items name their question and response by _id, so that moving,
// inserting or deleting questions while editing keeps each item on its response; they become positions (the
// contract's form) when checked and saved. An item whose response was deleted is dropped then.
import type { Question, Score, ScoreMethod } from '../../../../shared/questionnaire/types';

export interface DraftItem {
  questionId: string;
  responseId: string;
  reverse: boolean;
}

export interface DraftScore {
  /** Stable React key of the score's fields. */
  key: string;
  name: string;
  method: ScoreMethod;
  items: DraftItem[];
  min_answered: number;
}

export function toDrafts(questions: readonly Question[], scores: readonly Score[], key: () => string): DraftScore[] {
  return scores.map((score) => ({
    key: key(),
    name: score.name,
    method: score.method,
    min_answered: score.min_answered,
    items: score.items.flatMap((item) => {
      const q = questions[item.question_pos];
      const r = q?.other_info[item.response_pos];
      return q && r ? [{ questionId: q._id, responseId: r._id, reverse: item.reverse }] : [];
    }),
  }));
}

/** The scores as saved: items at their responses' positions now, names trimmed. */
export function toScores(questions: readonly Question[], drafts: readonly DraftScore[]): Score[] {
  const places = new Map<string, { question_pos: number; response_pos: number }>();
  questions.forEach((q, question_pos) => q.other_info.forEach((r, response_pos) => places.set(`${q._id}/${r._id}`, { question_pos, response_pos })));
  return drafts.map((draft) => ({
    name: draft.name.trim(),
    method: draft.method,
    items: draft.items.flatMap((item) => {
      const place = places.get(`${item.questionId}/${item.responseId}`);
      return place ? [{ ...place, reverse: item.reverse }] : [];
    }),
    min_answered: draft.min_answered,
  }));
}
