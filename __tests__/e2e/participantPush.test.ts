// Prompts end to end in Chromium: a participant joins a study with an EMA plan by its link, consents, turns
// prompts on (the context allows notifications), and the server holds the browser's subscription. A push message
// delivered to the app's service worker through the DevTools protocol shows the prompt's notification and
// stores `delivered` on the server; its reminder replaces that notification (same tag); a prompt shown offline
// is reported when the app next starts. Signing out removes the subscription on the server and in the browser.
// The sender's own pushes (VAPID, encryption, 410) are the server tests' (__tests__/server/services/pushSender.test.ts).
//
// Push needs a persistent profile (Chromium refuses push in off-the-record contexts) and its subscription
// service, which a local stand-in answers (support/gcm.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { makeQuestion } from '../../src/shared/questionnaire/operations';
import { newEmaSetting } from '../../src/shared/study/assessmentSettings';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import type { AppEmaTask, AppTasksAnswer } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import type { PushPayload } from '../../src/shared/push';
import { seedLab, uniqueEmail } from './support/api';
import { CHROMIUM_FLAGS, chromiumPath } from './support/browser';
import { startGcmStandIn, type GcmStandIn } from './support/gcm';
import { markActive } from './support/plan';
import { useProduct } from './support/product';

// The sender stays quiet: this test delivers its pushes itself.
const product = useProduct({ PUSH_INTERVAL_SECONDS: '3600' });
const PHONE = { width: 390, height: 844 };

let gcm: GcmStandIn;
beforeAll(async () => {
  gcm = await startGcmStandIn();
});
afterAll(async () => {
  await gcm?.close();
});

async function seedEmaStudy(): Promise<Study> {
  const { api } = product;
  const { manager, managerPassword } = await seedLab(api);
  const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Mood Prompts' } });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, {
    token,
    body: { chin_name: 'Mood Prompts', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' },
  });
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: '此刻心情 Mood Now', abbrev: 'MOOD' } });
  const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: '<p>How do you feel?</p>' };
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
  const stage = study.stage_list[0];
  const mood = { _id: created._id, chin_name: created.chin_name, abbrev: created.abbrev };
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: stage._id,
          participant_group_list: [
            {
              _id: stage.participant_group_list[0]._id,
              // Tomorrow's prompts (day one is the next day), each with reminders.
              ema_list: [{ ...newEmaSetting(), questionnaire_list: [mood], time_list: ['09:00', '15:00'], number_of_days: 2, day_one_eq_same_day: false }],
            },
          ],
        },
      ],
    },
  });
  await api.call('PUT', `/api/studies/${study._id}/edit_consent`, { token, body: { consent: '<p>I agree to be prompted.</p>', consentNeeded: true } });
  markActive(product.server.dataDir, study._id);
  return study;
}

