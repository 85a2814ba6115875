// The one queue of everything the app must deliver: answers (with photos chosen offline) and task events
// (delivered, opened). Each item is stored before it is sent and removed only when the server has it, so an
// answer given without network survives the app being closed. The page and the service worker's Background
// Sync both run flushOutbox; a lock keeps them from sending the same item at once (and if they did, the
// server answers a repeated submissionId or event with what it answered first).
import type { AnswerItem, TaskEvent, UploadAnswer } from '../../shared/types/participantApp';
import { OTHER_FAILURE } from '../errors/failures';
import { appDb, type PendingPhoto, type QueuedAnswer, type QueuedEvents, type QueuedItem } from './outboxDb';

export const OUTBOX_SYNC_TAG = 'participant-outbox';
/** The service worker tells open pages through this channel that the outbox changed. */
export const OUTBOX_CHANNEL = 'participant-outbox';

/**
 * A report of events older than this is dropped unsent: its participant has not been online on this phone since,
 * and the server's adherence figures no longer need it. Answers are never dropped.
 */
export const EVENTS_KEEP_MS = 14 * 24 * 3_600_000;

/** Waits after failed attempts: 5 s, 10 s, 20 s … up to 10 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

/** A report of task events as the outbox keeps it, given in (and sent with) this participant's session. */
export function eventsItem(report: { studyId: string; participantId: string; token: string; events: TaskEvent[] }, now = new Date()): QueuedEvents {
  const { studyId, participantId, token, events } = report;
  return { kind: 'events', id: crypto.randomUUID(), studyId, participantId, token, createdAt: now.toISOString(), state: 'waiting', attempts: 0, nextTryAt: 0, message: null, body: { events } };
}

export async function putItem(item: QueuedItem): Promise<void> {
  await (await appDb()).put('outbox', item);
}

export async function removeItem(id: string): Promise<void> {
  await (await appDb()).delete('outbox', id);
}

