// Piping (issue 34 part 3): a participant's own earlier answers in one study, to the questionnaires its texts
// quote by abbreviation. Only the participant's submissions in that study are read: another participant's never.
import { sql } from 'kysely';
import type { Db } from './db';

/** How many of the newest submissions of one questionnaire are looked through for an answered question. */
export const EARLIER_SUBMISSIONS_READ = 50;

export interface EarlierSubmission {
  id: string;
  questionnaire_version_id: string;
}

/** The participant's newest submissions in the study to questionnaires (as planned) of this abbreviation, any case. */
export async function findEarlierSubmissions(db: Db, participantId: string, studyId: string, abbrev: string): Promise<EarlierSubmission[]> {
  return db
    .selectFrom('submissions as s')
    .innerJoin('questionnaire_versions as v', 'v.id', 's.questionnaire_version_id')
    .select(['s.id', 's.questionnaire_version_id'])
    .where('s.participant_id', '=', participantId)
    .where('s.study_id', '=', studyId)
    .where(sql<string>`upper(v.abbrev)`, '=', abbrev.toUpperCase())
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(EARLIER_SUBMISSIONS_READ)
    .execute();
}

/** The stored items of these submissions' questions at one position. */
export async function findItemsAt(db: Db, submissionIds: readonly string[], questionPos: number): Promise<{ submission_id: string; response_pos: number; value: string }[]> {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('answer_items')
    .select(['submission_id', 'response_pos', 'value'])
    .where('submission_id', 'in', submissionIds)
    .where('question_pos', '=', questionPos)
    .execute();
}
