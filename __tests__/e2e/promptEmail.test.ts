// A prompt emailed when it cannot be pushed (issue 33), on the real build with a real SMTP server of the test's
// own: a participant without a push subscription has an EMA prompt due a few seconds from now (the plan moved,
// support/plan.ts); at its moment the push sender finds no channel and the email sender mails it (both every
// second). The mail names the study and the questionnaire and links to the task; opened in the app where the
// participant is signed in, the link opens the task's answer page directly.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { makeQuestion } from '../../src/shared/questionnaire/operations';
import { promptEmailTexts } from '../../src/shared/messages/promptEmail';
import { newEmaSetting } from '../../src/shared/study/assessmentSettings';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import type { AppSession, AppTasksAnswer } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { readMail } from '../server/support/mimeMail';
import { seedLab, uniqueEmail } from './support/api';
import { withPageIn } from './support/browser';
import { markActive, movePlanBack } from './support/plan';
import { useProduct } from './support/product';

const product = useProduct({ PUSH_INTERVAL_SECONDS: '1', EMAIL_INTERVAL_SECONDS: '1' }, { smtp: true });
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'participant-pass-1';
const STUDY_NAME = 'Mood Prompts';
const QUESTIONNAIRE = { chin_name: 'Mood Now', abbrev: 'MOOD' };
/** How far ahead of now the prompt is moved: time to see that nothing is mailed before it. */
const LEAD_MS = 4_000;

jest.setTimeout(120_000);

/** An active study whose stage 1, group 1 prompts once a day from tomorrow, and a participant who consented and has the plan. */
async function seed() {
  const { api } = product;
  const { manager, managerPassword } = await seedLab(api);
  const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: STUDY_NAME } });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, { token, body: { chin_name: STUDY_NAME, contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' } });
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: QUESTIONNAIRE });
  const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: '<p>How do you feel right now?</p>' };
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
  const stage = study.stage_list[0];
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: stage._id,
          participant_group_list: [
            {
              _id: stage.participant_group_list[0]._id,
              ema_list: [
                {
                  ...newEmaSetting('Asia/Hong_Kong'),
                  questionnaire_list: [{ _id: created._id, ...QUESTIONNAIRE }],
                  time_list: ['09:00'],
                  number_of_days: 2,
                  day_one_eq_same_day: false,
                },
              ],
            },
          ],
        },
      ],
    },
  });
  markActive(product.server.dataDir, study._id);
  const email = uniqueEmail('prompted');
  await api.call('POST', `/api/participants/${study._id}/create`, { token, body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD } });
  const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
  // Agreeing is refused when the study asks for no consent; either way the participant is enrolled.
  await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } }).catch(() => undefined);
  const planned = await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, { token: session.token });
  const [prompt] = planned.ema.filter((t) => !t.reminder).sort((a, b) => a.notification_datetime.localeCompare(b.notification_datetime));
  if (!prompt || Date.parse(prompt.notification_datetime) <= Date.now()) throw new Error(`No prompt ahead in the plan: ${JSON.stringify(planned.ema)}`);
  return { study, email, promptId: prompt._id, plannedAt: Date.parse(prompt.notification_datetime) };
}

interface Ledger {
  notification_datetime: string;
  sent_at: string | null;
  delivery_channel: string | null;
  push_result: string | null;
  email_result: string | null;
}

/** The prompt's delivery as the server recorded it (its own SQLite file, as support/plan.ts reads it). */
function ledgerOf(taskId: string): Ledger {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare('select notification_datetime, sent_at, delivery_channel, push_result, email_result from tasks where id = ?').get(taskId) as Ledger;
  } finally {
    db.close();
  }
}

async function recorded(taskId: string, timeoutMs = 10_000): Promise<Ledger> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const ledger = ledgerOf(taskId);
    if (ledger.email_result !== null || Date.now() > end) return ledger;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a prompt by email', () => {
  test('a participant without push gets the due prompt by email at its moment, and its link opens the answer page in the app', async () => {
    const { study, email, promptId, plannedAt } = await seed();
    movePlanBack(product.server.dataDir, email, (plannedAt - Date.now() - LEAD_MS) / 3_600_000);
    const moment = Date.parse(ledgerOf(promptId).notification_datetime);

    // Nothing before the moment (the senders run every second)…
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, moment - Date.now() - 1_000)));
    expect(product.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()))).toEqual([]);
    // …then the email, once the push sender found no subscription.
    const mail = readMail((await product.smtp.nextMailTo(email, 20_000)).raw);
    const texts = promptEmailTexts.en;
    expect(mail.headers.get('subject')).toBe(`${STUDY_NAME}: ${QUESTIONNAIRE.chin_name} is open now`);
    const sentAt = Date.parse(mail.headers.get('date') ?? '');
    expect(sentAt).toBeGreaterThanOrEqual(Math.floor(moment / 1000) * 1000);
    expect(sentAt).toBeLessThan(moment + 15_000);
    // The sender records the email once the mail server has taken it: a moment after it arrived.
    const ledger = await recorded(promptId);
    expect(ledger).toMatchObject({ delivery_channel: 'email', push_result: 'none', email_result: 'sent' });
    expect(Date.parse(ledger.sent_at ?? '')).toBeGreaterThanOrEqual(moment);

    const taskPath = `/app/studies/${study._id}/tasks/${promptId}`;
    const link = new RegExp(`${texts.open}: (\\S+)`).exec(mail.text)?.[1];
    expect(link).toBe(product.server.mainUrl(taskPath));
    expect(mail.html).toContain(`href="${product.server.mainUrl(taskPath)}"`);

    const phone = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
    phone.setDefaultTimeout(15_000);
    try {
      await withPageIn(phone, 'prompt-email-link', async (app) => {
        await app.goto(product.server.mainUrl('/app/signin'));
        await app.getByLabel('Email').fill(email);
        await app.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await app.getByRole('button', { name: 'Sign in' }).click();
        await app.getByRole('heading', { name: 'My studies' }).waitFor();

        // The link, as the mail client opens it: straight to the answer page, no stop at the task list.
        const paths: string[] = [];
        app.on('framenavigated', (frame) => {
          if (frame === app.mainFrame()) paths.push(new URL(frame.url()).pathname);
        });
        await app.goto(link ?? '');
        await app.getByRole('heading', { name: QUESTIONNAIRE.chin_name, level: 1 }).waitFor();
        await app.getByText('How do you feel right now?').waitFor();
        expect(new URL(app.url()).pathname).toBe(taskPath);
        expect(paths).toEqual([taskPath]);
      });
    } finally {
      await phone.close();
    }
  });
});
