// Walks the audit trail from its first entry and checks each link: numbered in order, chained to the one
// before, and hashed over what the row holds now. The first entry that fails is the one changed (or removed)
// behind the server's back.
import type { Db } from '../../repositories/db';
import { auditEntriesInOrder } from '../../repositories/audit';
import type { AuditEntryRow } from '../../db/types';
import type { AuditChange } from '../../../shared/audit';
import { entryHash, GENESIS_HASH, type HashedContent } from './hash';

export interface ChainReport {
  checked: number;
  broken: { seq: number; reason: string } | null;
}

export function hashedContentOf(row: AuditEntryRow): HashedContent {
  return {
    seq: Number(row.seq),
    at: row.at,
    actorKind: row.actor_kind,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    kind: row.kind,
    entityType: row.entity_type,
    entityId: row.entity_id,
    studyId: row.study_id,
    labId: row.lab_id,
    changes: JSON.parse(row.changes) as AuditChange[],
  };
}

function problemOf(row: AuditEntryRow, expectedSeq: number, prevHash: string): string | null {
  if (Number(row.seq) !== expectedSeq) return `entry ${expectedSeq} is missing`;
  if (row.prev_hash !== prevHash) return 'its previous hash is not the hash of the entry before it';
  let content: HashedContent;
  try {
    content = hashedContentOf(row);
  } catch {
    return 'its changes are not JSON';
  }
  if (entryHash(prevHash, content) !== row.hash) return 'its content does not match its hash';
  return null;
}

export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  let prevHash = GENESIS_HASH;
  let checked = 0;
  for await (const row of auditEntriesInOrder(db, {})) {
    const reason = problemOf(row, checked + 1, prevHash);
    if (reason) return { checked, broken: { seq: checked + 1, reason } };
    prevHash = row.hash;
    checked += 1;
  }
  return { checked, broken: null };
}
