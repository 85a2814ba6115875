// Frozen: the texts an answer's questions showed when they quoted answers (issue 34 part 3, piping).
// - submissions.shown_texts: the texts as the app sent them, canonical JSON (shared/questionnaire/piping.ts
//   canonicalShownTexts); null for an answer sent without them (no piping, or stored before this migration).
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('shown_texts', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('shown_texts').execute();
}
