// The photo answers of a page of participants in a download's scope, each with the one name the downloads give
// it (photoNames): the analysis download's manifest lists them, the text download's photo cells name them.
import type { Db } from '../../repositories/db';
import { photosOfParticipants, type ParticipationEntry, type PhotoEntry, type ScopeFilter } from '../../repositories/exports';
import { photoNames } from './imageDownloads/photoNames';
import type { ItemColumn } from './items';

export interface NamedPhoto extends PhotoEntry {
  participant_code: string;
  file_name: string;
}

/** The page's photos in answer order (participant, answer, upload, key), named. */
export async function namedPhotosOfPage(db: Db, page: readonly ParticipationEntry[], scope: ScopeFilter): Promise<NamedPhoto[]> {
  const photos = await photosOfParticipants(db, page.map((p) => p.participant_id), scope);
  if (photos.length === 0) return [];
  const codes = new Map(page.map((p) => [p.participant_id, p.participant_code]));
  const coded = photos.map((photo) => ({ ...photo, participant_code: codes.get(photo.participant_id) ?? '' }));
  const names = photoNames(coded);
  return coded
    .map((photo) => ({ ...photo, file_name: names.get(photo.object_key) ?? '' }))
    .sort(
      (a, b) =>
        a.participant_code.localeCompare(b.participant_code) ||
        a.submitted_at.localeCompare(b.submitted_at) ||
        a.created_at.localeCompare(b.created_at) ||
        a.object_key.localeCompare(b.object_key),
    );
}

/** Each photo's name by its answer and storage key: a text cell holding a key names that photo when its answer has it. */
export function photoNamesByAnswer(photos: readonly NamedPhoto[]): Map<string, string> {
  return new Map(photos.map((photo) => [answerPhotoKey(photo.submission_id, photo.object_key), photo.file_name]));
}

export function answerPhotoKey(submissionId: string, value: string): string {
  return `${submissionId}|${value}`;
}

/** The text of an answer's cell: a photo's name where the answer holds the photo's key, else the text itself. */
export function cellText(names: ReadonlyMap<string, string>, submissionId: string, text: string): string {
  return names.get(answerPhotoKey(submissionId, text)) ?? text;
}

/** Whether any column takes photos: only then are a page's photos read. */
export function hasPhotoColumn(columns: readonly ItemColumn[]): boolean {
  return columns.some((c) => c.response.type === 'photoUpload');
}
