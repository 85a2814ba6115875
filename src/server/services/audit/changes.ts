// The field-level difference of two JSON documents, as the audit trail keeps it: one row per leaf value that
// differs, named by its path. A value recorded whole (a status, a text) is its own leaf, named ''.
import type { AuditChange } from '../../../shared/audit';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What JSON would store: undefined becomes null, so what is hashed is what is read back. */
function toJson(value: unknown): Json {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as Json;
}

function isBranch(value: Json): value is Json[] | { [key: string]: Json } {
  return typeof value === 'object' && value !== null;
}

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

function keysOf(value: Json): Array<string | number> {
  if (Array.isArray(value)) return value.map((_, i) => i);
  if (isBranch(value)) return Object.keys(value).sort();
  return [];
}

function childOf(value: Json, key: string | number): Json {
  if (Array.isArray(value)) return typeof key === 'number' && key < value.length ? value[key] : null;
  if (isBranch(value) && typeof key === 'string' && Object.hasOwn(value, key)) return value[key];
  return null;
}

function collect(path: string, before: Json, after: Json, out: AuditChange[]): void {
  const sameShape = isBranch(before) && isBranch(after) && Array.isArray(before) === Array.isArray(after);
  const beforeBranch = isBranch(before) && (sameShape || after === null);
  const afterBranch = isBranch(after) && (sameShape || before === null);
  if (!beforeBranch && !afterBranch) {
    if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ field: path, before, after });
    return;
  }
  const keys = [...new Set([...keysOf(before), ...keysOf(after)])];
  for (const key of keys) collect(childPath(path, key), childOf(before, key), childOf(after, key), out);
}

/** Every leaf that differs between `before` and `after` (null for a document that did not exist). */
export function fieldChanges(before: unknown, after: unknown): AuditChange[] {
  const out: AuditChange[] = [];
  collect('', toJson(before), toJson(after), out);
  return out;
}
