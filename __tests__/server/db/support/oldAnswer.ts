// One answer as a database before migration 0009 held it (a study, its stage and group, a participant in it,
// an EMA prompt with a reminder, the prompt's submission): the migration tests start from it.
import type { Kysely } from 'kysely';
import type { Database } from '../../../../src/server/db/types';

export const NOW = '2025-01-01T00:00:00.000Z';

/** Writes the rows (the schema at 0008 or later) and answers the submission as written. */
export async function seedAnswerBefore0009(db: Kysely<Database>) {
  await db.insertInto('labs').values({ id: 'lab', name: 'lab', organization: 1, created_at: NOW }).execute();
  await db
    .insertInto('studies')
    .values({ id: 'study', lab_id: 'lab', managed_by: null, study_code: 'ABCDEF', chin_name: 'S', contact_person_name: '', contact_email: '', active_status: 'active', created_at: NOW, updated_at: NOW })
    .execute();
  await db.insertInto('stages').values({ id: 'stage', study_id: 'study', stage_num: 1, chin_name: '', chin_progress_message: '', chin_complete_message: '', consent_needed: 0, consent_content: '' }).execute();
  await db
    .insertInto('participant_groups')
    .values({ id: 'group', stage_id: 'stage', group_num: 1, name: '', ema_list: '[]', diary_list: '[]', questionnaire_list: '[]', questionnaire_list_free_to_choose: 0, no_submission_limit_list: '[]' })
    .execute();
  await db.insertInto('participants').values({ id: 'p', participant_code: 'P0001', email: 'p@lab.org', password_hash: 'x', created_by: null, created_at: NOW }).execute();
  await db
    .insertInto('participations')
    .values({ id: 'pa', participant_id: 'p', study_id: 'study', status: 'enrolled', current_stage_id: 'stage', current_group_id: 'group', arrive_assigned: 1, assignment_num: 1, assigned_at: NOW, joined_at: NOW })
    .execute();
  await db.insertInto('enrolment_times').values({ id: 'arrival', participation_id: 'pa', assignment_num: 1, stage_id: 'stage', group_id: 'group', start_datetime: NOW, plan_seed: 'seed' }).execute();
  const task = { participation_id: 'pa', enrolment_time_id: 'arrival', study_id: 'study', stage_id: 'stage', group_id: 'group', kind: 'ema', questionnaire_id: 'q', questionnaire_version_id: 'v' };
  await db
    .insertInto('tasks')
    .values([
      { ...task, id: 'prompt', prompt_task_id: null, reminder: 0, status: 'opened', delivered_at: '2025-01-01T01:00:00.000Z', opened_at: '2025-01-01T01:02:00.000Z' },
      { ...task, id: 'reminder', prompt_task_id: 'prompt', reminder: 1, status: 'planned', delivered_at: null, opened_at: null },
    ])
    .execute();
  const submission = {
    id: 's',
    participant_id: 'p',
    participation_id: 'pa',
    client_submission_id: 'app-1',
    study_id: 'study',
    stage_id: 'stage',
    group_id: 'group',
    task_id: 'prompt',
    questionnaire_id: 'q',
    questionnaire_version_id: 'v',
    started_at: NOW,
    submitted_at: NOW,
    received_at: '2025-01-01T00:00:01.000Z',
    late: 0,
    exclusive_task_id: 'prompt',
  };
  await db.insertInto('submissions').values(submission).execute();
  return submission;
}
