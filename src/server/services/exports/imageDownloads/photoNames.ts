// The one way photo answers are named, wherever a download names them: inside the photo zip, in the analysis
// download's photo manifest and in the text download's photo cells (PARTICIPANTS.md "Data out"):
// {participant_code}_{questionnaire}_{submitted time}.{ext}, the time in UTC as YYYYMMDD-HHmmss; a second photo
// of the same name (another photo of one answer) gets _2, _3, ... The storage key is never shown: it holds
// internal ids.
import type { PhotoAnswerRow } from '../../../repositories/imageDownloads';
import { compactTime, photoBaseName, photoExtension, safeNamePart } from '../../../../shared/dataDownloads';

/**
 * What a photo's name is made of: a photo answer as the repository reads it; `created_at` (the upload) and the
 * key order photos of one answer.
 */
export type PhotoToName = PhotoAnswerRow;

const byAnswerThenUpload = (a: PhotoToName, b: PhotoToName) =>
  a.submitted_at.localeCompare(b.submitted_at) || a.created_at.localeCompare(b.created_at) || a.object_key.localeCompare(b.object_key);

/**
 * One unique name per photo, by its storage key. The numbering follows answer time, upload time and key,
 * whatever order the photos come in; give all of a participant's photos in the download so that a photo has
 * the same name in the zip, the manifest and the text download.
 */
export function photoNames(photos: readonly PhotoToName[]): Map<string, string> {
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const photo of [...photos].sort(byAnswerThenUpload)) {
    const base = photoBaseName(photo.participant_code, photo.abbrev, photo.submitted_at);
    const ext = photoExtension(photo.content_type);
    let name = `${base}.${ext}`;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base}_${n}.${ext}`;
    // Case-insensitive: the zip may be opened on a file system that folds case.
    taken.add(name.toLowerCase());
    names.set(photo.object_key, name);
  }
  return names;
}

/** The zip's own name: the study's and the participant's codes and the moment it was asked for. */
export function zipFileName(studyCode: string, participantCode: string, at: Date): string {
  return `${safeNamePart(studyCode)}_${safeNamePart(participantCode)}_images_${compactTime(at.toISOString())}.zip`;
}
