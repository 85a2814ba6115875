// The service worker's own IndexedDB (through idb): the session the page handed over, and the delivered/opened
// reports not yet accepted by the server. Each report keeps whose it is, so that it goes only with that
// participant's token (another participant may sign in on the phone meanwhile).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TaskEventKind } from '../../shared/types/participantApp';
import type { WorkerSession } from '../push/workerMessages';

export interface PendingEvent {
  participantId: string;
  studyId: string;
  taskId: string;
  kind: TaskEventKind;
  at: string;
}

interface PromptsDb extends DBSchema {
  session: { key: string; value: WorkerSession };
  events: { key: number; value: PendingEvent };
}

const DB_NAME = 'participant-prompts';
const SESSION_KEY = 'current';

let opened: Promise<IDBPDatabase<PromptsDb>> | null = null;

function db(): Promise<IDBPDatabase<PromptsDb>> {
  opened ??= openDB<PromptsDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('session');
      database.createObjectStore('events', { autoIncrement: true });
    },
  });
  return opened;
}

export async function readWorkerSession(): Promise<WorkerSession | null> {
  return (await (await db()).get('session', SESSION_KEY)) ?? null;
}

export async function keepWorkerSession(session: WorkerSession | null): Promise<void> {
  const database = await db();
  if (session) await database.put('session', session, SESSION_KEY);
  else await database.delete('session', SESSION_KEY);
}

export async function addPendingEvent(event: PendingEvent): Promise<void> {
  await (await db()).add('events', event);
}

export async function pendingEvents(): Promise<{ key: number; event: PendingEvent }[]> {
  const tx = (await db()).transaction('events');
  const found: { key: number; event: PendingEvent }[] = [];
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) found.push({ key: cursor.key, event: cursor.value });
  await tx.done;
  return found;
}

export async function removePendingEvents(keys: readonly number[]): Promise<void> {
  if (keys.length === 0) return;
  const tx = (await db()).transaction('events', 'readwrite');
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
}
