// Download Text Response: a zip of one UTF-8 CSV per questionnaire answered in the stage (and group), one row
// per answer, written a page of participants at a time (PARTICIPANTS.md "Data out"). Each row names the answer's
// _id and the app's own submissionId, so that rows can be matched with the app's records. Photos are named as in
// the photo zip (photoNames).
import type { Db } from '../../repositories/db';
import { dataDownloadMessages, questionnaireCsvName } from '../../../shared/dataDownloads';
import { notFound } from '../../httpErrors';
import { answeredVersionIds, findVersions, itemsOfSubmissions, listVersionsInOrder, submissionsOfParticipations, type ItemEntry } from '../../repositories/exports';
import { CSV_BOM, csvLine } from './csv';
import { answersDeletedStatement } from './answersDeleted';
import { retentionTexts } from '../../../shared/retention';
import { byAge, itemColumns, itemText, parseVersion, placeIn, placeKey, type ItemColumn, type PlannedVersion } from './items';
import { localTime, zoneOf } from './moments';
import { ZipWriter, type ByteSink } from './output';
import { cellText, hasPhotoColumn, namedPhotosOfPage, photoNamesByAnswer } from './photos';
import { participationPages, withdrawnMark, type ExportScope } from './scope';

export const TEXT_FIXED_COLUMNS = [
  'participant_id', 'email', 'stage', 'group', 'task_kind', 'timezone', 'planned_time_utc', 'planned_time_local',
  'submitted_time_utc', 'submitted_time_local', 'late', 'withdrawn', 'submission_id', 'app_submission_id',
  'questionnaire_version',
] as const;

export interface TextQuestionnaire {
  questionnaireId: string;
  fileName: string;
  columns: ItemColumn[];
  /** Each version's number (1 for the first planned): the version each answer was given to. */
  versionNumbers: ReadonlyMap<string, number>;
}

/** The questionnaires answered in the scope with their columns; none answers 404 before anything is sent. */
export async function planTextResponses(db: Db, scope: ExportScope): Promise<TextQuestionnaire[]> {
  const versions = (await findVersions(db, await answeredVersionIds(db, scope.filter))).map(parseVersion);
  if (versions.length === 0) throw notFound((await answersDeletedStatement(db, scope.filter.studyId)) ?? dataDownloadMessages.noTextResponses);
  const byQuestionnaire = new Map<string, PlannedVersion[]>();
  for (const v of versions) byQuestionnaire.set(v.row.questionnaire_id, [...(byQuestionnaire.get(v.row.questionnaire_id) ?? []), v]);
  const numbers = new Map<string, number>();
  const counted = new Map<string, number>();
  for (const v of await listVersionsInOrder(db, [...byQuestionnaire.keys()])) {
    const n = (counted.get(v.questionnaire_id) ?? 0) + 1;
    counted.set(v.questionnaire_id, n);
    numbers.set(v.id, n);
  }
  return [...byQuestionnaire.entries()]
    .map(([questionnaireId, list]) => {
      const ordered = byAge(list);
      return { questionnaireId, fileName: questionnaireCsvName(ordered[ordered.length - 1].row.abbrev, questionnaireId), columns: itemColumns(ordered), versionNumbers: numbers };
    })
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
}

/** Items by submission, then by 'question/response' place. */
export function itemsBySubmission(items: readonly ItemEntry[]): Map<string, Map<string, string>> {
  const map = new Map<string, Map<string, string>>();
  for (const item of items) {
    let places = map.get(item.submission_id);
    if (!places) map.set(item.submission_id, (places = new Map()));
    places.set(placeKey(item.question_pos, item.response_pos), item.value);
  }
  return map;
}

export async function writeTextResponses(db: Db, scope: ExportScope, plan: readonly TextQuestionnaire[], sink: ByteSink): Promise<void> {
  const answersDeleted = await answersDeletedStatement(db, scope.filter.studyId);
  const zip = new ZipWriter(sink);
  if (answersDeleted) await zip.file(retentionTexts.deletedFileName, (file) => file.write(answersDeleted));
  for (const questionnaire of plan) {
    const withPhotos = hasPhotoColumn(questionnaire.columns);
    await zip.file(questionnaire.fileName, async (file) => {
      await file.write(CSV_BOM + csvLine([...TEXT_FIXED_COLUMNS, ...questionnaire.columns.map((c) => c.name)]));
      for await (const page of participationPages(db, scope)) {
        const submissions = await submissionsOfParticipations(db, page.map((p) => p.id), scope.filter, { questionnaireId: questionnaire.questionnaireId });
        if (submissions.length === 0) continue;
        const items = itemsBySubmission(await itemsOfSubmissions(db, submissions.map((s) => s.id)));
        // A photo is named as the photo zip and the analysis manifest name it, never by its storage key.
        const photoNames = withPhotos ? photoNamesByAnswer(await namedPhotosOfPage(db, page, scope.filter)) : new Map<string, string>();
        const order = new Map(page.map((p, i) => [p.id, i]));
        submissions.sort((a, b) => (order.get(a.participation_id) ?? 0) - (order.get(b.participation_id) ?? 0) || a.submitted_at.localeCompare(b.submitted_at) || a.id.localeCompare(b.id));
        for (const s of submissions) {
          const participation = page[order.get(s.participation_id) ?? 0];
          const answers = items.get(s.id);
          const planned = s.kind === 'ema' ? s.notification_datetime : null;
          await file.write(
            csvLine([
              participation.participant_code,
              participation.email,
              scope.stageNum,
              scope.groupNums.get(s.group_id) ?? '',
              s.kind,
              zoneOf(s.timezone),
              planned ?? '',
              localTime(planned, s.timezone),
              s.submitted_at,
              localTime(s.submitted_at, s.timezone),
              s.late ? 'yes' : 'no',
              withdrawnMark(participation),
              s.id,
              s.client_submission_id,
              questionnaire.versionNumbers.get(s.questionnaire_version_id) ?? '',
              ...questionnaire.columns.map((c) => {
                const place = placeIn(c, s.questionnaire_version_id);
                const value = place === undefined ? undefined : answers?.get(place);
                return value === undefined ? '' : cellText(photoNames, s.id, itemText(value));
              }),
            ]),
          );
        }
      }
    });
  }
  zip.end();
}
