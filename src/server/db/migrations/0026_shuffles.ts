// Frozen: shuffled questions and choices (issue 34 part 4).
// - questionnaires.shuffle_runs and questionnaire_versions.shuffle_runs: the runs of questions shown shuffled, a
//   JSON array of {from_pos, to_pos}; a version keeps the runs of its moment. (A response's shuffle_choices is
//   part of the questions' JSON and needs no column.)
// - submissions.shown_order: the order its questions and choices were shown in, as the app reported it (JSON
//   {questions?, choices?}); null when none was reported, as for every answer stored before.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questionnaires').addColumn('shuffle_runs', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('questionnaire_versions').addColumn('shuffle_runs', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('submissions').addColumn('shown_order', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('shown_order').execute();
  await db.schema.alterTable('questionnaire_versions').dropColumn('shuffle_runs').execute();
  await db.schema.alterTable('questionnaires').dropColumn('shuffle_runs').execute();
}