/** Reads the server's own database (as support/plan.ts does). */
function readDb<T>(read: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

function serverSubscriptions(email: string): string[] {
  return readDb((db) =>
    (db.prepare('select s.endpoint from push_subscriptions s join participants p on p.id = s.participant_id where p.email = ?').all(email.toLowerCase()) as { endpoint: string }[]).map(
      (r) => r.endpoint,
    ),
  );
}

function deliveredAt(taskId: string): string | null {
  return readDb((db) => (db.prepare('select delivered_at from tasks where id = ?').get(taskId) as { delivered_at: string | null }).delivered_at);
}

async function until<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Waited ${timeoutMs} ms for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

function payloadOf(task: AppEmaTask, studyId: string, promptId: string): PushPayload {
  return { taskId: task._id, promptId, studyId, questionnaire: { chin_name: task.questionnaire.chin_name }, window_closes_at: task.window_closes_at };
}

describe('prompts in the participant app', () => {
  let profile: string;
  let context: BrowserContext;

  beforeEach(async () => {
    profile = mkdtempSync(path.join(os.tmpdir(), 'push-e2e-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: [...CHROMIUM_FLAGS, ...gcm.flags],
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
    });
    context.setDefaultTimeout(15_000);
  });
  afterEach(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('subscribes after the participant turns prompts on; a pushed prompt is shown and reported delivered; a reminder replaces it; one shown offline is reported at the next start; sign-out unsubscribes', async () => {
    const study = await seedEmaStudy();
    const origin = new URL(product.server.mainUrl('/')).origin;
    await context.grantPermissions(['notifications'], { origin });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp: CDPSession = await context.newCDPSession(page);
    const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      for (const r of event.registrations) registrations.set(r.registrationId, r);
    });
    await cdp.send('ServiceWorker.enable');

    // A join link opens Create an account (issue 31).
    await page.goto(product.server.mainUrl(`/app/join/${study.study_code}`));
    const email = uniqueEmail('push');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('participant-pass-1');
    await page.getByLabel('Confirm password').fill('participant-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    const consent = page.getByRole('form', { name: 'Consent form' });
    await consent.getByRole('checkbox', { name: 'I have read the consent form and agree to take part' }).check();
    await consent.getByRole('button', { name: 'Agree and continue' }).click();
    await page.getByRole('heading', { name: 'Your tasks' }).waitFor();

    // Nothing is subscribed until the participant presses the button.
    const prompts = page.getByRole('region', { name: 'Prompts on this phone' });
    await prompts.getByText('Prompts are off on this phone.').waitFor();
    expect(serverSubscriptions(email)).toEqual([]);
    await prompts.getByRole('button', { name: 'Turn on prompts' }).click();
    await prompts.getByText(/^Prompts are on/).waitFor();
    const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null);
    expect(endpoint).toMatch(/^https:\/\//);
    expect(serverSubscriptions(email)).toEqual([endpoint]);

    // The prompt and its first reminder, as the sender would push them.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('participant-session') ?? '{}') as { token?: string }).token ?? '');
    const tasks = await product.api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, { token });
    const prompt = tasks.ema.filter((t) => !t.reminder).sort((a, b) => a.notification_datetime.localeCompare(b.notification_datetime))[0];
    const reminder = tasks.ema.find((t) => t.prompt_id === prompt._id);
    if (!prompt || !reminder) throw new Error('The EMA plan has a prompt with reminders');
    expect(deliveredAt(prompt._id)).toBeNull();

    const registration = await until('the app’s service worker registration', () => [...registrations.values()].find((r) => r.scopeURL === `${origin}/app/` && !r.isDeleted), Boolean);
    if (!registration) throw new Error('unreachable');
    const deliver = (payload: PushPayload) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration.registrationId, data: JSON.stringify(payload) });

    await deliver(payloadOf(prompt, study._id, prompt._id));
    const shown = await until('the prompt’s notification', () => shownNotifications(page), (n) => n.length === 1);
    expect(shown[0]).toEqual({
      title: '此刻心情 Mood Now',
      body: expect.stringMatching(/^Answer by \d{1,2}:\d{2}/) as unknown as string,
      tag: prompt._id,
      data: { url: `/app/studies/${study._id}/tasks/${prompt._id}`, taskId: prompt._id, studyId: study._id },
    });
    await until('delivered stored for the prompt', () => deliveredAt(prompt._id), (at) => at !== null);

    await deliver(payloadOf(reminder, study._id, prompt._id));
    const replaced = await until('the reminder in place of the prompt', () => shownNotifications(page), (n) => n.length === 1 && n[0].body.startsWith('Reminder'));
    expect(replaced[0].tag).toBe(prompt._id);
    expect((replaced[0].data as { taskId: string }).taskId).toBe(reminder._id);
    await until('delivered stored for the reminder', () => deliveredAt(reminder._id), (at) => at !== null);

    // Offline: the next prompt is shown, its report kept in the service worker; the app's next start sends it.
    const next = tasks.ema.filter((t) => !t.reminder && t._id !== prompt._id).sort((a, b) => a.notification_datetime.localeCompare(b.notification_datetime))[0];
    await context.setOffline(true);
    await deliver(payloadOf(next, study._id, next._id));
    await until('the next prompt’s notification', () => shownNotifications(page), (n) => n.some((x) => x.tag === next._id));
    await page.waitForTimeout(1000);
    expect(deliveredAt(next._id)).toBeNull();
    await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Your tasks' }).waitFor();
    await until('delivered stored for the prompt shown offline', () => deliveredAt(next._id), (at) => at !== null);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await until('the server to forget the subscription', () => serverSubscriptions(email), (s) => s.length === 0);
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
  });
});
