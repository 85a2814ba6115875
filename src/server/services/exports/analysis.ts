// The analysis-ready download: one zip with a long-format CSV (a row per planned task, answered or not, so that
// missed prompts are rows), a codebook of every column and a manifest of the photo answers. Written a page of
// participants at a time.
import type { Db } from '../../repositories/db';
import { ANALYSIS_FILES, dataDownloadMessages } from '../../../shared/dataDownloads';
import { plainText } from '../../../shared/richText';
import { notFound } from '../../httpErrors';
import {
  arrivalsOf,
  findVersions,
  itemsOfSubmissions,
  versionIdsInScope,
  type SubmissionEntry,
  type TaskEntry,
} from '../../repositories/exports';
import { statusAsRead } from '../plan/taskStatus';
import { CSV_BOM, csvLine } from './csv';
import { writeActivity } from './activityCsv';
import { byAge, itemColumns, itemText, parseVersion, placeIn, placeKey, type ItemColumn, type PlannedVersion } from './items';
import { addDays, daysBetween, localDay, localTime, zoneOf } from './moments';
import { MAX_VARIABLE_NAME_LENGTH, safeVariableNames } from './variableNames';
import { ANALYSIS_TASK_COLUMNS } from './analysisColumns';
import { scoreCell, scoreColumns, type ScoreColumn } from './scoreColumns';
import { orderCell, orderColumns, type OrderColumn } from './orderColumns';
import { readStoredScores } from '../../../shared/questionnaire/scores';
import { readShownTexts } from '../../../shared/questionnaire/piping';
import { shownCell, shownColumns, shownDescription, type ShownColumn } from './shownColumns';
import { MISSING_VALUES_TEXT, oneLineAnswer } from './analysisVariables';
import { writeReadingFiles } from './analysisScripts';
import { answersDeletedStatement } from './answersDeleted';
import { retentionTexts } from '../../../shared/retention';
import { ZipWriter, type ByteSink, type TextFile } from './output';
import { answerPhotoKey, cellText, hasPhotoColumn, namedPhotosOfPage, photoNamesByAnswer } from './photos';
import { participationPages, withdrawnMark, type ExportScope } from './scope';
import { itemsBySubmission } from './textResponses';
import { exportedTaskKind, readPage, VersionCache, type ParticipationTasks } from './taskRows';

export { ANALYSIS_TASK_COLUMNS };

export const CODEBOOK_COLUMNS = [
  'column', 'questionnaire_code', 'questionnaire_name', 'question_number', 'question_text', 'response_position', 'response_type',
  'choice_values', 'choice_labels', 'unit', 'description', 'original_name', 'missing_values',
] as const;

export const PHOTO_MANIFEST_COLUMNS = [
  'file_name', 'participant_id', 'questionnaire_code', 'task_id', 'task_kind', 'column', 'submitted_utc', 'submitted_local',
] as const;

interface QuestionnaireColumns {
  version: PlannedVersion;
  columns: ItemColumn[];
  /** Its scores' columns, after its item columns. */
  scores: ScoreColumn[];
  /** The columns of the order its questions and choices were shown in, after its score columns (issue 34 part 4). */
  orders: OrderColumn[];
  /** Its planned versions by id: an answer's order is read with the questions of its own version. */
  versionsById: Map<string, PlannedVersion>;
  /** Its texts as shown when they quoted answers (piping), after its order columns. */
  shown: ShownColumn[];
  /** The names in tasks_long.csv of its item columns, then of its score, order and shown-text columns (prefixed by the questionnaire code, safe as variable names). */
  names: string[];
  /** The names as composed before they were made safe (the codebook's mapping). */
  originalNames: string[];
  /** Index of the first of its columns among all item and score columns. */
  offset: number;
}

export interface AnalysisPlan {
  questionnaires: Map<string, QuestionnaireColumns>;
  /** Item, score and shown-text columns together. */
  itemCount: number;
}

