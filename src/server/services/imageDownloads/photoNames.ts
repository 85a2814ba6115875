// File names inside the photo zip (PARTICIPANTS.md "Data out"): {participant_code}_{questionnaire}_{submitted
// time}.{ext}, the time in UTC as YYYYMMDD-HHmmss; a second photo of the same name gets _2, _3, ...
import { compactTime, photoBaseName, photoExtension, safeNamePart } from '../../../shared/dataDownloads';
import type { PhotoAnswerRow } from '../../repositories/imageDownloads';

/** One unique name per photo, in the rows' order. */
export function photoEntryNames(rows: readonly PhotoAnswerRow[]): string[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const base = photoBaseName(row.participant_code, row.abbrev, row.submitted_at);
    const ext = photoExtension(row.content_type);
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
