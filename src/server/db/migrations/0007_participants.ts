// Frozen: participants and their sessions, participations with their arrivals, the stored plan (tasks), the
// questionnaires as planned, submissions with their answer items, photo uploads and password reset codes.
import { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('participants')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participant_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(32)', (c) => c.references('lab_users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('participant_sessions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participant_id', 'varchar(32)', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('participant_sessions_participant_idx').on('participant_sessions').column('participant_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participant_id', 'varchar(32)', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('password_resets_participant_idx').on('password_resets').column('participant_id').execute();

  // Stage and group are referenced without cascade: a stage or group that holds participants cannot be
  // deleted from under them.
  await db.schema
    .createTable('participations')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participant_id', 'varchar(32)', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull().references('studies.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('current_stage_id', 'varchar(32)', (c) => c.notNull().references('stages.id'))
    .addColumn('current_group_id', 'varchar(32)', (c) => c.notNull().references('participant_groups.id'))
    .addColumn('arrive_assigned', 'integer', (c) => c.notNull().defaultTo(0))
    /** Counts assignments; an arrival is recorded once per assignment (unique in enrolment_times). */
    .addColumn('assignment_num', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('assigned_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('consent_text', 'text')
    .addColumn('consented_at', 'varchar(32)')
    .addColumn('withdrawn_at', 'varchar(32)')
    .addColumn('completed_at', 'varchar(32)')
    .addUniqueConstraint('participations_participant_study_uq', ['participant_id', 'study_id'])
    .execute();
  await db.schema
    .createIndex('participations_study_place_idx')
    .on('participations')
    .columns(['study_id', 'current_stage_id', 'current_group_id'])
    .execute();

  await db.schema
    .createTable('enrolment_times')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participation_id', 'varchar(32)', (c) => c.notNull().references('participations.id').onDelete('cascade'))
    .addColumn('assignment_num', 'integer', (c) => c.notNull())
    .addColumn('stage_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('start_datetime', 'varchar(32)', (c) => c.notNull())
    .addColumn('plan_seed', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('enrolment_times_arrival_uq', ['participation_id', 'assignment_num'])
    .execute();

  // Questionnaires as they were when a plan was made, stored once per distinct content.
  await db.schema
    .createTable('questionnaire_versions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('questionnaire_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('chin_name', 'varchar(500)', (c) => c.notNull())
    .addColumn('abbrev', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('mc_sets', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questionnaire_versions_questionnaire_idx').on('questionnaire_versions').column('questionnaire_id').execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participation_id', 'varchar(32)', (c) => c.notNull().references('participations.id').onDelete('cascade'))
    .addColumn('enrolment_time_id', 'varchar(32)', (c) => c.notNull().references('enrolment_times.id').onDelete('cascade'))
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('stage_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('questionnaire_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('questionnaire_version_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('setting_index', 'integer')
    /** A reminder's prompt; null on the prompt itself and on other kinds. */
    .addColumn('prompt_task_id', 'varchar(32)')
    .addColumn('notification_datetime', 'varchar(32)')
    .addColumn('timezone', 'varchar(64)')
    .addColumn('reminder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_closes_at', 'varchar(32)')
    .addColumn('diary_start_date', 'varchar(10)')
    .addColumn('number_of_days', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .addColumn('opened_at', 'varchar(32)')
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('tasks_participation_time_idx')
    .on('tasks')
    .columns(['participation_id', 'kind', 'notification_datetime'])
    .execute();
  await db.schema.createIndex('tasks_prompt_idx').on('tasks').column('prompt_task_id').execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('participant_id', 'varchar(32)', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('participation_id', 'varchar(32)', (c) => c.notNull().references('participations.id').onDelete('cascade'))
    /** The app's own id for the answer: a retry names it again and gets the stored answer back. */
    .addColumn('client_submission_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('study_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('stage_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('group_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('task_id', 'varchar(32)')
    .addColumn('questionnaire_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('questionnaire_version_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    /** The task for an EMA prompt or a one-time task, which take one answer each; null for diary and anytime. */
    .addColumn('exclusive_task_id', 'varchar(32)')
    .addUniqueConstraint('submissions_client_uq', ['participant_id', 'client_submission_id'])
    .addUniqueConstraint('submissions_exclusive_task_uq', ['exclusive_task_id'])
    .execute();
  await db.schema.createIndex('submissions_task_idx').on('submissions').column('task_id').execute();
  await db.schema.createIndex('submissions_study_idx').on('submissions').columns(['study_id', 'questionnaire_id']).execute();

  await db.schema
    .createTable('answer_items')
    .addColumn('submission_id', 'varchar(32)', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('question_pos', 'integer', (c) => c.notNull())
    .addColumn('response_pos', 'integer', (c) => c.notNull())
    /** The answer as JSON: a string, a number, or a list of choice values. */
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('answer_items_pk', ['submission_id', 'question_pos', 'response_pos'])
    .execute();

  await db.schema
    .createTable('photo_uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('participant_id', 'varchar(32)', (c) => c.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('object_key', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('max_bytes', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('submission_id', 'varchar(32)', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photo_uploads_participant_idx').on('photo_uploads').column('participant_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'photo_uploads',
    'answer_items',
    'submissions',
    'tasks',
    'questionnaire_versions',
    'enrolment_times',
    'participations',
    'password_resets',
    'participant_sessions',
    'participants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
