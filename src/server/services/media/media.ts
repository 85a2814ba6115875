// Media files: the upload flow of part 1 section 4 (check, grant an upload address, register the record),
// and the records' reading, renaming and deletion. The server checks the same rules as the browser.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { LabUserRow, MediaFileRow } from '../../db/types';
import type { CreateFileBody, MediaFile, UploadUrlAnswer, UploadUrlBody } from '../../../shared/types/media';
import { MEDIA_LIMITS, checkMediaFile, fileNameProblem, type MediaType } from '../../../shared/media';
import { STORAGE_QUOTA_BYTES } from '../../../shared/limits';
import { mediaMessages } from '../../../shared/messages';
import { HttpError, badRequest, notFound } from '../../httpErrors';
import {
  deleteMediaFile,
  deleteUploadGrant,
  findMediaFileInLab,
  findUploadGrantByKey,
  insertMediaFile,
  insertUploadGrant,
  renameMediaFile,
} from '../../repositories/mediaFiles';
import { storageUsedByLab } from './storageUse';
import { contentMatchesExtension } from './fileContent';
import { newId, nowIso } from '../../ids';
import { recordAudit, type AuditActor } from '../audit/record';

/** A file over its type's limit answers 413; a wrong extension 400. Both with the specification's message. */
function refuse(message: string): HttpError {
  const tooLarge = Object.values(MEDIA_LIMITS).some((l) => l.message === message);
  return new HttpError(tooLarge ? 413 : 400, message);
}

export async function toMediaFile(ctx: AppContext, row: MediaFileRow): Promise<MediaFile> {
  const expiresAt = new Date(Date.now() + ctx.config.downloadUrlMinutes * 60_000);
  return {
    _id: row.id,
    name: row.name,
    type: row.type as MediaType,
    file: row.object_key,
    url: await ctx.storage.createDownloadUrl(row.object_key, expiresAt),
    size: Number(row.size),
    lab: row.lab_id,
    createdAt: row.created_at,
  };
}

async function refuseOverQuota(ctx: AppContext, labId: string, extraBytes: number): Promise<void> {
  if ((await storageUsedByLab(ctx.db, labId)) + extraBytes > STORAGE_QUOTA_BYTES) throw new HttpError(413, mediaMessages.quotaExceeded);
}

export async function grantUpload(ctx: AppContext, user: LabUserRow, body: UploadUrlBody): Promise<UploadUrlAnswer> {
  const check = checkMediaFile(body.filePath, body.fileSize ?? 0);
  if (!check.ok) throw refuse(check.message);
  await refuseOverQuota(ctx, user.lab_id, body.fileSize ?? 0);
  // Keys per lab, by type folder, with a timestamp and the extension.
  const key = `${user.lab_id}/${MEDIA_LIMITS[check.type].folder}/${Date.now()}-${randomBytes(4).toString('hex')}.${check.ext}`;
  const expiresAt = new Date(Date.now() + ctx.config.uploadUrlMinutes * 60_000);
  const grantId = randomBytes(24).toString('base64url');
  await insertUploadGrant(ctx.db, {
    id: grantId,
    lab_id: user.lab_id,
    object_key: key,
    content_type: check.contentType,
    max_bytes: MEDIA_LIMITS[check.type].bytes,
    expires_at: expiresAt.toISOString(),
    used_at: null,
  });
  const url = await ctx.storage.createUploadUrl({ grantId, key, contentType: check.contentType, expiresAt });
  return { url, file: key, type: check.type, contentType: check.contentType };
}

/** A media file as the audit trail keeps it; the lab's files are the lab's, so its entries carry the lab. */
function auditedFile(row: MediaFileRow) {
  return { name: row.name, type: row.type, file: row.object_key, size: Number(row.size) };
}

export async function registerFile(ctx: AppContext, user: LabUserRow, body: CreateFileBody, actor: AuditActor): Promise<MediaFileRow> {
  if (body.lab !== user.lab_id) throw notFound(mediaMessages.wrongLab);
  const nameProblem = fileNameProblem(body.name);
  if (nameProblem) throw badRequest(nameProblem);
  const grant = await findUploadGrantByKey(ctx.db, body.file);
  if (!grant || grant.lab_id !== user.lab_id) throw badRequest(mediaMessages.uploadMissing);
  const stored = await ctx.storage.stat(grant.object_key);
  if (!stored) throw badRequest(mediaMessages.uploadMissing);
  // The stored bytes decide, not what the browser says about them.
  const check = checkMediaFile(grant.object_key, stored.size);
  if (!check.ok) {
    await ctx.storage.remove(grant.object_key);
    await deleteUploadGrant(ctx.db, grant.id);
    throw refuse(check.message);
  }
  try {
    if (body.type !== check.type || (stored.contentType !== null && stored.contentType !== grant.content_type)) {
      throw badRequest(mediaMessages.uploadMismatch);
    }
    const file = { key: grant.object_key, size: stored.size };
    if (!(await contentMatchesExtension(ctx.storage, file, check.ext))) throw badRequest(mediaMessages.contentNotAsNamed);
    await refuseOverQuota(ctx, user.lab_id, stored.size);
  } catch (error) {
    // A refused upload leaves nothing behind in the store.
    await ctx.storage.remove(grant.object_key);
    await deleteUploadGrant(ctx.db, grant.id);
    throw error;
  }
  const row: MediaFileRow = {
    id: newId(),
    lab_id: user.lab_id,
    name: body.name.trim(),
    type: check.type,
    object_key: grant.object_key,
    content_type: grant.content_type,
    size: stored.size,
    created_by: user.id,
    created_at: nowIso(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertMediaFile(trx, row);
    await deleteUploadGrant(trx, grant.id);
    await recordAudit(trx, actor, { kind: 'media.added', entityType: 'mediaFile', entityId: row.id, labId: row.lab_id, before: null, after: auditedFile(row) });
  });
  return row;
}

export async function mediaFileOfLab(ctx: AppContext, id: string, labId: string): Promise<MediaFileRow> {
  const row = await findMediaFileInLab(ctx.db, id, labId);
  if (!row) throw notFound(mediaMessages.fileNotFound);
  return row;
}

/** Renames the file; a name it already has changes nothing and records nothing. */
export async function renameFile(ctx: AppContext, row: MediaFileRow, name: string, actor: AuditActor): Promise<MediaFileRow> {
  if (name === row.name) return row;
  await ctx.db.transaction().execute(async (trx) => {
    await renameMediaFile(trx, row.id, name);
    await recordAudit(trx, actor, { kind: 'media.renamed', entityType: 'mediaFile', entityId: row.id, labId: row.lab_id, before: { name: row.name }, after: { name } });
  });
  return { ...row, name };
}

/** Deleting a record deletes its stored object too. */
export async function removeFile(ctx: AppContext, row: MediaFileRow, actor: AuditActor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteMediaFile(trx, row.id);
    await recordAudit(trx, actor, { kind: 'media.deleted', entityType: 'mediaFile', entityId: row.id, labId: row.lab_id, before: auditedFile(row), after: null });
  });
  await ctx.storage.remove(row.object_key);
}
