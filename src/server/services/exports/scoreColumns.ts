// The scores of a questionnaire as columns of the analysis export (issue 34 part 2): one per score name any
// planned version defines, after the questionnaire's item columns, holding the value stored with each answer.
import { scoreDescription } from '../../../shared/questionnaire/scores';
import type { Score } from '../../../shared/questionnaire/types';
import type { PlannedVersion } from './items';

export interface ScoreColumn {
  /** The column's header after the questionnaire's code and `_`: it ends in the score's name. */
  name: string;
  score: Score;
  /** How the newest version defining it computes it (the codebook's description). */
  description: string;
}

/** The score columns of a questionnaire's versions (oldest first): each name once, described by its newest version. */
export function scoreColumns(ordered: readonly PlannedVersion[]): ScoreColumn[] {
  const columns = new Map<string, ScoreColumn>();
  for (const version of [...ordered].reverse()) {
    for (const score of version.scores) {
      if (columns.has(score.name)) continue;
      columns.set(score.name, { name: `score_${score.name}`, score, description: scoreDescription(version.questions, score) });
    }
  }
  return [...columns.values()];
}

/** A score's cell: its number, or empty when the answer had too few items or no such score. */
export function scoreCell(scores: Readonly<Record<string, number | null>>, name: string): string {
  const value = Object.hasOwn(scores, name) ? scores[name] : null;
  return value === null ? '' : String(value);
}
