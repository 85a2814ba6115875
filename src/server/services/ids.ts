// Opaque record ids: 24 hex characters, time-ordered like the `_id` values the specification shows.
import { randomBytes } from 'node:crypto';

/** Random bytes drawn ahead for newId: one draw from the system per 512 ids instead of one per id. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let taken = POOL_BYTES;

export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  if (taken + 8 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += 8;
  return seconds + pool.toString('hex', taken - 8, taken);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Many ids at once (a plan's tasks): one draw of random bytes instead of one per id. */
export function newIds(count: number): string[] {
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  const hex = randomBytes(8 * count).toString('hex');
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i += 1) ids[i] = seconds + hex.slice(i * 16, i * 16 + 16);
  return ids;
}
