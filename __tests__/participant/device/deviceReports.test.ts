// The app's device report (issue 33): what it says of the phone (permission, installed, version, zone, language),
// that the server's rule accepts it, and when it is sent: at the start while signed in, when someone signs in, and
// each time the app comes to the front, with the signed-in participant's answers waiting in the outbox.
import { waitFor } from '@testing-library/react';
import { deviceReport, pushPermissionOf } from '../../../src/participant/device/deviceReport';
import { startDeviceReports } from '../../../src/participant/device/startDeviceReports';
import type { BrowserTraits } from '../../../src/participant/push/availability';
import { createI18n } from '../../../src/participant/i18n';
import { eventsItem, putItem } from '../../../src/participant/queue/outbox';
import type { QueuedAnswer } from '../../../src/participant/queue/outboxDb';
import { initialSessionState, pilotSessionReceived } from '../../../src/participant/state/sessionSlice';
import { createAppStore } from '../../../src/participant/state/store';
import { readDeviceReport, type DeviceReportBody } from '../../../src/shared/devices';
import { freshIndexedDb } from '../answerSupport';
import { fakeBrowser, USER_AGENTS, type FakeBrowser } from '../push/browsers';

const traits = (changes: Partial<BrowserTraits> = {}): BrowserTraits => ({
  userAgent: USER_AGENTS.androidChrome,
  maxTouchPoints: 5,
  standalone: undefined,
  displayModeStandalone: false,
  serviceWorker: true,
  pushManager: true,
  permission: 'granted',
  ...changes,
});

describe('what the app reports', () => {
  it.each<[string, Partial<BrowserTraits>, DeviceReportBody['pushPermission']]>([
    ['allowed', {}, 'granted'],
    ['refused', { permission: 'denied' }, 'denied'],
    ['not asked yet', { permission: 'default' }, 'default'],
    ['no Notification API', { permission: null }, 'unsupported'],
    ['no Push API (an iPhone browser, not installed)', { pushManager: false, permission: 'default' }, 'unsupported'],
    ['no service worker', { serviceWorker: false }, 'unsupported'],
  ])('the permission: %s → %s', (_name, change, permission) => {
    expect(pushPermissionOf(traits(change))).toBe(permission);
  });

  it('says whether it runs from the Home Screen, and a report the server accepts as it is', () => {
    const installed = deviceReport(traits({ userAgent: USER_AGENTS.iphoneSafari, standalone: true }), 3, 'zh-Hant', 'Asia/Taipei');
    expect(installed).toEqual({ pushPermission: 'granted', installed: true, appVersion: 'development', timezone: 'Asia/Taipei', pendingAnswers: 3, language: 'zh-Hant' });
    expect(readDeviceReport({ ...installed })).toEqual({ report: installed });
    const browser = deviceReport(traits({ displayModeStandalone: false }), 0, 'en', 'Europe/London');
    expect(browser).toMatchObject({ installed: false, language: 'en' });
    // A language the server does not know is left out rather than refused.
    expect(deviceReport(traits(), 0, 'cimode', 'Europe/London')).not.toHaveProperty('language');
    // The phone's own zone by default, one the server accepts.
    const own = deviceReport(traits(), 0, 'en');
    expect('report' in readDeviceReport({ ...own })).toBe(true);
  });
});

describe('when the app reports', () => {
  let browser: FakeBrowser;
  let sent: { url: string; auth: string | null; body: DeviceReportBody }[];
  let visibility: DocumentVisibilityState;
  let stop: (() => void) | undefined;

  beforeAll(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });
  afterAll(() => {
    delete (document as unknown as Record<string, unknown>).visibilityState;
  });

  beforeEach(() => {
    freshIndexedDb();
    visibility = 'visible';
    sent = [];
    browser = fakeBrowser({ userAgent: USER_AGENTS.androidChrome, permission: 'denied' });
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), auth: new Headers(init?.headers).get('Authorization'), body: JSON.parse(String(init?.body)) as DeviceReportBody });
      return new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    browser.restore();
  });

  const session = (id: string) => ({ token: `token-${id}`, expires: '2099-01-01T00:00:00.000Z', participant: { _id: id, email: `${id}@example.org` } });

  function answerOf(participantId: string, id: string): QueuedAnswer {
    return {
      kind: 'response', id, studyId: 's1', participantId, token: `token-${participantId}`, createdAt: new Date().toISOString(), state: 'waiting',
      attempts: 0, nextTryAt: 0, message: null, taskId: 't1', questionnaireName: 'Mood', photos: [],
      body: { submissionId: id, taskId: 't1', questionnaireId: 'q1', startedAt: '2026-11-26T01:00:00.000Z', submittedAt: '2026-11-26T01:02:00.000Z', answers: [] },
    };
  }

  /** Time for a report that should not come to show itself; the reports that should come are waited for. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('reports at the start with the signed-in participant’s answers waiting (not another’s, not event reports), and each time the app comes to the front', async () => {
    await putItem(answerOf('p1', 'a1'));
    await putItem({ ...answerOf('p1', 'a2'), state: 'refused', message: 'refused' });
    await putItem(answerOf('p2', 'a3'));
    await putItem(eventsItem({ studyId: 's1', participantId: 'p1', token: 'token-p1', events: [] }));
    const store = createAppStore({ session: initialSessionState(session('p1')) });
    const texts = createI18n();
    await texts.changeLanguage('zh-Hant');

    stop = startDeviceReports(store, texts);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([
      {
        url: '/api/app/device',
        auth: 'Bearer token-p1',
        body: { pushPermission: 'denied', installed: false, appVersion: 'development', timezone: expect.any(String), pendingAnswers: 2, language: 'zh-Hant' },
      },
    ]);

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settled();
    expect(sent).toHaveLength(1);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it('reports nothing while no one is signed in, and reports when someone signs in', async () => {
    await putItem(answerOf('p2', 'b1'));
    const store = createAppStore({ session: initialSessionState(null) });
    stop = startDeviceReports(store, createI18n());
    document.dispatchEvent(new Event('visibilitychange'));
    await settled();
    expect(sent).toEqual([]);

    store.dispatch(pilotSessionReceived(session('p2')));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent.map((s) => [s.auth, s.body.pendingAnswers])).toEqual([['Bearer token-p2', 1]]);
  });

  it('a failed report is dropped quietly (the next occasion reports the state then)', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const store = createAppStore({ session: initialSessionState(session('p1')) });
    stop = startDeviceReports(store, createI18n());
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(1));
    await settled();
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });
});
