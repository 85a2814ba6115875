// A photo answer: checked here by the server's rule, uploaded at once when there is network; without it the
// picture is kept (as a Blob, with the answer in the outbox) under a marker the answer holds until the upload.
// The same happens when the session has ended: the photo goes up with the answer after the next sign-in.
import { AppCallError } from '../api/client';
import { photoUploadProblem } from '../../shared/participants';
import { uploadPhoto } from '../queue/outbox';
import type { PendingPhoto } from '../queue/outboxDb';

export const LOCAL_PHOTO = 'local-photo:';

export async function choosePhoto(file: File, token: string, keep: (photo: PendingPhoto) => void): Promise<string> {
  const problem = photoUploadProblem(file.type, file.size);
  if (problem) throw new AppCallError(400, problem);
  if (navigator.onLine) {
    const uploaded = await uploadPhoto(token, file, file.type);
    if ('key' in uploaded) return uploaded.key;
    if (uploaded.outcome === 'refused') throw new AppCallError(400, uploaded.message);
  }
  const marker = `${LOCAL_PHOTO}${crypto.randomUUID()}`;
  keep({ marker, blob: file, contentType: file.type });
  return marker;
}
