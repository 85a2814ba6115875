// Photo answers: a signed, single-use upload address for a JPEG or PNG of at most 10 MB (the same storage and
// upload flow as media files, local or S3), and the check of what was really stored before an answer names it.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { ParticipantRow, PhotoUploadRow } from '../../db/types';
import type { UploadAnswer, UploadBody } from '../../../shared/types/participantApp';
import { PHOTO_MAX_BYTES, photoUploadProblem } from '../../../shared/participants';
import { participantMessages } from '../../../shared/messages';
import { HttpError, badRequest } from '../../httpErrors';
import { insertPhotoUpload } from '../../repositories/photos';
import { storedContentType } from '../media/fileContent';
import { nowIso } from '../../ids';

export async function grantPhotoUpload(ctx: AppContext, participant: ParticipantRow, body: UploadBody): Promise<UploadAnswer> {
  const problem = photoUploadProblem(body.contentType, body.size);
  if (problem) throw new HttpError(problem === participantMessages.photoTooLarge ? 413 : 415, problem);
  const ext = body.contentType === 'image/png' ? 'png' : 'jpg';
  const key = `photos/${participant.id}/${Date.now()}-${randomBytes(6).toString('hex')}.${ext}`;
  const expiresAt = new Date(Date.now() + ctx.config.uploadUrlMinutes * 60_000);
  const grantId = randomBytes(24).toString('base64url');
  await insertPhotoUpload(ctx.db, {
    id: grantId,
    participant_id: participant.id,
    object_key: key,
    content_type: body.contentType,
    max_bytes: PHOTO_MAX_BYTES,
    expires_at: expiresAt.toISOString(),
    used_at: null,
    submission_id: null,
    created_at: nowIso(),
  });
  const url = await ctx.storage.createUploadUrl({ grantId, key, contentType: body.contentType, expiresAt });
  return { url, key, expiresAt: expiresAt.toISOString() };
}

/**
 * The stored object is there, within the limit, and its bytes are the image type that was granted. Anything
 * else is removed from the store and refused.
 */
export async function checkStoredPhoto(ctx: AppContext, upload: PhotoUploadRow): Promise<void> {
  const stored = await ctx.storage.stat(upload.object_key);
  if (!stored) throw badRequest(participantMessages.photoUnknown);
  // The same signature check as media files (services/fileContent.ts), so one rule decides what a file is.
  const tooLarge = stored.size > PHOTO_MAX_BYTES;
  const type = tooLarge ? null : await storedContentType(ctx.storage, { key: upload.object_key, size: stored.size });
  if (tooLarge || type !== upload.content_type) {
    await ctx.storage.remove(upload.object_key);
    throw badRequest(tooLarge ? participantMessages.photoTooLarge : participantMessages.photoNotImage);
  }
}
