// Response times: an .xlsx workbook with one row per task of the stage (and group): planned, delivered,
// opened and submitted moments in UTC and the task's local time, status and late flag. A diary or anytime
// task answered more than once has a row per answer. EMA is left out when asked (Study Progress). Moments are
// Excel dates (they sort and subtract in Excel); the local columns' header names their zone.
import type { Db } from '../../repositories/db';
import { dataDownloadMessages } from '../../../shared/dataDownloads';
import { notFound } from '../../httpErrors';
import { hasTasksInScope, zonesOfTasksInScope } from '../../repositories/exports';
import { statusAsRead } from '../plan/taskStatus';
import { excelDay, excelLocal, excelUtc, zoneOf } from './moments';
import type { ByteSink } from './output';
import { participationPages, withdrawnMark, type ExportScope } from './scope';
import { exportedTaskKind, readPage, VersionCache } from './taskRows';
import { XlsxSheetWriter } from './xlsxSheet';

export const RESPONSE_TIME_COLUMNS = [
  'participant_id', 'email', 'withdrawn', 'stage', 'group', 'questionnaire_code', 'questionnaire_name', 'task_kind', 'timezone',
  'planned_utc', 'planned_local', 'delivered_utc', 'delivered_local', 'opened_utc', 'opened_local', 'submitted_utc', 'submitted_local',
  'status', 'late',
] as const;

export const RESPONSE_TIME_SHEET = 'Response times';

/** The columns holding Excel dates: every moment, UTC and local. */
export const RESPONSE_TIME_DATE_COLUMNS: readonly number[] = RESPONSE_TIME_COLUMNS.flatMap((name, i) => (/_(utc|local)$/.test(name) ? [i] : []));

/**
 * The header: each local column names its zone, `planned_local (Asia/Hong_Kong)`, or, when the tasks were
 * planned in several zones, points to the row's own (`planned_local (timezone column)`).
 */
export function responseTimeHeader(zones: readonly string[]): string[] {
  const distinct = [...new Set(zones)];
  const zone = distinct.length === 1 ? distinct[0] : 'timezone column';
  return RESPONSE_TIME_COLUMNS.map((name) => (name.endsWith('_local') ? `${name} (${zone})` : name));
}

/** Nothing planned in the scope answers 404 before anything is sent. */
export async function checkResponseTimes(db: Db, scope: ExportScope, withEma: boolean): Promise<void> {
  if (!(await hasTasksInScope(db, scope.filter, withEma))) throw notFound(dataDownloadMessages.noTasks);
}

export async function writeResponseTimes(db: Db, scope: ExportScope, withEma: boolean, sink: ByteSink): Promise<void> {
  const zones = (await zonesOfTasksInScope(db, scope.filter, withEma)).map(zoneOf);
  const sheet = new XlsxSheetWriter(sink, RESPONSE_TIME_SHEET, responseTimeHeader(zones), RESPONSE_TIME_DATE_COLUMNS);
  try {
    await writeRows(db, scope, withEma, sheet);
    await sheet.end();
  } finally {
    await sheet.close();
  }
}

async function writeRows(db: Db, scope: ExportScope, withEma: boolean, sheet: XlsxSheetWriter): Promise<void> {
  const versions = new VersionCache(db);
  const now = new Date().toISOString();
  for await (const page of participationPages(db, scope)) {
    for (const { participation, tasks, answers } of await readPage(db, scope, page, versions, withEma)) {
      for (const task of tasks) {
        const version = versions.get(task.questionnaire_version_id);
        const zone = zoneOf(task.timezone);
        const planned = task.notification_datetime;
        const status = statusAsRead(task, now);
        const given = answers.get(task.id) ?? [];
        for (const answer of given.length ? given : [null]) {
          sheet.add([
            participation.participant_code,
            participation.email,
            withdrawnMark(participation),
            scope.stageNum,
            scope.groupNums.get(task.group_id) ?? '',
            version?.row.abbrev ?? '',
            version?.row.chin_name ?? '',
            exportedTaskKind(task),
            zone,
            excelUtc(planned),
            // A diary is planned for a day: its local start is that day's midnight.
            planned ? excelLocal(planned, zone) : excelDay(task.diary_start_date),
            excelUtc(task.delivered_at),
            excelLocal(task.delivered_at, zone),
            excelUtc(task.opened_at),
            excelLocal(task.opened_at, zone),
            excelUtc(answer?.submitted_at ?? null),
            excelLocal(answer?.submitted_at ?? null, zone),
            answer && (task.kind === 'diary' || task.kind === 'anytime') ? 'completed' : status,
            answer ? (answer.late ? 'yes' : 'no') : '',
          ]);
        }
      }
    }
    await sheet.settle();
  }
}
