// The data downloads' texts and naming rules (PARTICIPANTS.md "Data out"), used by the server that builds the
// files and the portal that saves them.

export const dataDownloadMessages = {
  noTextResponses: 'No response is found for this stage and group',
  noTasks: 'No task is planned for this stage and group',
} as const;

/** The downloads, as they appear in file names. */
export type DownloadKind = 'text_responses' | 'response_times' | 'analysis';

const EXTENSIONS: Record<DownloadKind, string> = { text_responses: 'zip', response_times: 'xlsx', analysis: 'zip' };

export interface DownloadPlace {
  studyCode: string;
  stageNum: number;
  /** Null when the download covers every group of the stage. */
  groupNum: number | null;
}

/** Letters, digits, '-' and '_' only, so that the name is safe in a header and on every file system. */
function safe(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]+/g, '-');
}

/** yyyymmdd-hhmm in UTC. */
function stamp(at: Date): string {
  return at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
}

/**
 * The file name (the answer's `title`): `{study code}_stage{n}_{group{n} or allGroups}_{kind}_{yyyymmdd-hhmm
 * UTC}.{ext}`, e.g. `AB12CD_stage1_group2_text_responses_20260105-0930.zip`.
 */
export function downloadTitle(kind: DownloadKind, place: DownloadPlace, at: Date): string {
  const group = place.groupNum === null ? 'allGroups' : `group${place.groupNum}`;
  return `${safe(place.studyCode)}_stage${place.stageNum}_${group}_${kind}_${stamp(at)}.${EXTENSIONS[kind]}`;
}

/** The CSV files inside the text-response zip: one per questionnaire, named by its code. */
export function questionnaireCsvName(abbrev: string, questionnaireId: string): string {
  const code = safe(abbrev.trim()) || 'questionnaire';
  return `${code}_${questionnaireId.slice(0, 8)}.csv`;
}

export const ANALYSIS_FILES = {
  tasks: 'tasks_long.csv',
  codebook: 'codebook.csv',
  photos: 'photo_manifest.csv',
} as const;

const PHOTO_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * A photo answer's file name, as PARTICIPANTS.md names them: `{participant_code}_{questionnaire}_{submitted
 * time}.{ext}`, the time as yyyymmddThhmmssZ; a second or later photo of the same answer adds `_{n}`.
 */
export function photoFileName(participantCode: string, abbrev: string, submittedAt: string, contentType: string, nth = 1): string {
  const time = `${submittedAt.slice(0, 19).replace(/[-:]/g, '')}Z`;
  const ext = PHOTO_EXTENSIONS[contentType] ?? 'bin';
  return `${safe(participantCode)}_${safe(abbrev.trim()) || 'questionnaire'}_${time}${nth > 1 ? `_${nth}` : ''}.${ext}`;
}

// The portal's side: the downloads as its slice names them, and the fallback name it saves a file under when a
// streamed answer carries no Content-Disposition name (the same rule as the server's title).
export const DATA_DOWNLOAD_KINDS = ['textResponses', 'responseTimes', 'analysis'] as const;
export type DataDownloadKind = (typeof DATA_DOWNLOAD_KINDS)[number];

const FILE_KINDS: Record<DataDownloadKind, DownloadKind> = {
  textResponses: 'text_responses',
  responseTimes: 'response_times',
  analysis: 'analysis',
};

/** What a download covers: the study, and its stage and group when known (no group: all groups). */
export interface DataDownloadScope {
  studyCode: string;
  stageNum?: number;
  groupNum?: number;
}

/** Keeps a name saveable on every system: no path separators, reserved or control characters. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim();
}

/** downloadTitle for the portal's kinds; a scope without a stage names the study only. */
export function dataDownloadTitle(kind: DataDownloadKind, { studyCode, stageNum, groupNum }: DataDownloadScope, at = new Date()): string {
  const fileKind = FILE_KINDS[kind];
  if (stageNum === undefined) return `${safe(studyCode)}_${fileKind}_${stamp(at)}.${EXTENSIONS[fileKind]}`;
  return downloadTitle(fileKind, { studyCode, stageNum, groupNum: groupNum ?? null }, at);
}
