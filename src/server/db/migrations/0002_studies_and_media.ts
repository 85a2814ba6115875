// Frozen: studies with their stages and participant groups, media files, and upload grants.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studies')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lab_id', 'varchar(32)', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('managed_by', 'varchar(32)', (c) => c.references('lab_users.id').onDelete('set null'))
    .addColumn('study_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('chin_name', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_person_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('active_status', 'varchar(16)', (c) => c.notNull().defaultTo('inactive'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studies_lab_idx').on('studies').columns(['lab_id', 'created_at']).execute();

  await db.schema
    .createTable('stages')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull().references('studies.id').onDelete('cascade'))
    .addColumn('stage_num', 'integer', (c) => c.notNull())
    .addColumn('chin_name', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('chin_progress_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('chin_complete_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('consent_needed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('consent_content', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('stages_study_num_uq', ['study_id', 'stage_num'])
    .execute();

  await db.schema
    .createTable('participant_groups')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('stage_id', 'varchar(32)', (c) => c.notNull().references('stages.id').onDelete('cascade'))
    .addColumn('group_num', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('ema_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('diary_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('questionnaire_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('questionnaire_list_free_to_choose', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('no_submission_limit_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addUniqueConstraint('groups_stage_num_uq', ['stage_id', 'group_num'])
    .execute();

  await db.schema
    .createTable('media_files')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lab_id', 'varchar(32)', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_files_lab_idx').on('media_files').columns(['lab_id', 'created_at']).execute();

  await db.schema
    .createTable('upload_grants')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('lab_id', 'varchar(32)', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('object_key', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('max_bytes', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['upload_grants', 'media_files', 'participant_groups', 'stages', 'studies']) {
    await db.schema.dropTable(table).execute();
  }
}
