// Frozen: the system owner's requirement of a second factor (issue 36 part 1).
// - labs.second_factor_required: 1 when the lab's users must have a second factor (0 for every lab before).
// - sessions.second_factor_setup: 1 for a session that may only add a second factor (its account was required to
//   have one and had none at sign-in); 0 for every session before.
// The owners' requirement is the setting 'owners_second_factor_required' ('1' when on), in the settings table.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('labs').addColumn('second_factor_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sessions').addColumn('second_factor_setup', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('second_factor_setup').execute();
  await db.schema.alterTable('labs').dropColumn('second_factor_required').execute();
}
