// The service worker and a research team's message: a message push shows who it is from and the text (in the
// participant's language), reports nothing, and a tap opens the messages screen (in an open window of the app
// when there is one); a push that is neither a prompt nor a message shows nothing.
import { installPush, type PushScope } from '../../../src/participant/serviceWorker/push';
import { keepWorkerSession } from '../../../src/participant/queue/outboxDb';
import type { MessagePushPayload } from '../../../src/shared/inbox';
import { freshIndexedDb } from '../answerSupport';

type Listener = (event: { waitUntil(p: Promise<unknown>): void } & Record<string, unknown>) => void;

const message: MessagePushPayload = { kind: 'message', messageId: 'm1', studyName: 'Daily mood', text: 'Thank you!\nOne more week.' };

function worker(windows: { url: string; focus: jest.Mock; postMessage: jest.Mock }[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = jest.fn(async () => undefined);
  const openWindow = jest.fn(async () => null);
  const scope = {
    __WB_MANIFEST: [],
    registration: { showNotification } as unknown as ServiceWorkerRegistration,
    skipWaiting: async () => undefined,
    location: { origin: 'https://study.example.org' },
    clients: { claim: async () => undefined, matchAll: async () => windows, openWindow },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  } as unknown as PushScope;
  installPush(scope);
  const fire = async (type: string, fields: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return {
    showNotification,
    openWindow,
    push: (payload: unknown) => fire('push', { data: { text: () => JSON.stringify(payload) } }),
    tap: (data: unknown) => fire('notificationclick', { notification: { data, close: jest.fn() } }),
  };
}

beforeEach(async () => {
  freshIndexedDb();
  global.fetch = jest.fn(async () => new Response('{}', { status: 200 })) as typeof fetch;
});

describe('the service worker’s messages', () => {
  it('shows a message with who it is from and its text, and reports nothing', async () => {
    await keepWorkerSession({ token: 't', participantId: 'p1', language: 'en' });
    const sw = worker();
    await sw.push(message);
    expect(sw.showNotification).toHaveBeenCalledWith('Message from Daily mood', expect.objectContaining({ body: 'Thank you!\nOne more week.', tag: 'message-m1', data: { kind: 'message', url: '/app/messages' } }));
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('in Traditional Chinese for a participant who chose it', async () => {
    await keepWorkerSession({ token: 't', participantId: 'p1', language: 'zh-Hant' });
    const sw = worker();
    await sw.push(message);
    expect(sw.showNotification).toHaveBeenCalledWith('來自「Daily mood」的訊息', expect.anything());
  });

  it('shows nothing for a push that is neither a prompt nor a message', async () => {
    const sw = worker();
    await sw.push({ kind: 'message', messageId: 'm1' });
    expect(sw.showNotification).not.toHaveBeenCalled();
  });

  it('a tap opens the messages screen: in the open app when there is one, else in a new window', async () => {
    const app = { url: 'https://study.example.org/app/', focus: jest.fn(async () => undefined), postMessage: jest.fn() };
    const open = worker([app]);
    await open.tap({ kind: 'message', url: '/app/messages' });
    expect(app.focus).toHaveBeenCalled();
    expect(app.postMessage).toHaveBeenCalledWith({ type: 'open-task', url: '/app/messages' });
    const closed = worker();
    await closed.tap({ kind: 'message', url: '/app/messages' });
    expect(closed.openWindow).toHaveBeenCalledWith('/app/messages');
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
