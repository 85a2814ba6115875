// Frozen: the lab's users are listed newest first with the id as tie-break (every lab manager's Lab Members
// page, and the owner's lab page); an index in exactly that order gives the rows without a sort. It replaces
// the (lab_id, created_at) index, its prefix.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('lab_users_lab_list_idx').on('lab_users').columns(['lab_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('lab_users_lab_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('lab_users_lab_idx').on('lab_users').columns(['lab_id', 'created_at']).execute();
  await db.schema.dropIndex('lab_users_lab_list_idx').execute();
}