/** The item columns of every questionnaire planned in the scope; nothing planned answers 404. */
export async function planAnalysis(db: Db, scope: ExportScope): Promise<AnalysisPlan> {
  const versions = (await findVersions(db, await versionIdsInScope(db, scope.filter))).map(parseVersion);
  if (versions.length === 0) throw notFound(dataDownloadMessages.noTasks);
  const grouped = new Map<string, PlannedVersion[]>();
  for (const v of versions) grouped.set(v.row.questionnaire_id, [...(grouped.get(v.row.questionnaire_id) ?? []), v]);
  const entries = [...grouped.values()].map((list) => {
    const ordered = byAge(list);
    return {
      version: ordered[ordered.length - 1],
      columns: itemColumns(ordered),
      scores: scoreColumns(ordered),
      orders: orderColumns(ordered),
      shown: shownColumns(ordered),
      versionsById: new Map(ordered.map((v) => [v.row.id, v])),
    };
  });
  entries.sort((a, b) => a.version.row.abbrev.localeCompare(b.version.row.abbrev) || a.version.row.questionnaire_id.localeCompare(b.version.row.questionnaire_id));
  const prefixed = entries.flatMap((e) => {
    const code = e.version.row.abbrev.trim();
    // A score's column keeps the score's name whole at its end: the code is shortened to fit the limit instead.
    return [
      ...e.columns.map((c) => `${code}_${c.name}`),
      ...e.scores.map((s) => `${code.slice(0, Math.max(0, MAX_VARIABLE_NAME_LENGTH - s.name.length - 1))}_${s.name}`),
      ...e.orders.map((o) => `${code}_${o.name}`),
      ...e.shown.map((c) => `${code}_${c.name}`),
    ];
  });
  const names = safeVariableNames([...ANALYSIS_TASK_COLUMNS.map(([name]) => name), ...prefixed]).slice(ANALYSIS_TASK_COLUMNS.length);
  const questionnaires = new Map<string, QuestionnaireColumns>();
  let offset = 0;
  for (const e of entries) {
    const end = offset + e.columns.length + e.scores.length + e.orders.length + e.shown.length;
    questionnaires.set(e.version.row.questionnaire_id, { ...e, names: names.slice(offset, end), originalNames: prefixed.slice(offset, end), offset });
    offset = end;
  }
  return { questionnaires, itemCount: offset };
}

/** What the codebook says of a response's unit. */
function unitOf(column: ItemColumn): string {
  const r = column.response;
  switch (r.type) {
    case 'text':
    case 'textarea':
      return [r.pre_label, r.post_label].filter((l) => l && l.trim()).join(' … ') + (r.number_only ? ' (number)' : '');
    case 'slider':
      return `${r.min} (${r.min_label ?? ''}) to ${r.max} (${r.max_label ?? ''})`;
    case 'duration':
      return `ISO-8601 duration in ${[r.day && 'days', r.hour && 'hours', r.minute && 'minutes'].filter(Boolean).join(', ')}`;
    case 'time':
      return r.picker_format === 'DD MM YYYY' ? 'date YYYY-MM-DD' : 'time HH:mm';
    case 'photoUpload':
      return `photo (file named in ${ANALYSIS_FILES.photos})`;
    case 'mc':
      return r.multiple ? 'choice values separated by ;' : 'choice value';
    default:
      return '';
  }
}

