// The service worker's prompt handlers (serviceWorker/push.ts) with a made-up scope, on the app's real outbox and
// session store (queue/outbox.ts, queue/outboxDb.ts) in fake-indexeddb, fetch recorded. A push shows its
// notification and reports `received` (before showing it) and `delivered` in one report, with the token the page handed over; a report that fails offline stays in the outbox, the
// outbox's background sync is asked for, and it is sent with the next push or session message; a tap focuses the
// open app (or opens the task) and reports `opened`; refusals are dropped, a 401 kept; another participant's
// reports go only with their own token.
import { installPush, type PushScope } from '../../../src/participant/serviceWorker/push';
import { installOutboxSync } from '../../../src/participant/serviceWorker/outboxSync';
import { OUTBOX_SYNC_TAG, eventsItem, listItems, putItem } from '../../../src/participant/queue/outbox';
import { keepWorkerSession, readWorkerSession } from '../../../src/participant/queue/outboxDb';
import type { WorkerSession } from '../../../src/participant/serviceWorkerLink/messages';
import type { PushPayload } from '../../../src/shared/push';
import { freshIndexedDb } from '../answerSupport';

// The worker's listeners by event type.
type Listener = (event: { waitUntil(p: Promise<unknown>): void } & Record<string, unknown>) => void;

const PAT: WorkerSession = { token: 'token-pat', participantId: 'p1', language: 'en' };
const prompt: PushPayload = { taskId: 't1', promptId: 't1', studyId: 's1', questionnaire: { chin_name: 'Mood' }, window_closes_at: '2026-03-02T06:30:00.000Z' };

interface Sent {
  url: string;
  token: string | null;
  events: { taskId: string; kind: string }[];
}

function worker(windows: { url: string; focus: jest.Mock; postMessage: jest.Mock }[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = jest.fn(async () => undefined);
  const syncRegister = jest.fn(async () => undefined);
  const openWindow = jest.fn(async () => null);
  const scope = {
    __WB_MANIFEST: [],
    registration: { showNotification, sync: { register: syncRegister } } as unknown as ServiceWorkerRegistration,
    skipWaiting: async () => undefined,
    location: { origin: 'https://study.example.org' },
    clients: { claim: async () => undefined, matchAll: async () => windows, openWindow },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  } as unknown as PushScope;
  installPush(scope);
  installOutboxSync(scope);
  const fire = async (type: string, fields: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.allSettled(waits);
    return waits;
  };
  return {
    showNotification,
    syncRegister,
    openWindow,
    push: (payload: unknown) => fire('push', { data: { text: () => JSON.stringify(payload) } }),
    message: (data: unknown) => fire('message', { data }),
    tap: (data: unknown) => fire('notificationclick', { notification: { data, close: jest.fn() } }),
    sync: (tag: string) => fire('sync', { tag }),
  };
}

let sent: Sent[];
let answer: () => Promise<Response>;

beforeEach(async () => {
  freshIndexedDb();
  await keepWorkerSession(PAT);
  sent = [];
  answer = async () => new Response('{"message":"ok"}', { status: 200 });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { events: Sent['events'] };
    sent.push({ url: String(input), token: new Headers(init?.headers).get('Authorization'), events: body.events.map(({ taskId, kind }) => ({ taskId, kind })) });
    return answer();
  }) as typeof fetch;
});

/** The reports waiting in the outbox, as whose, what and with which token they were given. */
async function waiting() {
  return (await listItems()).map((item) => ({ participantId: item.participantId, token: item.token, events: item.kind === 'events' ? item.body.events.map(({ taskId, kind }) => ({ taskId, kind })) : [] }));
}

