// Frozen: labs, lab users, the system owner, permission entries, sessions and sign-in attempts.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('labs')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('organization', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lab_users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lab_id', 'varchar(32)', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_lab_manager', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lab_users_lab_idx').on('lab_users').columns(['lab_id', 'created_at']).execute();

  await db.schema
    .createTable('system_owners')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_access')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('lab_users.id').onDelete('cascade'))
    .addColumn('area', 'varchar(64)', (c) => c.notNull())
    .addColumn('modifier', 'varchar(64)', (c) => c.notNull())
    .addColumn('task', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_access_pk', ['user_id', 'area', 'modifier', 'task'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lab_user_id', 'varchar(32)', (c) => c.references('lab_users.id').onDelete('cascade'))
    .addColumn('system_owner_id', 'varchar(32)', (c) => c.references('system_owners.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_lab_user_idx').on('sessions').column('lab_user_id').execute();
  await db.schema.createIndex('sessions_owner_idx').on('sessions').column('system_owner_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_email_idx').on('login_attempts').columns(['email', 'attempted_at']).execute();
  await db.schema.createIndex('login_attempts_address_idx').on('login_attempts').columns(['address', 'attempted_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'login_attempts', 'sessions', 'user_access', 'system_owners', 'lab_users', 'labs']) {
    await db.schema.dropTable(table).execute();
  }
}
