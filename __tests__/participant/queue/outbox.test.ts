// The outbox by itself (fake-indexeddb, fetch replaced): backoff after network and server errors, a 200 for a
// retry counted as sent, a 4xx kept as refused and never retried, a refused report of events dropped, a 401
// leaving items waiting, a photo chosen offline uploaded before its answer, the answer then holding its key, a report
// of events older than 14 days dropped unsent (an answer never), and the database of version 1 upgraded in place.
import { Blob as NodeBlob } from 'node:buffer';
import { openDB } from 'idb';
import { EVENTS_KEEP_MS, backoffMs, eventsItem, flushOutbox, listItems, putItem } from '../../../src/participant/queue/outbox';
import { appDb, DB_NAME, keepWorkerSession, readWorkerSession, type QueuedAnswer, type QueuedEvents } from '../../../src/participant/queue/outboxDb';
import { freshIndexedDb } from '../answerSupport';

type Reply = { status: number; body: unknown } | 'offline';
let replies: Record<string, Reply[]>;
let made: { method: string; url: string; body: unknown; contentType: string | null }[];

beforeEach(() => {
  freshIndexedDb();
  replies = {};
  made = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    made.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body, contentType: new Headers(init?.headers).get('Content-Type') });
    const reply = replies[`${method} ${url}`]?.shift() ?? { status: 404, body: { message: 'Not Found' } };
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
});

const RESPONSES = 'POST /api/app/studies/s1/responses';
const tokenOf = () => 'token-1';

function answer(id: string, changes: Partial<QueuedAnswer> = {}): QueuedAnswer {
  return {
    kind: 'response',
    id,
    studyId: 's1',
    participantId: 'p1',
    token: 'token-0',
    createdAt: new Date().toISOString(),
    state: 'waiting',
    attempts: 0,
    nextTryAt: 0,
    message: null,
    taskId: 't1',
    questionnaireName: 'Mood',
    photos: [],
    body: { submissionId: id, taskId: 't1', questionnaireId: 'q1', startedAt: '2026-11-26T01:00:00.000Z', submittedAt: '2026-11-26T01:02:00.000Z', answers: [{ question_pos: 0, response_pos: 0, value: 'x' }] },
    ...changes,
  };
}