async function writeCodebook(file: TextFile, plan: AnalysisPlan): Promise<void> {
  await file.write(CSV_BOM + csvLine(CODEBOOK_COLUMNS));
  for (const [name, description] of ANALYSIS_TASK_COLUMNS) await file.write(csvLine([name, '', '', '', '', '', '', '', '', '', description, name, '']));
  for (const q of plan.questionnaires.values()) {
    for (let i = 0; i < q.columns.length; i += 1) {
      const c = q.columns[i];
      await file.write(
        csvLine([
          q.names[i],
          q.version.row.abbrev,
          q.version.row.chin_name,
          c.question.question_num,
          plainText(c.question.html_question ?? ''),
          c.rpos + 1,
          c.response.type,
          c.choices.map((choice) => choice.value).join(' | '),
          c.choices.map((choice) => choice.name).join(' | '),
          unitOf(c),
          `Question ${c.qpos + 1}, response ${c.rpos + 1}`,
          q.originalNames[i],
          MISSING_VALUES_TEXT,
        ]),
      );
    }
    for (let j = 0; j < q.scores.length; j += 1) {
      const i = q.columns.length + j;
      const s = q.scores[j];
      await file.write(
        csvLine([q.names[i], q.version.row.abbrev, q.version.row.chin_name, '', '', '', 'score', '', '', s.score.method, s.description, q.originalNames[i], MISSING_VALUES_TEXT]),
      );
    }
    for (let k = 0; k < q.orders.length; k += 1) {
      const i = q.columns.length + q.scores.length + k;
      const o = q.orders[k];
      const number = o.kind === 'choices' ? o.question.question_num : '';
      const text = o.kind === 'choices' ? plainText(o.question.html_question ?? '') : '';
      const unit = o.kind === 'choices' ? 'choice values separated by ;' : 'question numbers separated by ;';
      await file.write(csvLine([q.names[i], q.version.row.abbrev, q.version.row.chin_name, number, text, '', 'order', '', '', unit, o.description, q.originalNames[i], '']));
    }
    for (let j = 0; j < q.shown.length; j += 1) {
      const i = q.columns.length + q.scores.length + q.orders.length + j;
      const c = q.shown[j];
      await file.write(
        csvLine([
          q.names[i], q.version.row.abbrev, q.version.row.chin_name, c.question.question_num, plainText(c.question.html_question ?? ''), '', 'shown text', '', '', '',
          shownDescription(c), q.originalNames[i], MISSING_VALUES_TEXT,
        ]),
      );
    }
  }
}

interface RowMoments {
  day: string;
  dayOfStudy: number | '';
  promptOfDay: number | '';
  plannedUtc: string;
  plannedLocal: string;
  status: string;
}

/** The rows of one participation: EMA and one-time tasks once, a diary once per day, anytime per answer. */
function* rowsOf(entry: ParticipationTasks, arrivals: Map<string, string>, now: string): Generator<{ task: TaskEntry; answer: SubmissionEntry | null; at: RowMoments }> {
  const prompts = new Map<string, number>();
  let day = '';
  let times: string[] = [];
  for (const task of entry.tasks) {
    // Follow-ups are not prompts of the day's schedule: they have no number among them.
    if (task.kind !== 'ema' || !task.notification_datetime || task.trigger_submission_id) continue;
    const d = localDay(task.notification_datetime, zoneOf(task.timezone));
    if (d !== day) [day, times] = [d, []];
    if (!times.includes(task.notification_datetime)) times.push(task.notification_datetime);
    prompts.set(task.id, times.length);
  }
  for (const task of entry.tasks) {
    const zone = zoneOf(task.timezone);
    const arrival = arrivals.get(task.enrolment_time_id);
    const arrivalDay = arrival ? localDay(arrival, zone) : '';
    const dayOf = (d: string): number | '' => (arrivalDay && d ? daysBetween(arrivalDay, d) + 1 : '');
    const answers = entry.answers.get(task.id) ?? [];
    const status = statusAsRead(task, now);
    if (task.kind === 'diary' && task.diary_start_date && task.number_of_days) {
      const byDay = new Map<string, SubmissionEntry[]>();
      for (const a of answers) {
        const d = localDay(a.submitted_at, zone);
        byDay.set(d, [...(byDay.get(d) ?? []), a]);
      }
      const today = localDay(now, zone);
      const cancelledDay = task.cancelled_at ? localDay(task.cancelled_at, zone) : null;
      for (let i = 0; i < task.number_of_days; i += 1) {
        const d = addDays(task.diary_start_date, i);
        const given = byDay.get(d) ?? [];
        byDay.delete(d);
        const missed = cancelledDay && d >= cancelledDay ? 'cancelled' : d < today ? 'expired' : 'planned';
        const at = { day: d, dayOfStudy: dayOf(d), promptOfDay: '' as const, plannedUtc: '', plannedLocal: d, status: missed };
        if (given.length === 0) yield { task, answer: null, at };
        for (const answer of given) yield { task, answer, at: { ...at, status: 'completed' } };
      }
      // Answers on a day outside the diary's days (late ones) are rows too.
      for (const [d, given] of byDay) {
        for (const answer of given) yield { task, answer, at: { day: d, dayOfStudy: dayOf(d), promptOfDay: '', plannedUtc: '', plannedLocal: '', status: 'completed' } };
      }
      continue;
    }
    const planned = task.notification_datetime;
    const base: RowMoments = {
      day: '',
      dayOfStudy: '',
      promptOfDay: prompts.get(task.id) ?? '',
      plannedUtc: planned ?? '',
      plannedLocal: localTime(planned, zone),
      status,
    };
    if (answers.length === 0) {
      yield { task, answer: null, at: { ...base, dayOfStudy: planned ? dayOf(localDay(planned, zone)) : '' } };
      continue;
    }
    for (const answer of answers) {
      const d = localDay(planned ?? answer.submitted_at, zone);
      yield { task, answer, at: { ...base, dayOfStudy: dayOf(d), status: task.kind === 'anytime' ? 'completed' : status } };
    }
  }
}

