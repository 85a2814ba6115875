// The one way a change enters the audit trail: called inside the transaction that makes the change, so the
// entry is committed with it or not at all. It locks the chain's tail, reads it and appends the next entry.
import type { Db } from '../../repositories/db';
import { chainTail, insertAuditEntry, lockChainTail } from '../../repositories/audit';
import type { AuditActorKind, AuditKind } from '../../../shared/audit';
import { nowIso } from '../../ids';
import { fieldChanges } from './changes';
import { entryHash, GENESIS_HASH, type HashedContent } from './hash';

/** Who made the change. */
export interface AuditActor {
  kind: AuditActorKind;
  id: string | null;
  email: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { kind: 'system', id: null, email: null };

export interface AuditEvent {
  kind: AuditKind;
  entityType: string;
  entityId: string | null;
  studyId?: string | null;
  labId?: string | null;
  /** The document before and after the change (null when it did not exist); never a secret such as a password. */
  before: unknown;
  after: unknown;
}

/**
 * Appends one entry. Call it as the last step of the change's transaction: on PostgreSQL the tail's lock is
 * held until commit, and a transaction that took it first and then waited for another lock could deadlock.
 * Given the database itself (no transaction), it makes one of its own.
 */
export async function recordAudit(db: Db, actor: AuditActor, event: AuditEvent): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => recordAudit(trx, actor, event));
    return;
  }
  await lockChainTail(db);
  const tail = await chainTail(db);
  const content: HashedContent = {
    seq: (tail?.seq ?? 0) + 1,
    at: nowIso(),
    actorKind: actor.kind,
    actorId: actor.id,
    actorEmail: actor.email,
    kind: event.kind,
    entityType: event.entityType,
    entityId: event.entityId,
    studyId: event.studyId ?? null,
    labId: event.labId ?? null,
    changes: fieldChanges(event.before, event.after),
  };
  const prevHash = tail?.hash ?? GENESIS_HASH;
  await insertAuditEntry(db, {
    seq: content.seq,
    at: content.at,
    actor_kind: content.actorKind,
    actor_id: content.actorId,
    actor_email: content.actorEmail,
    kind: content.kind,
    entity_type: content.entityType,
    entity_id: content.entityId,
    study_id: content.studyId,
    lab_id: content.labId,
    changes: JSON.stringify(content.changes),
    prev_hash: prevHash,
    hash: entryHash(prevHash, content),
  });
}

/** A download of a study's data (text, analysis or photos): who took which file, and what was asked for. */
export function recordDataDownload(db: Db, actor: AuditActor, study: { id: string; lab_id: string }, download: { file: string } & Record<string, unknown>): Promise<void> {
  return recordAudit(db, actor, {
    kind: 'data.downloaded',
    entityType: 'study',
    entityId: study.id,
    studyId: study.id,
    labId: study.lab_id,
    before: null,
    after: download,
  });
}
