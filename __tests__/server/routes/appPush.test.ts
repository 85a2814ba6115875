// The participant app's push calls: the VAPID key, storing a device's subscription (201, then 200 with the same
// id, also for a retry), the rules a subscription must meet, removing one (only the participant's own), and no
// call without a participant's session.
import type { LightMyRequestResponse } from 'fastify';
import { createECDH, randomBytes } from 'node:crypto';
import webPush from 'web-push';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appSignup } from '../support/participants';
import { participantMessages } from '../../../src/shared/messages';
import { PUSH_ENDPOINT_MAX_CHARS } from '../../../src/shared/limits';
import { pushEndpointNotAllowed, type PushSubscriptionBody } from '../../../src/shared/push';

jest.setTimeout(60_000);

const unique = () => randomBytes(8).toString('hex');

function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${unique()}`): PushSubscriptionBody {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

describe.each(databases)('participant app push calls (%s)', (database) => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    // A host with a port, and a private address, that the setting allows beside the web push services.
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600', PUSH_ENDPOINT_HOSTS: 'push.example.net:8443,10.1.2.3' });
    const lab = await seedLab(t.app, await ownerToken(t.app));
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  async function stored(endpoint: string) {
    return t.app.ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
  }

  it("answers the server's VAPID public key: an uncompressed P-256 key in base64url, the same on every call", async () => {
    const { token } = await appSignup(t.app);
    const res = await api('GET', '/api/app/push/key', token);
    expect(res.statusCode).toBe(200);
    const { publicKey } = json<{ publicKey: string }>(res);
    const bytes = Buffer.from(publicKey, 'base64url');
    expect([bytes.length, bytes[0]]).toEqual([65, 4]);
    expect(json<{ publicKey: string }>(await api('GET', '/api/app/push/key', token)).publicKey).toBe(publicKey);
  });

  it('answers the keys set in VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY rather than making its own', async () => {
    const pair = webPush.generateVAPIDKeys();
    const configured = await createTestApp(database, { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    try {
      const { token } = await appSignup(configured.app);
      const res = await send(configured.app, { method: 'GET', url: '/api/app/push/key', token });
      expect(json<{ publicKey: string }>(res).publicKey).toBe(pair.publicKey);
    } finally {
      await configured.close();
    }
  });

  it('stores a subscription (201); the same endpoint again answers 200 with the same id, new keys replacing the old', async () => {
    const { token, participant } = await appSignup(t.app);
    const body = subscription();
    const first = await api('POST', '/api/app/push/subscriptions', token, body);
    expect(first.statusCode).toBe(201);
    const { _id } = json<{ _id: string }>(first);

    // Sent twice with the same content (a retry after a lost answer): the same answer but 200, one row.
    const retry = await api('POST', '/api/app/push/subscriptions', token, body);
    expect([retry.statusCode, json<{ _id: string }>(retry)._id]).toEqual([200, _id]);

    const renewed = { ...subscription(body.endpoint), endpoint: body.endpoint };
    const again = await api('POST', '/api/app/push/subscriptions', token, { ...renewed, expirationTime: null });
    expect([again.statusCode, json<{ _id: string }>(again)._id]).toEqual([200, _id]);
    const rows = await stored(body.endpoint);
    expect(rows.map((r) => [r.id, r.participant_id, r.p256dh, r.auth])).toEqual([[_id, participant._id, renewed.keys.p256dh, renewed.keys.auth]]);
  });

  it('two identical requests at once store one subscription', async () => {
    const { token } = await appSignup(t.app);
    const body = subscription();
    const [a, b] = await Promise.all([api('POST', '/api/app/push/subscriptions', token, body), api('POST', '/api/app/push/subscriptions', token, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(json<{ _id: string }>(a)._id).toBe(json<{ _id: string }>(b)._id);
    expect(await stored(body.endpoint)).toHaveLength(1);
  });

  it.each([
    ['an http endpoint, even at a push service', { endpoint: 'http://fcm.googleapis.com/fcm/send/1' }, participantMessages.pushEndpointInvalid],
    ['an endpoint that is no address', { endpoint: 'not a url' }, participantMessages.pushEndpointInvalid],
    ['an endpoint too long', { endpoint: `https://push.example.org/${'a'.repeat(PUSH_ENDPOINT_MAX_CHARS)}` }, participantMessages.pushEndpointTooLong],
    ['a p256dh key that is not a P-256 point', { keys: { p256dh: randomBytes(65).toString('base64url').replace(/^./, 'A'), auth: randomBytes(16).toString('base64url') } }, participantMessages.pushKeysInvalid],
    ['a p256dh key that is not base64url', { keys: { p256dh: `B${'+'.repeat(86)}`, auth: randomBytes(16).toString('base64url') } }, participantMessages.pushKeysInvalid],
    ['an auth secret of the wrong size', { keys: { p256dh: subscription().keys.p256dh, auth: randomBytes(8).toString('base64url') } }, participantMessages.pushKeysInvalid],
  ])('refuses %s with its message, storing nothing', async (_name, change, message) => {
    const { token } = await appSignup(t.app);
    const body = { ...subscription(), ...change };
    const res = await api('POST', '/api/app/push/subscriptions', token, body);
    expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
    expect(await stored(body.endpoint)).toHaveLength(0);
  });

  it.each([
    ['the loopback address', 'https://127.0.0.1/push/1'],
    ['the loopback address written as a number', 'https://2130706433/push/1'],
    ['the IPv6 loopback address', 'https://[::1]/push/1'],
    ['a 10.x address', 'https://10.0.0.5/push/1'],
    ['a 192.168.x address', 'https://192.168.1.10/push/1'],
    ['a link-local address (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['localhost', 'https://localhost/push/1'],
    ['an unknown https host', 'https://push.example.org/send/1'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/1'],
    ['a push service with a user name', 'https://someone@fcm.googleapis.com/fcm/send/1'],
    ["Apple's domain without a subdomain", 'https://push.apple.com/1'],
    ["a host ending in Apple's domain", 'https://web.push.apple.com.example.org/1'],
    ['a host the setting names, without its port', 'https://push.example.net/push/1'],
    ['an address the setting names, on another port', 'https://10.1.2.3:8443/push/1'],
  ])('refuses an endpoint at %s (422, the shared message), storing nothing', async (_name, endpoint) => {
    const { token } = await appSignup(t.app);
    const res = await api('POST', '/api/app/push/subscriptions', token, subscription(`${endpoint}/${unique()}`));
    expect([res.statusCode, messageOf(res)]).toEqual([422, pushEndpointNotAllowed]);
    expect(await t.app.ctx.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', 'like', `${endpoint}/%`).execute()).toEqual([]);
  });

  it.each([
    ["Google's (FCM)", 'https://fcm.googleapis.com/fcm/send'],
    ["Chrome's own (Chromium 156's subscriptions)", 'https://jmt17.google.com/fcm/send/e2e-token'],
    ["Mozilla's", 'https://updates.push.services.mozilla.com/wpush/v2'],
    ["Apple's (any subdomain)", 'https://web.push.apple.com'],
    ["Microsoft's (any subdomain)", 'https://wns2-par02p.notify.windows.com/w'],
    ['a host:port the setting names', 'https://push.example.net:8443/push'],
    ['a private address the setting names', 'https://10.1.2.3/push'],
  ])('stores an endpoint at %s', async (_name, endpoint) => {
    const { token } = await appSignup(t.app);
    const body = subscription(`${endpoint}/${unique()}`);
    expect((await api('POST', '/api/app/push/subscriptions', token, body)).statusCode).toBe(201);
    expect(await stored(body.endpoint)).toHaveLength(1);
  });

  it('refuses a subscription without keys (schema)', async () => {
    const { token } = await appSignup(t.app);
    const res = await api('POST', '/api/app/push/subscriptions', token, { endpoint: subscription().endpoint });
    expect(res.statusCode).toBe(400);
  });

  it("removes the participant's own subscription, answering the same when sent again; another's endpoint stays", async () => {
    const mine = await appSignup(t.app);
    const theirs = await appSignup(t.app);
    const own = subscription();
    const other = subscription();
    expect((await api('POST', '/api/app/push/subscriptions', mine.token, own)).statusCode).toBe(201);
    expect((await api('POST', '/api/app/push/subscriptions', theirs.token, other)).statusCode).toBe(201);

    const removed = await api('DELETE', '/api/app/push/subscriptions', mine.token, { endpoint: own.endpoint });
    expect([removed.statusCode, messageOf(removed)]).toEqual([200, participantMessages.pushUnsubscribed]);
    expect(await stored(own.endpoint)).toHaveLength(0);
    const retry = await api('DELETE', '/api/app/push/subscriptions', mine.token, { endpoint: own.endpoint });
    expect([retry.statusCode, messageOf(retry)]).toEqual([200, participantMessages.pushUnsubscribed]);

    const notMine = await api('DELETE', '/api/app/push/subscriptions', mine.token, { endpoint: other.endpoint });
    expect(notMine.statusCode).toBe(200);
    expect((await stored(other.endpoint)).map((r) => r.participant_id)).toEqual([theirs.participant._id]);

    const bad = await api('DELETE', '/api/app/push/subscriptions', mine.token, { endpoint: 'http://push.example.org/x' });
    expect([bad.statusCode, messageOf(bad)]).toEqual([400, participantMessages.pushEndpointInvalid]);
  });

  it('a browser signed in to another account takes its subscription over: pushes follow who is signed in there', async () => {
    const first = await appSignup(t.app);
    const second = await appSignup(t.app);
    const body = subscription();
    const { _id } = json<{ _id: string }>(await api('POST', '/api/app/push/subscriptions', first.token, body));
    const moved = await api('POST', '/api/app/push/subscriptions', second.token, body);
    expect([moved.statusCode, json<{ _id: string }>(moved)._id]).toEqual([200, _id]);
    expect((await stored(body.endpoint)).map((r) => r.participant_id)).toEqual([second.participant._id]);
  });

  it('answers 415 to a JSON body labelled otherwise, as every write call of the app does', async () => {
    const { token } = await appSignup(t.app);
    const body = subscription();
    for (const [method, payload] of [['POST', body], ['DELETE', { endpoint: body.endpoint }]] as const) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const res = await call(t.app, { method, url: '/api/app/push/subscriptions', token, headers: { 'content-type': type }, payload: JSON.stringify(payload) });
        expect([method, type, res.statusCode]).toEqual([method, type, 415]);
      }
    }
    expect(await stored(body.endpoint)).toHaveLength(0);
  });

  it.each([
    ['GET', '/api/app/push/key'],
    ['POST', '/api/app/push/subscriptions'],
    ['DELETE', '/api/app/push/subscriptions'],
  ] as const)('%s %s answers 401 without a session, and to a staff token', async (method, url) => {
    const body = method === 'GET' ? undefined : subscription();
    expect((await api(method, url, undefined, body)).statusCode).toBe(401);
    const staff = await api(method, url, manager, body);
    expect([staff.statusCode, messageOf(staff)]).toEqual([401, participantMessages.wrongTokenKind]);
  });
});
