// A study's retention date carried out (issue 36 part 3):
// - studies.answers_deleted_on: the day (YYYY-MM-DD, the study's zone) its answers and photos were deleted under
//   its retention date; null = not deleted. Set once, by the first server process to claim it.
// - studies.retention_notice_for: the retention date the owner was mailed about a week before; a changed date
//   is mailed again.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studies').addColumn('answers_deleted_on', 'text').execute();
  await db.schema.alterTable('studies').addColumn('retention_notice_for', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studies').dropColumn('retention_notice_for').execute();
  await db.schema.alterTable('studies').dropColumn('answers_deleted_on').execute();
}
