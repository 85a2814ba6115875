// A study's data-rights choice (issue 36 part 3):
// - studies.keep_answers_on_erasure: 1 = a participant's erasure keeps their answers with no link to a person;
//   0 (the default) = the answers are deleted with the account. Chosen before anyone consents.
// - studies.retention_until: the date (YYYY-MM-DD) after which answers and photos are deleted; null = kept.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studies').addColumn('keep_answers_on_erasure', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('studies').addColumn('retention_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studies').dropColumn('retention_until').execute();
  await db.schema.alterTable('studies').dropColumn('keep_answers_on_erasure').execute();
}