describe('the service worker’s prompts', () => {
  it('reports received before showing the notification: a push the phone fails to show is still received', async () => {
    const sw = worker();
    let stored: unknown[] = [];
    sw.showNotification.mockImplementation(async () => {
      stored = await waiting();
      throw new TypeError('No notification permission has been granted for this origin.');
    });
    await sw.push(prompt);
    expect(stored).toEqual([{ participantId: 'p1', token: 'token-pat', events: [{ taskId: 't1', kind: 'received' }] }]);
    // Shown never: received alone stays for the outbox's next flush.
    expect(await waiting()).toEqual([{ participantId: 'p1', token: 'token-pat', events: [{ taskId: 't1', kind: 'received' }] }]);
  });

  it('shows a push as its notification and reports it received and delivered (one report) with the handed-over token', async () => {
    const sw = worker();
    await sw.push(prompt);
    expect(sw.showNotification).toHaveBeenCalledWith('Mood', expect.objectContaining({ tag: 't1', data: { url: '/app/studies/s1/tasks/t1', taskId: 't1', studyId: 's1' } }));
    expect(sent).toEqual([{ url: '/api/app/studies/s1/events', token: 'Bearer token-pat', events: [{ taskId: 't1', kind: 'received' }, { taskId: 't1', kind: 'delivered' }] }]);
    expect(await listItems()).toEqual([]);
  });

  it('keeps a report that fails offline in the outbox, asks for the outbox’s background sync, and sends it with the next push', async () => {
    const sw = worker();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await sw.push(prompt);
    expect(sw.showNotification).toHaveBeenCalledTimes(1);
    expect(await waiting()).toEqual([{ participantId: 'p1', token: 'token-pat', events: [{ taskId: 't1', kind: 'received' }, { taskId: 't1', kind: 'delivered' }] }]);
    expect(sw.syncRegister).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    expect(OUTBOX_SYNC_TAG).toBe('participant-outbox');
    // The outbox's sync tries again and, still offline, rejects so that the browser retries later.
    const [syncWait] = await sw.sync(OUTBOX_SYNC_TAG);
    await expect(syncWait).rejects.toThrow();
    expect(sent).toHaveLength(2);
    answer = async () => new Response('{}', { status: 200 });
    sent = [];
    // The next push comes before the backoff is over: a push is a sign of network, so all that waits goes.
    await sw.push({ ...prompt, taskId: 'r1' });
    expect(sent.flatMap((s) => s.events)).toEqual([
      { taskId: 't1', kind: 'received' },
      { taskId: 't1', kind: 'delivered' },
      { taskId: 'r1', kind: 'received' },
      { taskId: 'r1', kind: 'delivered' },
    ]);
    expect(await listItems()).toEqual([]);
  });

  it('sends what waits when the page hands over the session (the app’s start); nobody signed in: nothing is reported', async () => {
    const sw = worker();
    await keepWorkerSession(null);
    await sw.push(prompt);
    expect(sw.showNotification).toHaveBeenCalledTimes(1);
    expect(await listItems()).toEqual([]);
    expect(sent).toEqual([]);
    await keepWorkerSession(PAT);
    answer = async () => new Response('{}', { status: 503 });
    await sw.push(prompt);
    expect(await listItems()).toHaveLength(1);
    answer = async () => new Response('{}', { status: 200 });
    await sw.message({ type: 'participant-session', session: { ...PAT, token: 'token-new' } });
    expect((await readWorkerSession())?.token).toBe('token-new');
    expect(sent.at(-1)).toEqual({ url: '/api/app/studies/s1/events', token: 'Bearer token-new', events: [{ taskId: 't1', kind: 'received' }, { taskId: 't1', kind: 'delivered' }] });
    expect(await listItems()).toEqual([]);
  });

  it('keeps a report refused with 401 for the next token, and drops one refused otherwise', async () => {
    const sw = worker();
    answer = async () => new Response('{}', { status: 401 });
    await sw.push(prompt);
    expect(await waiting()).toEqual([{ participantId: 'p1', token: 'token-pat', events: [{ taskId: 't1', kind: 'received' }, { taskId: 't1', kind: 'delivered' }] }]);
    expect(sw.syncRegister).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    answer = async () => new Response('{}', { status: 404 });
    await sw.push({ ...prompt, taskId: 'gone' });
    expect(await listItems()).toEqual([]);
  });

  it("never sends another participant's reports with this one's token", async () => {
    const sw = worker();
    await putItem(eventsItem({ studyId: 's9', participantId: 'p2', token: 'token-sam', events: [{ taskId: 'other', kind: 'delivered', at: new Date().toISOString() }] }, new Date(Date.now() - 60_000)));
    answer = async () => new Response('{}', { status: 401 });
    await sw.push(prompt);
    // Each report goes with the token it was given in: Sam's with Sam's (refused, his session is over), Pat's with Pat's.
    expect(sent.map((s) => [s.url, s.token])).toEqual([
      ['/api/app/studies/s9/events', 'Bearer token-sam'],
      ['/api/app/studies/s1/events', 'Bearer token-pat'],
    ]);
    answer = async () => new Response('{}', { status: 200 });
    sent = [];
    // Pat signs in again: only Pat's report takes the new token.
    await sw.message({ type: 'participant-session', session: { ...PAT, token: 'token-pat-2' } });
    expect(sent.map((s) => [s.url, s.token])).toEqual([
      ['/api/app/studies/s9/events', 'Bearer token-sam'],
      ['/api/app/studies/s1/events', 'Bearer token-pat-2'],
    ]);
    expect(await listItems()).toEqual([]);
  });

  it('a tap focuses the open app, asks it to show the task, and reports opened', async () => {
    const app = { url: 'https://study.example.org/app/studies/s1', focus: jest.fn(async () => undefined), postMessage: jest.fn() };
    const sw = worker([{ url: 'https://study.example.org/portal', focus: jest.fn(), postMessage: jest.fn() }, app]);
    await sw.tap({ url: '/app/studies/s1/tasks/t1', taskId: 'r1', studyId: 's1' });
    expect(app.focus).toHaveBeenCalled();
    expect(app.postMessage).toHaveBeenCalledWith({ type: 'open-task', url: '/app/studies/s1/tasks/t1' });
    expect(sw.openWindow).not.toHaveBeenCalled();
    expect(sent.flatMap((s) => s.events)).toEqual([{ taskId: 'r1', kind: 'opened' }]);
  });

  it('a tap with no app window open opens the task’s address', async () => {
    const sw = worker();
    await sw.tap({ url: '/app/studies/s1/tasks/t1', taskId: 't1', studyId: 's1' });
    expect(sw.openWindow).toHaveBeenCalledWith('/app/studies/s1/tasks/t1');
    expect(sent.flatMap((s) => s.events)).toEqual([{ taskId: 't1', kind: 'opened' }]);
  });

  it('a message that is not the server’s payload shows nothing', async () => {
    const sw = worker();
    await sw.push({ hello: 'world' });
    expect(sw.showNotification).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
