// The data downloads' file names (part 2 section 7 answers a `title`): one rule, so that the server's title and
// the portal's fallback (when a streamed answer carries no Content-Disposition name) read the same.

export const DATA_DOWNLOAD_KINDS = ['textResponses', 'responseTimes', 'analysis'] as const;
export type DataDownloadKind = (typeof DATA_DOWNLOAD_KINDS)[number];

const FILES: Record<DataDownloadKind, { name: string; extension: string }> = {
  textResponses: { name: 'text_responses', extension: 'zip' },
  responseTimes: { name: 'response_times', extension: 'xlsx' },
  analysis: { name: 'analysis_data', extension: 'zip' },
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

/** e.g. `ABC123_stage2_group1_text_responses.zip`, `ABC123_stage2_all_groups_response_times.xlsx`. */
export function dataDownloadTitle(kind: DataDownloadKind, { studyCode, stageNum, groupNum }: DataDownloadScope): string {
  const parts = [studyCode];
  if (stageNum !== undefined) parts.push(`stage${stageNum}`, groupNum === undefined ? 'all_groups' : `group${groupNum}`);
  const file = FILES[kind];
  return safeFileName(`${parts.join('_')}_${file.name}.${file.extension}`);
}
