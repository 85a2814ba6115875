// Frozen: the lists are paged newest first with the id as tie-break; an index in exactly that order lets the
// database walk to a page without sorting the lab's whole list.
import { Kysely } from 'kysely';

const lists = ['studies', 'media_files', 'questionnaires'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of lists) {
    await db.schema.createIndex(`${table}_lab_page_idx`).on(table).columns(['lab_id', 'created_at', 'id']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of lists) await db.schema.dropIndex(`${table}_lab_page_idx`).execute();
}
