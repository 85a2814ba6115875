// The last good answer of each read the app shows (the studies, a study's tasks, a questionnaire), kept on the
// phone for the account that made it, so the app opens without network with what it last knew and an open task
// can be answered. Kept per participant (never shown to another account) and forgotten at sign-out.
import { appDb, type KeptReadRecord } from '../queue/outboxDb';

export interface KeptRead<T> {
  data: T;
  /** When the server gave it (ISO). */
  savedAt: string;
}

export async function keepRead(participantId: string, path: string, data: unknown, savedAt = new Date()): Promise<void> {
  const record: KeptReadRecord = { participantId, path, savedAt: savedAt.toISOString(), data };
  await (await appDb()).put('reads', record);
}

/** The account's last answer of the read, or null. The caller names the answer's type, as for the call. */
export async function keptRead<T>(participantId: string, path: string): Promise<KeptRead<T> | null> {
  const record = await (await appDb()).get('reads', [participantId, path]);
  return record ? { data: record.data as T, savedAt: record.savedAt } : null;
}

/** Forgets every account's reads but `keep`'s (none kept: at sign-out). */
export async function forgetReads(keep: string | null = null): Promise<void> {
  const db = await appDb();
  const tx = db.transaction('reads', 'readwrite');
  for (const key of await tx.store.getAllKeys()) {
    if (key[0] !== keep) await tx.store.delete(key);
  }
  await tx.done;
}
