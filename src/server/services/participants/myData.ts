// "My data" (issue 36 part 3, GDPR articles 15 and 20): everything the portal holds about the participant, as a
// zip of JSON and CSV: the account, the participations (with the consent agreed to), every answer with its
// moments and items, and the photos the answers hold. Another participant's data never enters it: every read
// is by this participant's id.
import { zipSync, strToU8 } from 'fflate';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import type { ParticipantRow } from '../../db/types';
import { CSV_BOM, csvLine } from '../exports/csv';

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return new Uint8Array(Buffer.concat(chunks));
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

const ANSWER_COLUMNS = ['answer_id', 'study_code', 'questionnaire', 'started_at', 'submitted_at', 'received_at', 'late', 'question_pos', 'response_pos', 'value'] as const;

/** The zip's bytes. Photos are read whole: a participant's own photos, each within the upload limit. */
export async function myDataZip(ctx: AppContext, participant: ParticipantRow): Promise<Uint8Array> {
  const db = ctx.db;
  const participations = await db
    .selectFrom('participations')
    .innerJoin('studies', 'studies.id', 'participations.study_id')
    .select([
      'participations.study_id',
      'studies.chin_name as study_name',
      'studies.study_code',
      'participations.status',
      'participations.joined_at',
      'participations.consent_text',
      'participations.consented_at',
      'participations.withdrawn_at',
      'participations.completed_at',
    ])
    .where('participations.participant_id', '=', participant.id)
    .orderBy('participations.joined_at')
    .execute();
  const submissions = await db
    .selectFrom('submissions')
    .innerJoin('studies', 'studies.id', 'submissions.study_id')
    .innerJoin('questionnaires', 'questionnaires.id', 'submissions.questionnaire_id')
    .select([
      'submissions.id',
      'studies.study_code',
      'questionnaires.chin_name as questionnaire',
      'submissions.task_id',
      'submissions.started_at',
      'submissions.submitted_at',
      'submissions.received_at',
      'submissions.late',
      'submissions.scores',
    ])
    .where('submissions.participant_id', '=', participant.id)
    .orderBy('submissions.submitted_at')
    .orderBy('submissions.id')
    .execute();
  const items = submissions.length
    ? await db
        .selectFrom('answer_items')
        .innerJoin('submissions', 'submissions.id', 'answer_items.submission_id')
        .select(['answer_items.submission_id', 'answer_items.question_pos', 'answer_items.response_pos', 'answer_items.value'])
        .where('submissions.participant_id', '=', participant.id)
        .orderBy('answer_items.submission_id')
        .orderBy('answer_items.question_pos')
        .orderBy('answer_items.response_pos')
        .execute()
    : [];
  const photos = await db
    .selectFrom('photo_uploads')
    .select(['id', 'object_key', 'content_type', 'submission_id', 'created_at'])
    .where('participant_id', '=', participant.id)
    .where('submission_id', 'is not', null)
    .orderBy('created_at')
    .execute();

  const answers = submissions.map((s) => ({
    ...s,
    late: s.late === 1,
    scores: s.scores ? (JSON.parse(s.scores) as unknown) : null,
    items: items.filter((i) => i.submission_id === s.id).map((i) => ({ question_pos: i.question_pos, response_pos: i.response_pos, value: JSON.parse(i.value) as unknown })),
  }));
  const byId = new Map(submissions.map((s) => [s.id, s]));
  const csv = [csvLine(ANSWER_COLUMNS)];
  for (const i of items) {
    const s = byId.get(i.submission_id);
    if (s) csv.push(csvLine([s.id, s.study_code, s.questionnaire, s.started_at, s.submitted_at, s.received_at, s.late, i.question_pos, i.response_pos, plainValue(i.value)]));
  }
  const files: Record<string, Uint8Array> = {
    'account.json': json({ id: participant.id, participant_code: participant.participant_code, email: participant.email, created_at: participant.created_at, app_language: participant.app_language, prompt_emails: participant.prompt_emails === 1 }),
    'participations.json': json(participations),
    'answers.json': json(answers),
    'answers.csv': strToU8(CSV_BOM + csv.join('')),
    'photos.json': json(photos.map((p) => ({ file: `photos/${p.id}${extensionOf(p.content_type)}`, answer_id: p.submission_id, uploaded_at: p.created_at }))),
  };
  for (const p of photos) {
    const stored = await ctx.storage.stat(p.object_key);
    if (stored) files[`photos/${p.id}${extensionOf(p.content_type)}`] = await bytesOf(await ctx.storage.readStream(p.object_key));
  }
  return zipSync(files, { level: 6 });
}

/** A text answer as typed; any other value (a number, a list of choices) as its JSON. */
function plainValue(stored: string): string {
  const value = JSON.parse(stored) as unknown;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function extensionOf(contentType: string): string {
  return contentType === 'image/png' ? '.png' : '.jpg';
}
