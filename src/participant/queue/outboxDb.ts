// The app's IndexedDB (idb 8), the one database of the page and the service worker: the outbox of answers and
// task events waiting to reach the server, the last answers of the reads per account (offline/keptReads.ts: the
// app opens and answers without network), and the session the page hands the service worker (it cannot read
// localStorage).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { EventsBody, ResponseBody } from '../../shared/types/participantApp';
import type { WorkerSession } from '../serviceWorkerLink/messages';

/** A photo chosen without network: kept here as a Blob and uploaded before its answer is sent. */
export interface PendingPhoto {
  /** The value the answer holds until the upload gives the stored key. */
  marker: string;
  blob: Blob;
  contentType: string;
}

export type OutboxState = 'waiting' | 'refused';

interface QueuedBase {
  /** The submissionId of an answer; a fresh id for a report of events. */
  id: string;
  studyId: string;
  participantId: string;
  /** The session it was given in: the service worker has no other (the page uses the current one). */
  token: string;
  createdAt: string;
  state: OutboxState;
  /** Sending attempts that failed for want of network or a server error. */
  attempts: number;
  /** Not tried again before this moment (ms since the epoch). */
  nextTryAt: number;
  /** The server's refusal, when refused. */
  message: string | null;
}

export interface QueuedAnswer extends QueuedBase {
  kind: 'response';
  body: ResponseBody;
  photos: PendingPhoto[];
  /** The task the participant answered (for an anytime task the body's taskId is null). */
  taskId: string;
  questionnaireName: string;
  question_pos?: number;
  response_pos?: number;
}

export interface QueuedEvents extends QueuedBase {
  kind: 'events';
  body: EventsBody;
}

export type QueuedItem = QueuedAnswer | QueuedEvents;

/** A read's last good answer (studies, tasks, a questionnaire), kept for the account that made it. */
export interface KeptReadRecord {
  participantId: string;
  /** The call's path under /api/app. */
  path: string;
  /** When the server gave it (ISO). */
  savedAt: string;
  data: unknown;
}

interface AppDb extends DBSchema {
  outbox: { key: string; value: QueuedItem };
  reads: { key: [string, string]; value: KeptReadRecord };
  /** One record, under SESSION_KEY: who is signed in on the page, as last handed over. */
  session: { key: string; value: WorkerSession };
}

export const DB_NAME = 'participant-app';
/**
 * 1: outbox and questionnaires; 2: the service worker's session; 3: reads kept per account, in place of the
 * questionnaires kept for whoever was signed in.
 */
const DB_VERSION = 3;
const SESSION_KEY = 'current';

let opened: Promise<IDBPDatabase<AppDb>> | null = null;

export function appDb(): Promise<IDBPDatabase<AppDb>> {
  if (opened) return opened;
  const connection: Promise<IDBPDatabase<AppDb>> = openDB<AppDb>(DB_NAME, DB_VERSION, {
    // Creates only the stores missing, so an upgrade keeps the outbox a phone already holds.
    upgrade(db) {
      if (!db.objectStoreNames.contains('outbox')) db.createObjectStore('outbox', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('session')) db.createObjectStore('session');
      if (!db.objectStoreNames.contains('reads')) db.createObjectStore('reads', { keyPath: ['participantId', 'path'] });
      // Version 1's questionnaires belonged to no account: they are loaded again, kept per account.
      const untyped = db as unknown as IDBPDatabase;
      if (untyped.objectStoreNames.contains('questionnaires')) untyped.deleteObjectStore('questionnaires');
    },
    // A newer version opened by an updated page or service worker waits until this connection closes: close it
    // (after its transactions) and open afresh at the next call.
    blocking() {
      if (opened === connection) opened = null;
      void connection.then((db) => db.close());
    },
  });
  opened = connection;
  return connection;
}

export async function readWorkerSession(): Promise<WorkerSession | null> {
  return (await (await appDb()).get('session', SESSION_KEY)) ?? null;
}

/** Keeps the session the page handed over (null: nobody is signed in any more). */
export async function keepWorkerSession(session: WorkerSession | null): Promise<void> {
  const db = await appDb();
  if (session) await db.put('session', session, SESSION_KEY);
  else await db.delete('session', SESSION_KEY);
}

/** Tests start each case with a fresh database. */
export function forgetAppDb(): void {
  opened = null;
}
