// The device report (POST /api/app/device, issue 33): stored per participant as a state the newer report
// replaces, answered in the Participant List as `device`; each wrong field refused with its own message; only a
// live participant session reports, and only for its own participant. Push on/off and why, including a push
// service's 404/410 ("push lost") and a new subscription clearing it.
import type { LightMyRequestResponse } from 'fastify';
import { createECDH, randomBytes } from 'node:crypto';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, createParticipant, createStudy } from '../support/participants';
import { authMessages, deviceMessages, participantMessages } from '../../../src/shared/messages';
import type { DeviceReportBody, ParticipantDevice } from '../../../src/shared/devices';
import type { FilteredParticipantsAnswer, GetParticipantsAnswer, Participant } from '../../../src/shared/types/participant';
import type { Study } from '../../../src/shared/types/study';
import type { AppSession } from '../../../src/shared/types/participantApp';
import { removeSubscription } from '../../../src/server/repositories/pushSubscriptions';

jest.setTimeout(60_000);

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const report = (changes: Partial<Record<keyof DeviceReportBody, unknown>> = {}): Record<string, unknown> => ({
  pushPermission: 'granted',
  installed: true,
  appVersion: '2026.12.1',
  timezone: 'Asia/Hong_Kong',
  pendingAnswers: 0,
  ...changes,
});

function subscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe.each(databases)('the device report (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let otherManager: string;
  let study: Study;

  beforeAll(async () => {
    t = await createTestApp(database, { PUSH_INTERVAL_SECONDS: '3600' });
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const otherLab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, otherLab.managerEmail, otherLab.managerPassword);
    study = await createStudy(t.app, manager, { active: true });
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function reportAs(token: string | undefined, body: unknown, userAgent = ANDROID): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'POST', url: '/api/app/device', token, headers: { 'user-agent': userAgent }, payload: body as Record<string, unknown> });
  }

  /** A participant of the study, signed in on the app. */
  async function participantInStudy(): Promise<{ participant: Participant; session: AppSession }> {
    const participant = await createParticipant(t.app, manager, study._id);
    return { participant, session: await appLogin(t.app, participant.email) };
  }

  async function listed(participantId: string, token = manager): Promise<ParticipantDevice | null> {
    const res = await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/get_participants`, token });
    expect(res.statusCode).toBe(200);
    const row = json<GetParticipantsAnswer>(res).participantsData.participants.find((p) => p._id === participantId);
    if (!row) throw new Error('participant not listed');
    return row.device;
  }

  const storedRows = (participantId: string) => t.app.ctx.db.selectFrom('participant_devices').selectAll().where('participant_id', '=', participantId).execute();

  it('answers null as the device until the app reported, then what it reported, in both list calls', async () => {
    const { participant, session } = await participantInStudy();
    expect(await listed(participant._id)).toBeNull();

    const before = Date.now();
    const res = await reportAs(session.token, report({ pendingAnswers: 3, timezone: 'Europe/London', appVersion: '  2026.12.1  ' }));
    expect([res.statusCode, messageOf(res)]).toEqual([200, deviceMessages.reported]);

    const device = await listed(participant._id);
    expect(device).toEqual({
      pushPermission: 'granted',
      installed: true,
      appVersion: '2026.12.1',
      timezone: 'Europe/London',
      pendingAnswers: 3,
      lastSeenAt: expect.any(String),
      push: 'off',
      pushOffReason: 'noSubscription',
    });
    expect(Date.parse(device?.lastSeenAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

    const filtered = await send(t.app, {
      method: 'POST',
      url: `/api/participants/${study._id}/get_filtered_participants`,
      token: manager,
      payload: { currentStageId: study.stage_list[0]._id },
    });
    expect(json<FilteredParticipantsAnswer>(filtered).participants.find((p) => p._id === participant._id)?.device).toEqual(device);
  });

  it('the same report twice answers the same and leaves one row with the same state; another report replaces it', async () => {
    const { participant, session } = await participantInStudy();
    const body = report({ pendingAnswers: 2 });
    const first = await reportAs(session.token, body);
    const second = await reportAs(session.token, body);
    expect([second.statusCode, second.body]).toEqual([first.statusCode, first.body]);
    const rows = await storedRows(participant._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ push_permission: 'granted', installed: 1, pending_answers: 2 });

    // The app came to the front later: notifications turned off meanwhile, the answers sent.
    const newer = await reportAs(session.token, report({ pushPermission: 'denied', pendingAnswers: 0, installed: false, appVersion: '2026.12.2' }));
    expect([newer.statusCode, messageOf(newer)]).toEqual([200, deviceMessages.reported]);
    expect(await storedRows(participant._id)).toHaveLength(1);
    expect(await listed(participant._id)).toMatchObject({ pushPermission: 'denied', installed: false, pendingAnswers: 0, appVersion: '2026.12.2', push: 'off', pushOffReason: 'denied' });
  });

  it("keeps the app's language for the emails when the report names it, and leaves it when it does not", async () => {
    const { participant, session } = await participantInStudy();
    const language = async () => (await t.app.ctx.db.selectFrom('participants').select('app_language').where('id', '=', participant._id).executeTakeFirstOrThrow()).app_language;
    await reportAs(session.token, report());
    expect(await language()).toBeNull();
    await reportAs(session.token, report({ language: 'zh-Hant' }));
    expect(await language()).toBe('zh-Hant');
    await reportAs(session.token, report());
    expect(await language()).toBe('zh-Hant');
    await reportAs(session.token, report({ language: 'en' }));
    expect(await language()).toBe('en');
  });

  it.each([
    ['pushPermission', { pushPermission: 'prompt' }, deviceMessages.pushPermissionInvalid],
    ['pushPermission', { pushPermission: 1 }, deviceMessages.pushPermissionInvalid],
    ['installed', { installed: 'yes' }, deviceMessages.installedInvalid],
    ['appVersion', { appVersion: '   ' }, deviceMessages.appVersionInvalid],
    ['appVersion', { appVersion: 'v'.repeat(65) }, deviceMessages.appVersionInvalid],
    ['appVersion', { appVersion: 7 }, deviceMessages.appVersionInvalid],
    ['timezone', { timezone: 'Mars/Olympus_Mons' }, deviceMessages.timezoneInvalid],
    ['timezone', { timezone: '+08:00' }, deviceMessages.timezoneInvalid],
    ['timezone', { timezone: null }, deviceMessages.timezoneInvalid],
    ['pendingAnswers', { pendingAnswers: -1 }, deviceMessages.pendingAnswersInvalid],
    ['pendingAnswers', { pendingAnswers: 1.5 }, deviceMessages.pendingAnswersInvalid],
    ['pendingAnswers', { pendingAnswers: '3' }, deviceMessages.pendingAnswersInvalid],
    ['pendingAnswers', { pendingAnswers: 100_001 }, deviceMessages.pendingAnswersInvalid],
    ['language', { language: 'fr' }, deviceMessages.languageInvalid],
  ])('refuses a wrong %s (%j) with its message (400), storing nothing', async (_field, change, message) => {
    const { participant, session } = await participantInStudy();
    const res = await reportAs(session.token, report(change));
    expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
    expect(await storedRows(participant._id)).toEqual([]);
  });

  it('refuses a report missing a field (schema, 400); a field it does not know is dropped, as in the other app calls', async () => {
    const { participant, session } = await participantInStudy();
    const { timezone: _left, ...withoutZone } = report();
    expect((await reportAs(session.token, withoutZone)).statusCode).toBe(400);
    expect(await storedRows(participant._id)).toEqual([]);
    expect((await reportAs(session.token, { ...report(), battery: 80 })).statusCode).toBe(200);
    expect(Object.keys((await storedRows(participant._id))[0])).not.toContain('battery');
  });

  it('answers 401 without a session, to a staff token, and to an expired or ended participant session', async () => {
    expect((await reportAs(undefined, report())).statusCode).toBe(401);
    const staff = await reportAs(manager, report());
    expect([staff.statusCode, messageOf(staff)]).toEqual([401, participantMessages.wrongTokenKind]);

    const expiring = await participantInStudy();
    await t.app.ctx.db.updateTable('participant_sessions').set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).where('participant_id', '=', expiring.participant._id).execute();
    const expired = await reportAs(expiring.session.token, report());
    expect([expired.statusCode, messageOf(expired)]).toEqual([401, authMessages.sessionExpired]);
    expect(await storedRows(expiring.participant._id)).toEqual([]);

    const leaving = await participantInStudy();
    expect((await send(t.app, { method: 'POST', url: '/api/app/logout', token: leaving.session.token })).statusCode).toBe(200);
    expect((await reportAs(leaving.session.token, report())).statusCode).toBe(401);
    expect(await storedRows(leaving.participant._id)).toEqual([]);
  });

  it("a participant's report changes only their own row", async () => {
    const mine = await participantInStudy();
    const theirs = await participantInStudy();
    await reportAs(theirs.session.token, report({ pendingAnswers: 5 }));
    await reportAs(mine.session.token, report({ pendingAnswers: 1, pushPermission: 'denied' }));
    expect(await listed(theirs.participant._id)).toMatchObject({ pendingAnswers: 5, pushPermission: 'granted' });
    expect(await listed(mine.participant._id)).toMatchObject({ pendingAnswers: 1, pushPermission: 'denied' });
  });

  it("another lab's manager and a participant token cannot read the devices in the list", async () => {
    const { session } = await participantInStudy();
    expect((await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/get_participants`, token: otherManager })).statusCode).toBe(404);
    expect((await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/get_participants`, token: session.token })).statusCode).toBe(401);
  });

  describe('push on or off, and why', () => {
    it('an iPhone with the app not on its Home Screen: off, not installed', async () => {
      const { participant, session } = await participantInStudy();
      await reportAs(session.token, report({ installed: false, pushPermission: 'unsupported' }), IPHONE);
      expect(await listed(participant._id)).toMatchObject({ push: 'off', pushOffReason: 'notInstalled' });
      // Installed, and notifications allowed, but not yet subscribed.
      await reportAs(session.token, report({ installed: true, pushPermission: 'default' }), IPHONE);
      expect(await listed(participant._id)).toMatchObject({ push: 'off', pushOffReason: 'noSubscription' });
    });

    it('a browser without push: off, unsupported; notifications denied: off, denied even with a subscription stored', async () => {
      const { participant, session } = await participantInStudy();
      await reportAs(session.token, report({ pushPermission: 'unsupported', installed: false }));
      expect(await listed(participant._id)).toMatchObject({ push: 'off', pushOffReason: 'unsupported' });
      expect((await send(t.app, { method: 'POST', url: '/api/app/push/subscriptions', token: session.token, payload: subscription() })).statusCode).toBe(201);
      await reportAs(session.token, report({ pushPermission: 'denied' }));
      expect(await listed(participant._id)).toMatchObject({ push: 'off', pushOffReason: 'denied' });
    });

    it('a subscription: on; a push service answering 410 removes it and shows push lost; a new subscription clears that', async () => {
      const { participant, session } = await participantInStudy();
      await reportAs(session.token, report());
      const body = subscription();
      const saved = await send(t.app, { method: 'POST', url: '/api/app/push/subscriptions', token: session.token, payload: body });
      expect(await listed(participant._id)).toMatchObject({ push: 'on', pushOffReason: null });

      // What the push sender does on a 404/410.
      await removeSubscription(t.app.ctx.db, json<{ _id: string }>(saved)._id);
      expect(await t.app.ctx.db.selectFrom('push_subscriptions').select('id').where('participant_id', '=', participant._id).execute()).toEqual([]);
      expect(await listed(participant._id)).toMatchObject({ push: 'off', pushOffReason: 'lost' });
      // A report does not clear it: only a subscription does.
      await reportAs(session.token, report({ pendingAnswers: 1 }));
      expect(await listed(participant._id)).toMatchObject({ push: 'off', pushOffReason: 'lost' });

      expect((await send(t.app, { method: 'POST', url: '/api/app/push/subscriptions', token: session.token, payload: subscription() })).statusCode).toBe(201);
      expect(await listed(participant._id)).toMatchObject({ push: 'on', pushOffReason: null });
      expect((await storedRows(participant._id))[0].push_lost_at).toBeNull();
    });

    it('a push lost before the app ever reported is kept, and shown from its first report', async () => {
      const { participant, session } = await participantInStudy();
      const saved = await send(t.app, { method: 'POST', url: '/api/app/push/subscriptions', token: session.token, payload: subscription() });
      await removeSubscription(t.app.ctx.db, json<{ _id: string }>(saved)._id);
      expect(await listed(participant._id)).toBeNull();
      await reportAs(session.token, report());
      expect(await listed(participant._id)).toMatchObject({ push: 'off', pushOffReason: 'lost' });
    });
  });
});
