// Migration 0005 on rows written before it: group lists become documents of the lab's questionnaire ids, each
// indexed in group_questionnaires; lists that were never valid become empty.
import { migrateToLatest } from '../../../src/server/db/database';
import { withMigrationDatabase } from './support/migrationDatabase';
import { createTestStorage, databases, type TestStorage } from '../support/testApp';

const NOW = '2025-01-01T00:00:00.000Z';
const emaSetting = {
  time_randomize: false,
  time_list: ['09:00'],
  randomize_settings: [],
  timezone: 'Asia/Hong_Kong',
  number_of_days: 7,
  day_one_eq_same_day: true,
  reminder_interval: 5,
  response_in: 15,
};
const diarySetting = { fix_start_date: false, start_date: null, number_of_days: 7, timezone: 'Asia/Hong_Kong' };

describe.each(databases)('migration 0005_group_questionnaires (%s)', (database) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(database);
  });
  afterAll(async () => storage.drop());

  it('keeps the lab questionnaires each list named, drops the rest, and indexes them', async () => {
    await withMigrationDatabase(database, storage, async ({ db, migrator }) => {
    const before = await migrator.migrateTo('0004_list_indexes');
    expect(before.error).toBeUndefined();

    for (const lab of ['lab-a', 'lab-b']) await db.insertInto('labs').values({ id: lab, name: lab, organization: 1, created_at: NOW }).execute();
    const questionnaire = (id: string, lab: string) => ({ id, lab_id: lab, chin_name: id, abbrev: id, content: '[]', last_edited_by: null, created_at: NOW, updated_at: NOW });
    await db.insertInto('questionnaires').values([questionnaire('q1', 'lab-a'), questionnaire('q2', 'lab-a'), questionnaire('qb', 'lab-b')]).execute();
    await db
      .insertInto('studies')
      .values({ id: 'study', lab_id: 'lab-a', managed_by: null, study_code: 'ABCDEF', chin_name: 'S', contact_person_name: '', contact_email: '', active_status: 'inactive', created_at: NOW, updated_at: NOW })
      .execute();
    await db.insertInto('stages').values({ id: 'stage', study_id: 'study', stage_num: 1, chin_name: '', chin_progress_message: '', chin_complete_message: '', consent_needed: 1, consent_content: '' }).execute();
    const group = (id: string, num: number, lists: Partial<Record<'ema_list' | 'diary_list' | 'questionnaire_list' | 'no_submission_limit_list', string>>) => ({
      id,
      stage_id: 'stage',
      group_num: num,
      name: '',
      ema_list: '[]',
      diary_list: '[]',
      questionnaire_list: '[]',
      questionnaire_list_free_to_choose: 0,
      no_submission_limit_list: '[]',
      ...lists,
    });
    await db
      .insertInto('participant_groups')
      .values([
        group('untouched', 1, {}),
        group('written', 2, {
          ema_list: JSON.stringify([{ ...emaSetting, questionnaire_list: [{ _id: 'q1' }, 'qb', 'q1'] }, 'not a setting', { questionnaire_list: ['q2'], time_list: ['09:00'] }]),
          diary_list: JSON.stringify([{ ...diarySetting, questionnaire_list: ['q2', 'missing'] }, { ...diarySetting, number_of_days: '3' }]),
          questionnaire_list: JSON.stringify(['q2', 'q1', 'qb', 'q2']),
          no_submission_limit_list: 'not json',
        }),
      ])
      .execute();

    await migrateToLatest(db, storage.schema);

    const rows = await db.selectFrom('participant_groups').selectAll().orderBy('group_num').execute();
    expect(rows[0]).toMatchObject({ ema_list: '[]', diary_list: '[]', questionnaire_list: '[]', no_submission_limit_list: '[]' });
    // Incomplete settings (no time zone, days as text) are dropped: no reader could use them.
    expect(JSON.parse(rows[1].ema_list)).toEqual([{ ...emaSetting, questionnaire_list: ['q1'] }]);
    expect(JSON.parse(rows[1].diary_list)).toEqual([{ ...diarySetting, questionnaire_list: ['q2'] }]);
    expect(JSON.parse(rows[1].questionnaire_list)).toEqual(['q2', 'q1']);
    expect(rows[1].no_submission_limit_list).toBe('[]');
    const references = await db.selectFrom('group_questionnaires').selectAll().orderBy('list_name').orderBy('position').execute();
    expect(references).toEqual([
      { group_id: 'written', questionnaire_id: 'q2', list_name: 'diary', position: 0 },
      { group_id: 'written', questionnaire_id: 'q1', list_name: 'ema', position: 0 },
      { group_id: 'written', questionnaire_id: 'q2', list_name: 'one_time', position: 0 },
      { group_id: 'written', questionnaire_id: 'q1', list_name: 'one_time', position: 1 },
    ]);
    // A referenced questionnaire cannot be deleted underneath a group. (Matched by its code: a jest worker
    // that ran another file first holds better-sqlite3's error class from that file's realm.)
    const code = database === 'sqlite' ? 'SQLITE_CONSTRAINT_FOREIGNKEY' : '23503';
    await expect(db.deleteFrom('questionnaires').where('id', '=', 'q1').execute()).rejects.toMatchObject({ code });
    });
  });
});
