// Every data download made after a study's answers were deleted under its retention date says so (issue 36
// part 3): the statement, or null while the answers are kept.
import type { Db } from '../../repositories/db';
import { retentionTexts } from '../../../shared/retention';

export async function answersDeletedStatement(db: Db, studyId: string): Promise<string | null> {
  const study = await db.selectFrom('studies').select(['answers_deleted_on', 'retention_until']).where('id', '=', studyId).executeTakeFirst();
  if (!study || study.answers_deleted_on === null) return null;
  return retentionTexts.deleted(study.answers_deleted_on, study.retention_until);
}
