// The editor's working copy of the runs of shuffled questions (issue 34 part 4). A run names its first and last
// question by _id, so that moving, inserting or deleting questions while editing keeps it on its questions; it
// becomes positions (the contract's form) when checked and saved. A run whose end question was deleted keeps
// no place there (-1), and the shared rule's message asks for one before a save.
import type { Question, ShuffleRun } from '../../../../shared/questionnaire/types';

export interface DraftRun {
  /** Stable React key of the run's fields. */
  key: string;
  /** The first and last question's _id; '' when none is chosen. */
  fromId: string;
  toId: string;
}

export function toRunDrafts(questions: readonly Question[], runs: readonly ShuffleRun[], key: () => string): DraftRun[] {
  return runs.map((run) => ({ key: key(), fromId: questions[run.from_pos]?._id ?? '', toId: questions[run.to_pos]?._id ?? '' }));
}

/** The runs as saved: their questions' positions now. */
export function toRuns(questions: readonly Question[], drafts: readonly DraftRun[]): ShuffleRun[] {
  const positions = new Map(questions.map((q, qpos) => [q._id, qpos]));
  return drafts.map((draft) => ({ from_pos: positions.get(draft.fromId) ?? -1, to_pos: positions.get(draft.toId) ?? -1 }));
}
