// Frozen: which questionnaires each participant group uses, and in which of its lists ('ema', 'diary',
// 'one_time', 'anytime'), so that a questionnaire in use cannot be deleted. The group's list columns keep their
// JSON documents, now holding questionnaire ids only; rows written before this migration are normalised here:
// a list that is not a JSON array becomes '[]', a setting without every field of its kind is dropped, and ids
// that are not questionnaires of the study's lab are dropped (no earlier version wrote anything but '[]', so
// this only guards hand-edited rows; the shape checks are copied here so that this file never changes).
import { Kysely, sql } from 'kysely';

interface GroupLists {
  id: string;
  lab_id: string;
  ema_list: string;
  diary_list: string;
  questionnaire_list: string;
  no_submission_limit_list: string;
}

type Json = unknown;

function arrayOf(text: string): Json[] {
  try {
    const value: Json = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Ids from a list of bare ids or of {_id} items, kept when they are the lab's, first occurrence only. */
function idsOf(list: Json, known: ReadonlySet<string>): string[] {
  if (!Array.isArray(list)) return [];
  const ids = list.map((entry: Json) =>
    typeof entry === 'string' ? entry : entry && typeof entry === 'object' && '_id' in entry ? String(entry._id) : '',
  );
  return [...new Set(ids.filter((id) => known.has(id)))];
}

type Setting = Record<string, Json>;

const isSetting = (s: Json): s is Setting => Boolean(s) && typeof s === 'object' && !Array.isArray(s);
const isTexts = (v: Json) => Array.isArray(v) && v.every((t) => typeof t === 'string');
const isWhole = (v: Json) => Number.isInteger(v);

function isEma(s: Setting): boolean {
  return (
    typeof s.time_randomize === 'boolean' &&
    isTexts(s.time_list) &&
    Array.isArray(s.randomize_settings) &&
    s.randomize_settings.every((p: Json) => isSetting(p) && typeof p.start_time === 'string' && typeof p.end_time === 'string') &&
    typeof s.timezone === 'string' &&
    isWhole(s.number_of_days) &&
    typeof s.day_one_eq_same_day === 'boolean' &&
    isWhole(s.reminder_interval) &&
    isWhole(s.response_in)
  );
}

function isDiary(s: Setting): boolean {
  return typeof s.fix_start_date === 'boolean' && (s.start_date === null || typeof s.start_date === 'string') && isWhole(s.number_of_days) && typeof s.timezone === 'string';
}

/** The complete settings of a list, each with its questionnaire ids cleaned, and every id they use. */
function settingsOf(text: string, complete: (s: Setting) => boolean, known: ReadonlySet<string>): { settings: Setting[]; used: string[] } {
  const settings = arrayOf(text)
    .filter((s): s is Setting => isSetting(s) && complete(s))
    .map((s) => ({ setting: s, ids: idsOf(s.questionnaire_list, known) }));
  return {
    settings: settings.map(({ setting, ids }) => ({ ...setting, questionnaire_list: ids })),
    used: [...new Set(settings.flatMap(({ ids }) => ids))],
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_questionnaires')
    .addColumn('group_id', 'varchar(32)', (c) => c.notNull().references('participant_groups.id').onDelete('cascade'))
    // No cascade: deleting a questionnaire that a group uses is refused (the server answers 409 first).
    .addColumn('questionnaire_id', 'varchar(32)', (c) => c.notNull().references('questionnaires.id'))
    .addColumn('list_name', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_questionnaires_pk', ['group_id', 'list_name', 'questionnaire_id'])
    .execute();
  await db.schema.createIndex('group_questionnaires_qx_idx').on('group_questionnaires').column('questionnaire_id').execute();

  const { rows } = await sql<GroupLists>`
    select g.id, s.lab_id, g.ema_list, g.diary_list, g.questionnaire_list, g.no_submission_limit_list
    from participant_groups g join stages st on st.id = g.stage_id join studies s on s.id = st.study_id
    where g.ema_list <> '[]' or g.diary_list <> '[]' or g.questionnaire_list <> '[]' or g.no_submission_limit_list <> '[]'
  `.execute(db);
  const known = new Map<string, Set<string>>();
  for (const group of rows) {
    let labIds = known.get(group.lab_id);
    if (!labIds) {
      const qx = await sql<{ id: string }>`select id from questionnaires where lab_id = ${group.lab_id}`.execute(db);
      labIds = new Set(qx.rows.map((r) => r.id));
      known.set(group.lab_id, labIds);
    }
    const ema = settingsOf(group.ema_list, isEma, labIds);
    const diary = settingsOf(group.diary_list, isDiary, labIds);
    const oneTime = idsOf(arrayOf(group.questionnaire_list), labIds);
    const anytime = idsOf(arrayOf(group.no_submission_limit_list), labIds);
    await sql`
      update participant_groups
      set ema_list = ${JSON.stringify(ema.settings)}, diary_list = ${JSON.stringify(diary.settings)},
          questionnaire_list = ${JSON.stringify(oneTime)}, no_submission_limit_list = ${JSON.stringify(anytime)}
      where id = ${group.id}
    `.execute(db);
    const references: [string, string[]][] = [
      ['ema', ema.used],
      ['diary', diary.used],
      ['one_time', oneTime],
      ['anytime', anytime],
    ];
    for (const [listName, ids] of references) {
      for (const [position, questionnaireId] of ids.entries()) {
        await sql`
          insert into group_questionnaires (group_id, questionnaire_id, list_name, position)
          values (${group.id}, ${questionnaireId}, ${listName}, ${position})
        `.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_questionnaires').execute();
}
