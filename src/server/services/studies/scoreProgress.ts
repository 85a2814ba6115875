// Study Progress's score per day (issue 34 part 2): the scores the group's questionnaires define, and one of
// them per day of the study. Figures are made in src/shared/scoreProgress.ts; this module finds the answers and
// places each on its day (day 1 = the arrival day, in the zone its prompt was planned in).
import type { Db } from '../../repositories/db';
import type { ProgressPlace } from '../../repositories/progress';
import { listGroupScoreSources, listScoredAnswers } from '../../repositories/scoreProgress';
import type { Score } from '../../../shared/questionnaire/types';
import { readStoredScores } from '../../../shared/questionnaire/scores';
import { scoreDays } from '../../../shared/scoreProgress';
import type { ScoreChoice, ScoreProgressAnswer, ScoreProgressBody } from '../../../shared/types/scoreProgress';
import { DEFAULT_TIMEZONE } from '../../../shared/study/assessmentSettings';
import { studyMessages } from '../../../shared/messages';
import { notFound } from '../../httpErrors';
import { localDate } from '../plan/diaryDays';
import { studyDay, zoneIsKnown } from './studyProgress';

/** The group's lists in the order the editor shows them; a list added later comes after these. */
const LIST_ORDER = ['ema', 'diary', 'one_time', 'anytime'];

function definitions(text: string): Score[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as Score[]) : [];
  } catch {
    return [];
  }
}

/** Every score of the group's questionnaires, each questionnaire once, in the group's order. */
export async function groupScoreChoices(db: Db, groupId: string): Promise<ScoreChoice[]> {
  const rank = (list: string) => (LIST_ORDER.includes(list) ? LIST_ORDER.indexOf(list) : LIST_ORDER.length);
  const sources = (await listGroupScoreSources(db, groupId)).sort((a, b) => rank(a.list_name) - rank(b.list_name) || a.position - b.position);
  const seen = new Set<string>();
  return sources.flatMap((q) => {
    if (seen.has(q.questionnaire_id)) return [];
    seen.add(q.questionnaire_id);
    return definitions(q.scores).map((s) => ({ questionnaireId: q.questionnaire_id, abbrev: q.abbrev, chin_name: q.chin_name, name: s.name }));
  });
}

/** The chosen score (or the group's first) per day of the study; a score the group does not define answers 404. */
export async function scoreProgress(db: Db, place: ProgressPlace, body: ScoreProgressBody): Promise<ScoreProgressAnswer> {
  const choices = await groupScoreChoices(db, place.groupId);
  const asked = body.score;
  const chosen = asked ? choices.find((c) => c.questionnaireId === asked.questionnaireId && c.name === asked.name) : choices[0];
  if (asked && !chosen) throw notFound(studyMessages.scoreNotFound);
  if (!chosen) return { choices, chosen: null, days: [] };
  const answers = await listScoredAnswers(db, place, chosen.questionnaireId, body.includePilot === true);
  const placed = answers.map((a) => {
    const zone = a.timezone && zoneIsKnown(a.timezone) ? a.timezone : DEFAULT_TIMEZONE;
    const scores = readStoredScores(a.scores);
    return {
      participationId: a.participation_id,
      day: studyDay(localDate(a.submitted_at, zone), a.arrived_at, zone),
      value: Object.hasOwn(scores, chosen.name) ? scores[chosen.name] : null,
    };
  });
  return { choices, chosen, days: scoreDays(placed) };
}
