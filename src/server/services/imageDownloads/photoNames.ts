// File names inside the photo zip (PARTICIPANTS.md "Data out"): {participant_code}_{questionnaire}_{submitted
// time}.{ext}, the time in UTC as YYYYMMDD-HHmmss; a second photo of the same name gets _2, _3, ...
import type { PhotoAnswerRow } from '../../repositories/imageDownloads';

/** Characters that some file system refuses in a name. */
const REFUSED = new Set('\\/:*?"<>|');

/** Refused characters, control characters and spaces (which tools quote badly) become one '-'. */
function unsafe(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || REFUSED.has(char) || /\s/.test(char);
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

export function extensionOf(contentType: string): string {
  return contentType === 'image/png' ? 'png' : 'jpg';
}

/** One unique name per photo, in the rows' order. */
export function photoEntryNames(rows: readonly PhotoAnswerRow[]): string[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const base = `${safeNamePart(row.participant_code)}_${safeNamePart(row.abbrev)}_${compactTime(row.submitted_at)}`;
    const ext = extensionOf(row.content_type);
    let name = `${base}.${ext}`;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base}_${n}.${ext}`;
    // Case-insensitive: the zip may be opened on a file system that folds case.
    taken.add(name.toLowerCase());
    return name;
  });
}

/** The zip's own name: the study's and the participant's codes and the moment it was asked for. */
export function zipFileName(studyCode: string, participantCode: string, at: Date): string {
  return `${safeNamePart(studyCode)}_${safeNamePart(participantCode)}_images_${compactTime(at.toISOString())}.zip`;
}