export async function listItems(): Promise<QueuedItem[]> {
  const items = await (await appDb()).getAll('outbox');
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** How one attempt ended: the server has it, refused it, or it must wait (network, server error, session). */
type Attempt = { outcome: 'sent'; _id?: string } | { outcome: 'refused'; message: string; question_pos?: number; response_pos?: number } | { outcome: 'retry' } | { outcome: 'signedOut' };

interface Answered {
  status: number;
  data: unknown;
}

async function post(path: string, token: string, body: unknown): Promise<Answered | null> {
  try {
    const response = await fetch(`/api/app${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, data: await response.json().catch(() => null) };
  } catch {
    return null;
  }
}

function field<T>(data: unknown, name: string, type: 'string' | 'number'): T | undefined {
  if (typeof data !== 'object' || data === null || !(name in data)) return undefined;
  const value = (data as Record<string, unknown>)[name];
  return typeof value === type ? (value as T) : undefined;
}

/** 408 and 429 are the server asking to come back later; other 4xx are final refusals. */
function judge(answered: Answered | null): Attempt {
  if (!answered || answered.status >= 500 || answered.status === 408 || answered.status === 429) return { outcome: 'retry' };
  if (answered.status === 401) return { outcome: 'signedOut' };
  if (answered.status >= 400) {
    const message = field<string>(answered.data, 'message', 'string') ?? OTHER_FAILURE;
    const question_pos = field<number>(answered.data, 'question_pos', 'number');
    const response_pos = field<number>(answered.data, 'response_pos', 'number');
    return { outcome: 'refused', message, ...(question_pos === undefined ? {} : { question_pos }), ...(response_pos === undefined ? {} : { response_pos }) };
  }
  return { outcome: 'sent', _id: field<string>(answered.data, '_id', 'string') };
}

/** Where an answer holds a photo's marker (the refusal of its upload is shown there). */
function holderOf(answers: readonly AnswerItem[], marker: string): AnswerItem | undefined {
  return answers.find((a) => a.value === marker);
}

/** Uploads a photo through a signed single-use PUT; resolves to its key, or how the attempt ended. */
export async function uploadPhoto(token: string, blob: Blob, contentType: string): Promise<{ key: string } | Attempt> {
  const granted = await post('/uploads', token, { contentType, size: blob.size });
  const verdict = judge(granted);
  if (verdict.outcome !== 'sent' || !granted) return verdict;
  const grant = granted.data as UploadAnswer;
  let put: Answered | null;
  try {
    const response = await fetch(grant.url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: blob });
    put = { status: response.status, data: await response.json().catch(() => null) };
  } catch {
    put = null;
  }
  const stored = judge(put);
  return stored.outcome === 'sent' ? { key: grant.key } : stored;
}

/** Uploads the answer's pending photos, keeping each key in the stored item as soon as it is known. */
async function uploadPhotos(item: QueuedAnswer, token: string): Promise<Attempt | null> {
  while (item.photos.length > 0) {
    const photo: PendingPhoto = item.photos[0];
    const uploaded = await uploadPhoto(token, photo.blob, photo.contentType);
    if (!('key' in uploaded)) {
      if (uploaded.outcome !== 'refused') return uploaded;
      const holder = holderOf(item.body.answers, photo.marker);
      return holder ? { ...uploaded, question_pos: holder.question_pos, response_pos: holder.response_pos } : uploaded;
    }
    item.body.answers = item.body.answers.map((a) => (a.value === photo.marker ? { ...a, value: uploaded.key } : a));
    item.photos = item.photos.slice(1);
    await putItem(item);
  }
  return null;
}

async function attempt(item: QueuedItem, token: string): Promise<Attempt> {
  const study = `/studies/${encodeURIComponent(item.studyId)}`;
  if (item.kind === 'events') return judge(await post(`${study}/events`, token, item.body));
  const photos = await uploadPhotos(item, token);
  if (photos) return photos;
  // A 200 with the _id of the first attempt is a retry the server recognised: sent.
  return judge(await post(`${study}/responses`, token, item.body));
}

export interface FlushResult {
  /** Items the server now has (answers with their _id). */
  sent: { id: string; _id?: string }[];
  refused: { id: string; message: string; question_pos?: number; response_pos?: number }[];
  /** Reports of events dropped unsent, older than EVENTS_KEEP_MS. */
  dropped: string[];
  /** Items still waiting (network, server error or no session), and when the next one is due. */
  waiting: number;
  nextTryAt: number | null;
}

/**
 * The token to send an item with: the signed-in participant's current one for their own items (it may be newer
 * than the one the item was given in), the item's own otherwise, so no item goes with another participant's.
 */
export function tokenFrom(current: { participantId: string; token: string } | null): (item: QueuedItem) => string {
  return (item) => (current && current.participantId === item.participantId ? current.token : item.token);
}

export interface FlushOptions {
  /** The token to send an item with (the page's current session for its participant, else the item's own). */
  tokenOf: (item: QueuedItem) => string;
  /** Only these items (the answer just given); all by default. */
  only?: readonly string[];
  /** Try now, whatever the backoff says (the network just came back). */
  force?: boolean;
  now?: () => number;
}

async function flushUnlocked({ tokenOf, only, force = false, now = Date.now }: FlushOptions): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], dropped: [], waiting: 0, nextTryAt: null };
  const wait = (at: number) => {
    result.waiting += 1;
    result.nextTryAt = result.nextTryAt === null ? at : Math.min(result.nextTryAt, at);
  };
  let signedOut = new Set<string>();
  for (const item of await listItems()) {
    if (item.kind === 'events' && now() - Date.parse(item.createdAt) > EVENTS_KEEP_MS) {
      await removeItem(item.id);
      result.dropped.push(item.id);
      continue;
    }
    if (item.state !== 'waiting' || (only && !only.includes(item.id))) continue;
    if ((!force && item.nextTryAt > now()) || signedOut.has(item.participantId)) {
      wait(item.nextTryAt);
      continue;
    }
    const done = await attempt(item, tokenOf(item));
    if (done.outcome === 'sent') {
      await removeItem(item.id);
      result.sent.push({ id: item.id, _id: done._id });
    } else if (done.outcome === 'refused') {
      // A refused report of events is of no use to the participant: it is dropped. A refused answer stays,
      // shown with the server's message, and is not tried again.
      if (item.kind === 'events') await removeItem(item.id);
      else await putItem({ ...item, state: 'refused', message: done.message, question_pos: done.question_pos, response_pos: done.response_pos });
      result.refused.push({ id: item.id, message: done.message, question_pos: done.question_pos, response_pos: done.response_pos });
    } else if (done.outcome === 'signedOut') {
      // The session is over: the items wait for the participant's next sign-in (the page's token).
      signedOut = new Set([...signedOut, item.participantId]);
      wait(item.nextTryAt);
    } else {
      const attempts = item.attempts + 1;
      const nextTryAt = now() + backoffMs(attempts);
      await putItem({ ...item, attempts, nextTryAt });
      wait(nextTryAt);
    }
  }
  return result;
}

let running: Promise<unknown> = Promise.resolve();

/** Sends what is due, one flush at a time in this page or worker, and across them where Web Locks exist. */
export function flushOutbox(options: FlushOptions): Promise<FlushResult> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  const run = () => (locks ? locks.request(OUTBOX_SYNC_TAG, () => flushUnlocked(options)) : flushUnlocked(options));
  const next = running.then(run, run);
  running = next.catch(() => undefined);
  return next;
}

