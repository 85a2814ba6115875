// The service worker's prompt handlers (sw/push.ts) with a made-up scope: its IndexedDB store in mockStore (the real
// one, through idb, runs in the browser test), fetch recorded. A push shows its notification and reports
// `delivered` with the token the page handed over; a report that fails offline is kept, a background sync asked
// for, and sent with the next push or session message; a tap focuses the open app (or opens the task) and reports
// `opened`; refusals are dropped, a 401 kept; another participant's reports never go with this one's token.
import { installPush, type PushScope } from '../../../src/participant/sw/push';
import type { PendingEvent } from '../../../src/participant/sw/pushStore';
import type { WorkerSession } from '../../../src/participant/push/workerMessages';
import type { PushPayload } from '../../../src/shared/push';

// jest.mock is hoisted above the imports; its factory reads this store only when called.
const mockStore: { session: WorkerSession | null; events: Map<number, PendingEvent>; next: number } = { session: null, events: new Map(), next: 1 };

jest.mock('../../../src/participant/sw/pushStore', () => ({
  readWorkerSession: async () => mockStore.session,
  keepWorkerSession: async (session: WorkerSession | null) => {
    mockStore.session = session;
  },
  addPendingEvent: async (event: PendingEvent) => {
    mockStore.events.set(mockStore.next++, event);
  },
  pendingEvents: async () => [...mockStore.events].map(([key, event]) => ({ key, event })),
  removePendingEvents: async (keys: number[]) => {
    for (const key of keys) mockStore.events.delete(key);
  },
}));

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

beforeEach(() => {
  mockStore.session = PAT;
  mockStore.events.clear();
  sent = [];
  answer = async () => new Response('{"message":"ok"}', { status: 200 });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { events: Sent['events'] };
    sent.push({ url: String(input), token: new Headers(init?.headers).get('Authorization'), events: body.events.map(({ taskId, kind }) => ({ taskId, kind })) });
    return answer();
  }) as typeof fetch;
});

describe('the service worker’s prompts', () => {
  it('shows a push as its notification and reports it delivered with the handed-over token', async () => {
    const sw = worker();
    await sw.push(prompt);
    expect(sw.showNotification).toHaveBeenCalledWith('Mood', expect.objectContaining({ tag: 't1', data: { url: '/app/studies/s1/tasks/t1', taskId: 't1', studyId: 's1' } }));
    expect(sent).toEqual([{ url: '/api/app/studies/s1/events', token: 'Bearer token-pat', events: [{ taskId: 't1', kind: 'delivered' }] }]);
    expect(mockStore.events.size).toBe(0);
  });

  it('keeps a report that fails offline, asks for a background sync, and sends it with the next push', async () => {
    const sw = worker();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await sw.push(prompt);
    expect(sw.showNotification).toHaveBeenCalledTimes(1);
    expect(mockStore.events.size).toBe(1);
    expect(sw.syncRegister).toHaveBeenCalledWith('prompt-events');
    // The sync tries again and, still offline, rejects so that the browser retries later.
    const [syncWait] = await sw.sync('prompt-events');
    await expect(syncWait).rejects.toThrow();
    answer = async () => new Response('{}', { status: 200 });
    sent = [];
    await sw.push({ ...prompt, taskId: 'r1' });
    expect(sent.flatMap((s) => s.events)).toEqual([{ taskId: 't1', kind: 'delivered' }, { taskId: 'r1', kind: 'delivered' }]);
    expect(mockStore.events.size).toBe(0);
  });

  it('sends what waits when the page hands over the session (the app’s start); nobody signed in: nothing is reported', async () => {
    const sw = worker();
    mockStore.session = null;
    await sw.push(prompt);
    expect(sw.showNotification).toHaveBeenCalledTimes(1);
    expect(mockStore.events.size).toBe(0);
    mockStore.session = PAT;
    answer = async () => new Response('{}', { status: 503 });
    await sw.push(prompt);
    expect(mockStore.events.size).toBe(1);
    answer = async () => new Response('{}', { status: 200 });
    await sw.message({ type: 'participant-session', session: { ...PAT, token: 'token-new' } });
    expect(mockStore.session?.token).toBe('token-new');
    expect(sent.at(-1)?.token).toBe('Bearer token-new');
    expect(mockStore.events.size).toBe(0);
  });

  it('keeps a report refused with 401 for the next token, and drops one refused otherwise', async () => {
    const sw = worker();
    answer = async () => new Response('{}', { status: 401 });
    await sw.push(prompt);
    expect(mockStore.events.size).toBe(1);
    answer = async () => new Response('{}', { status: 404 });
    await sw.push({ ...prompt, taskId: 'gone' });
    expect(mockStore.events.size).toBe(0);
  });

  it("never sends another participant's reports with this one's token", async () => {
    const sw = worker();
    mockStore.events.set(99, { participantId: 'p2', studyId: 's9', taskId: 'other', kind: 'delivered', at: new Date().toISOString() });
    await sw.push(prompt);
    expect(sent.map((s) => s.url)).toEqual(['/api/app/studies/s1/events']);
    expect([...mockStore.events.values()].map((e) => e.taskId)).toEqual(['other']);
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
