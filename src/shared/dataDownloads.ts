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

/**
 * The random allocation list (issue 34): `{study code}_allocations_{yyyymmdd-hhmm UTC}.csv`, every allocation
 * of the study, e.g. `AB12CD_allocations_20260105-0930.csv`.
 */
export function allocationListTitle(studyCode: string, at: Date): string {
  return `${safe(studyCode)}_allocations_${stamp(at)}.csv`;
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
  activity: 'activity.csv',
} as const;

// Photo names, the same in the image data zip and in the analysis export's photo manifest.
/** Characters that some file system refuses in a name. */
const REFUSED = new Set('\\/:*?"<>|');

/** A character some file system refuses in a name: the reserved ones and control characters. */
function refusedInFileNames(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || REFUSED.has(char);
}

/** In a photo's name, spaces (which tools quote badly) go too: each run becomes one '-'. */
function unsafe(char: string): boolean {
  return refusedInFileNames(char) || /\s/.test(char);
}

export function safeNamePart(text: string): string {
  const replaced = Array.from(text, (char) => (unsafe(char) ? '-' : char)).join('');
  return replaced.replace(/-{2,}/g, '-').replace(/^[.-]+|-+$/g, '') || 'questionnaire';
}

/** 2026-11-23T15:22:27.123Z -> 20261123-152227 */
export function compactTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

export function photoExtension(contentType: string): string {
  return contentType === 'image/png' ? 'png' : 'jpg';
}

/** `{participant_code}_{questionnaire}_{submitted time, UTC, YYYYMMDD-HHmmss}`, without extension. */
export function photoBaseName(participantCode: string, abbrev: string, submittedAt: string): string {
  return `${safeNamePart(participantCode)}_${safeNamePart(abbrev)}_${compactTime(submittedAt)}`;
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
  return Array.from(name, (char) => (refusedInFileNames(char) ? '_' : char))
    .join('')
    .trim();
}

/** downloadTitle for the portal's kinds; a scope without a stage names the study only. */
export function dataDownloadTitle(kind: DataDownloadKind, { studyCode, stageNum, groupNum }: DataDownloadScope, at = new Date()): string {
  const fileKind = FILE_KINDS[kind];
  if (stageNum === undefined) return `${safe(studyCode)}_${fileKind}_${stamp(at)}.${EXTENSIONS[fileKind]}`;
  return downloadTitle(fileKind, { studyCode, stageNum, groupNum: groupNum ?? null }, at);
}
