// Frozen: scores of questionnaires (issue 34 part 2).
// - questionnaires.scores and questionnaire_versions.scores: the scores' definitions as a JSON array; a version
//   keeps the ones of its moment, so an answer is scored as the questionnaire was when its task was planned.
// - submissions.scores: the scores computed when the answer was stored, a JSON object {name: number or null};
//   null for answers stored before scores existed.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questionnaires').addColumn('scores', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('questionnaire_versions').addColumn('scores', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('submissions').addColumn('scores', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('scores').execute();
  await db.schema.alterTable('questionnaire_versions').dropColumn('scores').execute();
  await db.schema.alterTable('questionnaires').dropColumn('scores').execute();
}
