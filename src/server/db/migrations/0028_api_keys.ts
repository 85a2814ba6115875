// Frozen: analysts' API keys (issue 36 part 2, docs/decisions.md "API keys").
// - api_keys: one row per key. key_hash is the SHA-256 (hex) of the whole key, which is never stored; prefix is
//   its first characters, shown in the list so a user can tell keys apart. A key is read-only and names the
//   studies it may read in api_key_studies. revoked_at ends it; expires_at is required. Deleting the user or a
//   study removes its rows.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lab_user_id', 'varchar(32)', (c) => c.notNull().references('lab_users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(32)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').columns(['lab_user_id', 'created_at']).execute();
  await db.schema
    .createTable('api_key_studies')
    .addColumn('api_key_id', 'varchar(32)', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull().references('studies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('api_key_studies_pk', ['api_key_id', 'study_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key_studies').execute();
  await db.schema.dropTable('api_keys').execute();
}
