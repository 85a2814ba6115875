// A participant account's erasure (issue 36 part 3): participant_erasures keeps the erased account's id (random,
// linked to nothing once the account is gone) and the moment, so that the app's retry of its delete call is
// answered as the first call was, not as an unknown session. No email, no name: nothing that names a person.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('participant_erasures')
    .addColumn('participant_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('erased_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('participant_erasures').execute();
}