async function writeTasks(db: Db, scope: ExportScope, plan: AnalysisPlan, file: TextFile): Promise<void> {
  const itemNames = [...plan.questionnaires.values()].flatMap((q) => q.names);
  await file.write(CSV_BOM + csvLine([...ANALYSIS_TASK_COLUMNS.map(([name]) => name), ...itemNames]));
  const versions = new VersionCache(db);
  const now = new Date().toISOString();
  const withPhotos = [...plan.questionnaires.values()].some((q) => hasPhotoColumn(q.columns));
  for await (const page of participationPages(db, scope)) {
    const entries = await readPage(db, scope, page, versions);
    const photoNames = withPhotos ? photoNamesByAnswer(await namedPhotosOfPage(db, page, scope.filter)) : new Map<string, string>();
    const arrivals = await arrivalsOf(db, [...new Set(entries.flatMap((e) => e.tasks.map((t) => t.enrolment_time_id)))]);
    // The answers map is the page's (every entry shares it).
    const submissionIds = [...(entries[0]?.answers.values() ?? [])].flat().map((s) => s.id);
    const items = itemsBySubmission(await itemsOfSubmissions(db, submissionIds));
    for (const entry of entries) {
      const p = entry.participation;
      for (const { task, answer, at } of rowsOf(entry, arrivals, now)) {
        const zone = zoneOf(task.timezone);
        const cells: string[] = new Array<string>(plan.itemCount).fill('');
        const q = plan.questionnaires.get(task.questionnaire_id);
        const answered = answer ? items.get(answer.id) : undefined;
        if (q && answer && answered) {
          for (let i = 0; i < q.columns.length; i += 1) {
            const place = placeIn(q.columns[i], answer.questionnaire_version_id);
            const value = place === undefined ? undefined : answered.get(place);
            if (value !== undefined) cells[q.offset + i] = oneLineAnswer(cellText(photoNames, answer.id, itemText(value)));
          }
        }
        if (q && answer && q.scores.length > 0) {
          const stored = readStoredScores(answer.scores);
          q.scores.forEach((s, j) => (cells[q.offset + q.columns.length + j] = scoreCell(stored, s.score.name)));
        }
        if (q && answer && q.orders.length > 0) {
          const version = q.versionsById.get(answer.questionnaire_version_id);
          const first = q.offset + q.columns.length + q.scores.length;
          q.orders.forEach((o, k) => (cells[first + k] = orderCell(o, version, answer.shown_order)));
        }
        if (q && answer && q.shown.length > 0) {
          const stored = readShownTexts(answer.shown_texts);
          const first = q.offset + q.columns.length + q.scores.length + q.orders.length;
          q.shown.forEach((c, j) => (cells[first + j] = oneLineAnswer(shownCell(stored, c, answer.questionnaire_version_id))));
        }
        await file.write(
          csvLine([
            p.participant_code,
            p.email,
            withdrawnMark(p),
            scope.stageNum,
            scope.groupNums.get(task.group_id) ?? '',
            q?.version.row.abbrev ?? versions.get(task.questionnaire_version_id)?.row.abbrev ?? '',
            exportedTaskKind(task),
            task.id,
            answer?.id ?? '',
            task.trigger_submission_id ?? '',
            zone,
            at.dayOfStudy,
            at.promptOfDay,
            at.plannedUtc,
            at.plannedLocal,
            task.window_closes_at ?? '',
            task.delivery_channel ?? '',
            task.sent_at ?? '',
            task.received_at ?? '',
            task.delivered_at ?? '',
            localTime(task.delivered_at, zone),
            task.opened_at ?? '',
            localTime(task.opened_at, zone),
            answer?.submitted_at ?? '',
            localTime(answer?.submitted_at ?? null, zone),
            at.status,
            answer ? (answer.late ? 'yes' : 'no') : '',
            ...cells,
          ]),
        );
      }
    }
  }
}

