// Frozen: the photo (image data) zips being built or ready for download. A row names its lab user (only they
// may ask for its link), the participant and study, and where the zip is stored; `heartbeat_at` moves while
// a process builds it, so a build whose process stopped is seen as failed. The token is stored as its hash.
// No foreign keys: a row outlives a deleted user, study or participant until it expires, so that the sweep
// that removes expired rows also removes their zips from storage.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('image_downloads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('lab_user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('participant_id', 'varchar(32)', (c) => c.notNull())
    /** building, ready or failed. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('photo_count', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('heartbeat_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('image_downloads_user_idx').on('image_downloads').columns(['lab_user_id', 'status']).execute();
  await db.schema.createIndex('image_downloads_expiry_idx').on('image_downloads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_downloads').execute();
}
