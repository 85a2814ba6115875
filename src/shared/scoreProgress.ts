// Study Progress's score per day (issue 34 part 2). A participant answering six times a day weighs as much as
// one answering once: each participant's answers of a day are averaged first, then the day's figure is the mean
// of those participants' means. Day 1 is the participant's arrival day, as for the delivery and response rates.
import type { ScoreChoice, ScoreDay } from './types/scoreProgress';

/** One stored answer's score, placed on a day of the study. */
export interface DayScore {
  participationId: string;
  day: number;
  /** null: the answer had too few items answered for the score. */
  value: number | null;
}

/** The study days with at least one scored answer, in order. */
export function scoreDays(scores: readonly DayScore[]): ScoreDay[] {
  const byDay = new Map<number, Map<string, number[]>>();
  for (const s of scores) {
    if (s.value === null || !Number.isFinite(s.value)) continue;
    const participants = byDay.get(s.day) ?? new Map<string, number[]>();
    const values = participants.get(s.participationId) ?? [];
    values.push(s.value);
    participants.set(s.participationId, values);
    byDay.set(s.day, participants);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, participants]) => {
      const means = [...participants.values()].map((values) => values.reduce((sum, v) => sum + v, 0) / values.length);
      return {
        day,
        participants: means.length,
        answers: [...participants.values()].reduce((sum, values) => sum + values.length, 0),
        mean: means.reduce((sum, m) => sum + m, 0) / means.length,
        min: Math.min(...means),
        max: Math.max(...means),
      };
    });
}

/** A score's figure as the page shows it: two decimals at most. */
export function formatScore(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** How a score is named in the chooser: "MOOD: total". */
export function scoreChoiceLabel(choice: Pick<ScoreChoice, 'abbrev' | 'name'>): string {
  return `${choice.abbrev}: ${choice.name}`;
}

export const scoreProgressTexts = {
  title: 'Score per day of the study',
  choose: 'Score',
  noScores: "None of this group's questionnaires defines a score. Scores are defined in the questionnaire editor.",
  noAnswers: 'No answer of this group has this score yet.',
  summary: 'The same figures as a table',
  series: { mean: 'Mean', min: 'Lowest participant', max: 'Highest participant' },
  columns: { day: 'Day of the study', participants: 'PARTICIPANTS', answers: 'ANSWERS', mean: 'MEAN', min: 'LOWEST', max: 'HIGHEST' },
  definition:
    "Each participant's scored answers of a day are averaged first; the day's mean, lowest and highest are over those participants' means. An answer with too few items answered has no score and is not counted.",
} as const;
