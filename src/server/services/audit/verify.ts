// Walks the audit trail from its first entry and checks each link: numbered in order, chained to the one
// before, and hashed over what the row holds now. The first entry that fails is the one changed (or removed)
// behind the server's back. Every row is accounted for: one numbered below 1 (or not at all) is outside the
// chain, which the Activity pages would still show, and fails the check too (issue 31).
import type { Db } from '../../repositories/db';
import { auditEntriesInOrder, rowsOutsideChain } from '../../repositories/audit';
import type { AuditEntryRow } from '../../db/types';
import type { AuditChange } from '../../../shared/audit';
import { entryHash, GENESIS_HASH, type HashedContent } from './hash';

/** The chain's last entry: what to keep elsewhere to show later that no newer entry was removed or rewritten. */
export interface ChainHead {
  seq: number;
  hash: string;
}

export interface ChainReport {
  checked: number;
  /** The last entry found intact; entry 0 with GENESIS_HASH for an empty trail. */
  head: ChainHead;
  broken: { seq: number; reason: string } | null;
  /** Rows numbered below 1 or not at all, none of them in the chain: how many, and the lowest number. */
  outside: { rows: number; first: number | null } | null;
  /** The hash the entry asked for (`watch`) has in the chain, null when the chain has no such entry. */
  watched: string | null;
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
  if (Number(row.seq) !== expectedSeq) return `entry ${expectedSeq} is missing, the next row is numbered ${String(row.seq)}`;
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

/** Walks the chain; `watch` names an entry whose hash to report (the one an owner kept elsewhere). */
export async function verifyAuditChain(db: Db, watch?: number): Promise<ChainReport> {
  let head: ChainHead = { seq: 0, hash: GENESIS_HASH };
  let watched: string | null = null;
  let broken: ChainReport['broken'] = null;
  for await (const row of auditEntriesInOrder(db, {})) {
    const reason = problemOf(row, head.seq + 1, head.hash);
    if (reason) {
      broken = { seq: head.seq + 1, reason };
      break;
    }
    head = { seq: head.seq + 1, hash: row.hash };
    if (head.seq === watch) watched = row.hash;
  }
  // The walk saw every row numbered 1 or more; these are the others.
  const outside = await rowsOutsideChain(db);
  return { checked: head.seq, head, broken, outside: outside.rows > 0 ? outside : null, watched };
}
