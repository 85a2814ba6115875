// The audit trail's hash chain: each entry's hash is sha256 over the previous entry's hash, a newline and the
// entry's canonical content (JSON with keys sorted at every level), in lowercase hex. The first entry's
// previous hash is GENESIS_HASH. docs/decisions.md describes the format for anyone checking it by hand.
import { createHash } from 'node:crypto';
import type { AuditChange } from '../../../shared/audit';

export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every column but the hashes themselves. */
export interface HashedContent {
  seq: number;
  at: string;
  actorKind: string;
  actorId: string | null;
  actorEmail: string | null;
  kind: string;
  entityType: string;
  entityId: string | null;
  studyId: string | null;
  labId: string | null;
  changes: AuditChange[];
}

/** JSON with object keys sorted at every level: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function entryHash(prevHash: string, content: HashedContent): string {
  return createHash('sha256').update(`${prevHash}\n${canonicalJson(content)}`).digest('hex');
}
