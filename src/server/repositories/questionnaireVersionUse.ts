// Which questionnaire versions the plans use, and re-pointing future tasks to the current one (issue 21).
import type { Db } from './db';
import { OPEN_STATUSES } from './tasks';

export function listVersionsOfQuestionnaire(db: Db, questionnaireId: string) {
  return db.selectFrom('questionnaire_versions').select(['id', 'created_at']).where('questionnaire_id', '=', questionnaireId).orderBy('created_at').orderBy('id').execute();
}

/** Per version, the enrolled participations with open tasks of it. */
export function countParticipantsPerVersion(db: Db, questionnaireId: string) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('participations as pa', 'pa.id', 't.participation_id')
    .select(['t.questionnaire_version_id as version_id', (eb) => eb.fn.count<number | string>('t.participation_id').distinct().as('participants')])
    .where('t.questionnaire_id', '=', questionnaireId)
    .where('t.status', 'in', OPEN_STATUSES)
    .where('pa.status', '=', 'enrolled')
    .groupBy('t.questionnaire_version_id')
    .execute();
}

/** Enrolled participations with planned tasks of the questionnaire at another version, with their clock. */
export function listParticipationsWithOlderTasks(db: Db, questionnaireId: string, versionId: string) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('participations as pa', 'pa.id', 't.participation_id')
    .select(['pa.id', 'pa.pilot_offset_ms'])
    .distinct()
    .where('t.questionnaire_id', '=', questionnaireId)
    .where('t.questionnaire_version_id', '!=', versionId)
    .where('t.status', '=', 'planned')
    .where('pa.status', '=', 'enrolled')
    .execute();
}

/**
 * Points a participation's tasks of the questionnaire still to come (planned, never delivered, due after `now` or
 * without a moment) at the version. Tasks delivered, opened or answered keep the version they were shown with.
 */
export async function repointFutureTasks(db: Db, participationId: string, questionnaireId: string, versionId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('tasks')
    .set({ questionnaire_version_id: versionId })
    .where('participation_id', '=', participationId)
    .where('questionnaire_id', '=', questionnaireId)
    .where('questionnaire_version_id', '!=', versionId)
    .where('status', '=', 'planned')
    .where('delivered_at', 'is', null)
    .where((eb) => eb.or([eb('notification_datetime', 'is', null), eb('notification_datetime', '>', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
