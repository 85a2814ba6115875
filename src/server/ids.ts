// Opaque record ids: 24 hex characters, time-ordered like the `_id` values the specification shows.
import { randomBytes } from 'node:crypto';

/** Random bytes drawn ahead for the ids: one draw from the system per 4 KB instead of one per id. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let taken = POOL_BYTES;

function randomHex(bytes: number): string {
  if (taken + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += bytes;
  return pool.toString('hex', taken - bytes, taken);
}

function secondsHex(): string {
  return Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
}

/** The second, then 64 random bits. */
export function newId(): string {
  return secondsHex() + randomHex(8);
}

let sequence = 0;

/**
 * An id for rows written by the thousand a second (answers): the second, a counter, then 40 random bits.
 * Within a second one process's ids rise, so the tables keyed by them (submissions, answer_items) grow at their
 * end: with random ids each answer's rows landed on a page of their own and every commit rewrote as many pages
 * (a third of the answer writer's time). The random part keeps two processes' ids apart.
 */
export function newSequentialId(): string {
  sequence = (sequence + 1) % 0x1000000;
  return secondsHex() + sequence.toString(16).padStart(6, '0') + randomHex(5);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Many ids at once (a plan's tasks): one draw of random bytes instead of one per id. */
export function newIds(count: number): string[] {
  const seconds = secondsHex();
  const hex = randomBytes(8 * count).toString('hex');
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i += 1) ids[i] = seconds + hex.slice(i * 16, i * 16 + 16);
  return ids;
}
