// Frozen: two-step sign-in (issue 36 part 1). Each row belongs to a lab user or to a system owner (one of the two
// columns is set), and goes with its account.
// - totp_factors: an authenticator-app secret; confirmed_at is null until the first code proved the app has it;
//   last_time_step is the RFC 6238 step of the last code accepted, so no code is accepted twice.
// - recovery_codes: ten one-time codes, argon2id hashes; used_at once used.
// - sign_in_challenges: the step after a right password, by the SHA-256 of its token; short-lived and used once.
//   attempt_key is the sign-in throttle's key of the account (services/identity/signIn.ts attemptKey).
import { Kysely, type CreateTableBuilder } from 'kysely';

function owned<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('lab_user_id', 'varchar(32)', (c) => c.references('lab_users.id').onDelete('cascade'))
    .addColumn('system_owner_id', 'varchar(32)', (c) => c.references('system_owners.id').onDelete('cascade'));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await owned(db.schema.createTable('totp_factors').addColumn('id', 'varchar(32)', (c) => c.primaryKey()))
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('last_time_step', 'integer')
    .execute();
  await db.schema.createIndex('totp_factors_lab_user_idx').unique().on('totp_factors').column('lab_user_id').execute();
  await db.schema.createIndex('totp_factors_owner_idx').unique().on('totp_factors').column('system_owner_id').execute();

  await owned(db.schema.createTable('recovery_codes').addColumn('id', 'varchar(32)', (c) => c.primaryKey()))
    .addColumn('code_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('recovery_codes_lab_user_idx').on('recovery_codes').column('lab_user_id').execute();
  await db.schema.createIndex('recovery_codes_owner_idx').on('recovery_codes').column('system_owner_id').execute();

  await owned(db.schema.createTable('sign_in_challenges').addColumn('id', 'varchar(32)', (c) => c.primaryKey()))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('organization', 'integer')
    .addColumn('attempt_key', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sign_in_challenges_lab_user_idx').on('sign_in_challenges').column('lab_user_id').execute();
  await db.schema.createIndex('sign_in_challenges_owner_idx').on('sign_in_challenges').column('system_owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sign_in_challenges', 'recovery_codes', 'totp_factors']) await db.schema.dropTable(table).execute();
}