async function writePhotos(db: Db, scope: ExportScope, plan: AnalysisPlan, file: TextFile): Promise<void> {
  await file.write(CSV_BOM + csvLine(PHOTO_MANIFEST_COLUMNS));
  for await (const page of participationPages(db, scope)) {
    const photos = await namedPhotosOfPage(db, page, scope.filter);
    if (photos.length === 0) continue;
    const items = await itemsOfSubmissions(db, [...new Set(photos.map((p) => p.submission_id))]);
    // The place each photo answered is found from the item whose value is its key.
    const place = new Map(items.map((i) => [answerPhotoKey(i.submission_id, itemText(i.value)), i]));
    for (const photo of photos) {
      const item = place.get(answerPhotoKey(photo.submission_id, photo.object_key));
      const q = plan.questionnaires.get(photo.questionnaire_id);
      // Read at the answered version's place, as the long file does: a question added in front later moves none.
      const answeredAt = item ? placeKey(item.question_pos, item.response_pos) : undefined;
      const index = q && answeredAt ? q.columns.findIndex((c) => placeIn(c, photo.questionnaire_version_id) === answeredAt) : -1;
      await file.write(
        csvLine([
          photo.file_name,
          photo.participant_code,
          photo.abbrev,
          photo.task_id,
          photo.kind,
          q && index >= 0 ? q.names[index] : '',
          photo.submitted_at,
          localTime(photo.submitted_at, zoneOf(photo.timezone)),
        ]),
      );
    }
  }
}

/** `origin`: the portal's address as the request reached it, for the README's lines on fetching with an API key. */
export async function writeAnalysis(db: Db, scope: ExportScope, plan: AnalysisPlan, sink: ByteSink, origin?: string): Promise<void> {
  const answersDeleted = await answersDeletedStatement(db, scope.filter.studyId);
  const zip = new ZipWriter(sink);
  if (answersDeleted) await zip.file(retentionTexts.deletedFileName, (file) => file.write(answersDeleted));
  await zip.file(ANALYSIS_FILES.tasks, (file) => writeTasks(db, scope, plan, file));
  await zip.file(ANALYSIS_FILES.codebook, (file) => writeCodebook(file, plan));
  await zip.file(ANALYSIS_FILES.photos, (file) => writePhotos(db, scope, plan, file));
  await writeReadingFiles(zip, plan, origin === undefined ? undefined : { origin, filter: scope.filter }, answersDeleted);
  await zip.file(ANALYSIS_FILES.activity, (file) => writeActivity(db, scope.filter.studyId, file));
  zip.end();
}

