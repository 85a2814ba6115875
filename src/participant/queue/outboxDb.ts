// The app's IndexedDB (idb 8): the outbox of answers and task events waiting to reach the server, and the
// questionnaires last loaded, so a task opened without network can still be answered. The page and the
// service worker open the same database.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AppQuestionnaire, EventsBody, ResponseBody } from '../../shared/types/participantApp';

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

interface AppDb extends DBSchema {
  outbox: { key: string; value: QueuedItem };
  questionnaires: { key: string; value: AppQuestionnaire };
}

export const DB_NAME = 'participant-app';

let opened: Promise<IDBPDatabase<AppDb>> | null = null;

export function appDb(): Promise<IDBPDatabase<AppDb>> {
  opened ??= openDB<AppDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'id' });
      db.createObjectStore('questionnaires', { keyPath: '_id' });
    },
  });
  return opened;
}

/** Tests start each case with a fresh database. */
export function forgetAppDb(): void {
  opened = null;
}