describe('the outbox', () => {
  it('waits longer after each failed attempt (network, 5xx), tries again only when due, and counts a 200 retry as sent', async () => {
    expect([1, 2, 3, 20].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 600_000]);
    await putItem(answer('a1'));
    replies[RESPONSES] = ['offline', { status: 503, body: { message: 'busy' } }, { status: 200, body: { _id: 'r1' } }];
    let now = 1_000_000;
    const clock = () => now;
    const first = await flushOutbox({ tokenOf, now: clock });
    expect(first).toMatchObject({ sent: [], waiting: 1, nextTryAt: now + 5_000 });
    expect(await flushOutbox({ tokenOf, now: clock })).toMatchObject({ waiting: 1 });
    expect(made).toHaveLength(1);
    now += 5_000;
    expect(await flushOutbox({ tokenOf, now: clock })).toMatchObject({ waiting: 1, nextTryAt: now + 10_000 });
    expect((await listItems())[0]).toMatchObject({ attempts: 2, state: 'waiting' });
    // The network came back: tried at once, whatever the backoff.
    expect(await flushOutbox({ tokenOf, now: clock, force: true })).toEqual({ sent: [{ id: 'a1', _id: 'r1' }], refused: [], dropped: [], waiting: 0, nextTryAt: null });
    expect(await listItems()).toEqual([]);
    expect(made.map((m) => (m.body as { submissionId: string }).submissionId)).toEqual(['a1', 'a1', 'a1']);
  });

  it('keeps a refused answer with the server’s message and place and does not send it again; drops a refused report of events', async () => {
    await putItem(answer('a2'));
    const events: QueuedEvents = { ...answer('e1'), kind: 'events', body: { events: [{ taskId: 't9', kind: 'opened', at: '2026-11-26T01:00:00.000Z' }] } };
    await putItem(events);
    replies[RESPONSES] = [{ status: 400, body: { message: 'This response must be exactly 8 digits', question_pos: 0, response_pos: 0 } }];
    replies['POST /api/app/studies/s1/events'] = [{ status: 404, body: { message: 'Task not found' } }];
    const result = await flushOutbox({ tokenOf, force: true });
    expect(result.refused.map((r) => r.id).sort()).toEqual(['a2', 'e1']);
    expect(await listItems()).toEqual([expect.objectContaining({ id: 'a2', state: 'refused', message: 'This response must be exactly 8 digits', question_pos: 0, response_pos: 0 })]);
    await flushOutbox({ tokenOf, force: true });
    expect(made.filter((m) => m.url.endsWith('/responses'))).toHaveLength(1);
  });

  it('leaves items waiting when the session has ended (401), without counting an attempt', async () => {
    await putItem(answer('a3'));
    replies[RESPONSES] = [{ status: 401, body: { message: 'Please sign in' } }];
    expect(await flushOutbox({ tokenOf, force: true })).toMatchObject({ waiting: 1, refused: [] });
    expect((await listItems())[0]).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('uploads a photo kept on the phone first, then sends the answer holding the stored key', async () => {
    const blob = new NodeBlob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }) as unknown as Blob;
    await putItem(
      answer('a4', {
        photos: [{ marker: 'local-photo:1', blob, contentType: 'image/jpeg' }],
        body: { ...answer('a4').body, answers: [{ question_pos: 2, response_pos: 0, value: 'local-photo:1' }] },
      }),
    );
    replies['POST /api/app/uploads'] = [{ status: 200, body: { url: '/api/files/upload/g1?expires=1&signature=s', key: 'photos/p1/1.jpg', expiresAt: '2026-11-26T02:00:00.000Z' } }];
    replies['PUT /api/files/upload/g1?expires=1&signature=s'] = [{ status: 200, body: { message: 'ok' } }];
    replies[RESPONSES] = [{ status: 201, body: { _id: 'r4' } }];
    expect((await flushOutbox({ tokenOf, force: true })).sent).toEqual([{ id: 'a4', _id: 'r4' }]);
    expect(made.map((m) => `${m.method} ${m.url}`)).toEqual(['POST /api/app/uploads', 'PUT /api/files/upload/g1?expires=1&signature=s', RESPONSES]);
    expect(made[0].body).toEqual({ contentType: 'image/jpeg', size: 4 });
    expect(made[1].contentType).toBe('image/jpeg');
    expect((made[2].body as { answers: unknown[] }).answers).toEqual([{ question_pos: 2, response_pos: 0, value: 'photos/p1/1.jpg' }]);
  });

  it('drops a report of events older than 14 days unsent, and sends an answer of the same age', async () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    const old = new Date(now - EVENTS_KEEP_MS - 1);
    const stale = eventsItem({ studyId: 's1', participantId: 'p1', token: 'token-0', events: [{ taskId: 't7', kind: 'delivered', at: old.toISOString() }] }, old);
    const recent = eventsItem({ studyId: 's1', participantId: 'p1', token: 'token-0', events: [{ taskId: 't8', kind: 'delivered', at: old.toISOString() }] }, new Date(now - EVENTS_KEEP_MS));
    await putItem(stale);
    await putItem(recent);
    await putItem(answer('a5', { createdAt: old.toISOString() }));
    replies[RESPONSES] = [{ status: 201, body: { _id: 'r5' } }];
    replies['POST /api/app/studies/s1/events'] = [{ status: 200, body: { message: 'ok' } }];
    const result = await flushOutbox({ tokenOf, now: () => now });
    expect(result).toMatchObject({ sent: [{ id: 'a5', _id: 'r5' }, { id: recent.id }], dropped: [stale.id], waiting: 0 });
    expect(made.map((m) => m.body)).toEqual([expect.objectContaining({ submissionId: 'a5' }), { events: [{ taskId: 't8', kind: 'delivered', at: old.toISOString() }] }]);
    expect(await listItems()).toEqual([]);
  });

  it('upgrades the database of version 1 in place: its outbox kept, the session and reads stores added, the questionnaires of no account dropped', async () => {
    const v1 = await openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('outbox', { keyPath: 'id' });
        db.createObjectStore('questionnaires', { keyPath: '_id' });
      },
    });
    await v1.put('outbox', answer('kept'));
    v1.close();
    expect((await listItems()).map((item) => item.id)).toEqual(['kept']);
    expect(await readWorkerSession()).toBeNull();
    await keepWorkerSession({ token: 'token-1', participantId: 'p1', language: 'en' });
    expect(await readWorkerSession()).toEqual({ token: 'token-1', participantId: 'p1', language: 'en' });
    await keepWorkerSession(null);
    expect(await readWorkerSession()).toBeNull();
    expect([...(await appDb()).objectStoreNames].sort()).toEqual(['outbox', 'reads', 'session']);
  });

  it('gives way to a newer version of the database opened elsewhere (an updated page or service worker)', async () => {
    await putItem(answer('kept'));
    // Without giving way this open would stay blocked (and the test time out).
    const newer = await openDB(DB_NAME, 4);
    expect(await newer.getAll('outbox')).toEqual([expect.objectContaining({ id: 'kept' })]);
    newer.close();
  });
});
