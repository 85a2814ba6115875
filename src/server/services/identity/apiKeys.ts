// Analysts' API keys (issue 36 part 2): made, listed and revoked by their lab user; checked on the calls that
// accept them (plugins/apiKeyAuth.ts). A key is 32 random bytes, so its SHA-256 is stored rather than a slow
// password hash (docs/decisions.md "API keys"): no dictionary reaches it, and every call can check it cheaply.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../repositories/db';
import type { ApiKeyRow, LabUserRow } from '../../db/types';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, newApiKeyProblem, type ApiKeyStudy, type ApiKeySummary, type CreatedApiKey, type NewApiKey } from '../../../shared/apiKeys';
import { apiKeyMessages } from '../../../shared/messages';
import { badRequest, forbidden, notFound, unauthorized } from '../../httpErrors';
import { newId, nowIso } from '../../ids';
import { apiKeyStudyIds, findApiKeyByHash, findApiKeyOf, insertApiKey, listApiKeysOf, revokeApiKeyRow, touchApiKey, type KeyWithOwner } from '../../repositories/apiKeys';
import { recordAudit, type AuditActor } from '../audit/record';

const KEY_BYTES = 32;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function summary(row: ApiKeyRow, studyIds: string[]): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    studyIds,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** The studies a lab user may download: those of their lab (any lab user of the lab may, part 2 section 2.5). */
async function downloadableAmong(db: Db, user: LabUserRow, studyIds: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('studies').select('id').where('lab_id', '=', user.lab_id).where('id', 'in', [...studyIds]).execute();
  return new Set(rows.map((r) => r.id));
}

/** Every study the user may download, for the account page's checklist. */
export async function downloadableStudies(db: Db, user: LabUserRow): Promise<ApiKeyStudy[]> {
  const rows = await db.selectFrom('studies').select(['id', 'chin_name', 'study_code']).where('lab_id', '=', user.lab_id).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.chin_name, code: r.study_code }));
}

export async function createApiKey(db: Db, user: LabUserRow, input: NewApiKey, actor: AuditActor): Promise<CreatedApiKey> {
  const now = new Date();
  const problem = newApiKeyProblem(input, now);
  if (problem) throw badRequest(problem);
  const studyIds = [...new Set(input.studyIds)].sort();
  const downloadable = await downloadableAmong(db, user, studyIds);
  if (studyIds.some((id) => !downloadable.has(id))) throw forbidden(apiKeyMessages.studyNotDownloadable);
  const key = API_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
  const row: ApiKeyRow = {
    id: newId(),
    lab_user_id: user.id,
    name: input.name.trim(),
    prefix: key.slice(0, API_KEY_SHOWN_CHARS),
    key_hash: hashApiKey(key),
    created_at: now.toISOString(),
    expires_at: new Date(Date.parse(input.expiresAt)).toISOString(),
    revoked_at: null,
    last_used_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertApiKey(trx, row, studyIds);
    await recordAudit(trx, actor, {
      kind: 'apiKey.created',
      entityType: 'apiKey',
      entityId: row.id,
      labId: user.lab_id,
      before: null,
      after: { name: row.name, prefix: row.prefix, studyIds, expiresAt: row.expires_at },
    });
  });
  return { id: row.id, key };
}

export async function listApiKeys(db: Db, user: LabUserRow): Promise<ApiKeySummary[]> {
  return (await listApiKeysOf(db, user.id)).map(({ studyIds, ...row }) => summary(row, studyIds));
}

/** Revokes one of the user's own keys; another user's key answers 404 as a missing one. Revoking twice is harmless. */
export async function revokeApiKey(db: Db, user: LabUserRow, id: string, actor: AuditActor): Promise<void> {
  const row = await findApiKeyOf(db, id, user.id);
  if (!row) throw notFound(apiKeyMessages.keyNotFound);
  if (row.revoked_at) return;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await revokeApiKeyRow(trx, id, now);
    await recordAudit(trx, actor, {
      kind: 'apiKey.revoked',
      entityType: 'apiKey',
      entityId: id,
      labId: user.lab_id,
      before: { revokedAt: null },
      after: { revokedAt: now },
    });
  });
}

export interface LiveApiKey extends KeyWithOwner {
  studyIds: string[];
}

/** The key's owner and studies; 401 for an unknown, revoked or expired key, or one whose owner is gone. */
export async function liveApiKey(db: Db, key: string): Promise<LiveApiKey> {
  const found = await findApiKeyByHash(db, hashApiKey(key));
  if (!found) throw unauthorized(apiKeyMessages.keyInvalid);
  if (found.key.revoked_at) throw unauthorized(apiKeyMessages.keyRevoked);
  if (found.key.expires_at <= nowIso()) throw unauthorized(apiKeyMessages.keyExpired);
  return { ...found, studyIds: await apiKeyStudyIds(db, found.key.id) };
}

/** A call made with the key: in the audit trail (which call, on which study) and as the key's last use. */
export async function recordApiKeyUse(db: Db, user: LabUserRow, key: { id: string; name: string; prefix: string }, studyId: string, call: string): Promise<void> {
  const now = nowIso();
  const actor: AuditActor = { kind: 'lab_user', id: user.id, email: user.email };
  await db.transaction().execute(async (trx) => {
    await touchApiKey(trx, key.id, now);
    await recordAudit(trx, actor, {
      kind: 'apiKey.used',
      entityType: 'apiKey',
      entityId: key.id,
      studyId,
      labId: user.lab_id,
      before: null,
      after: { call, name: key.name, prefix: key.prefix },
    });
  });
}
