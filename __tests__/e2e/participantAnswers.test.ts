// Answering in the participant app, in Chromium at 390 px on the real build: an open EMA prompt (the plan moved
// so that one is open now) and a diary; a wrong answer refused at its question; then, without network, an
// anytime questionnaire answered with a photo and "saved on this phone"; the page closed, the network back, the app opened
// again: the answer arrives once (one submission on the server) and is in the portal's text download.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { dataDownloadTexts } from '../../src/shared/dataDownloadTexts';
import { participantMessages } from '../../src/shared/messages';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import { RESPONSE_CHECKS } from '../../src/shared/questionnaire/rules';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import { newDiarySetting, newEmaSetting } from '../../src/shared/study/assessmentSettings';
import type { AppSession, AppTasksAnswer } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { type Api, seedLab, uniqueEmail } from './support/api';
import { signInAsLabUser } from './support/pages';
import { markActive, movePlanBack } from './support/plan';
import { useProduct } from './support/product';
import { JPEG } from '../support/mediaSamples';

const product = useProduct();
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'participant-pass-1';
const HONG_KONG = 'Asia/Hong_Kong';
const OFFLINE_TEXT = '離線時寫的 written offline';

jest.setTimeout(180_000);

/** A questionnaire of one required text response (eight digits only when `digits`), then an optional photo. */
async function questionnaire(api: Api, token: string, name: string, abbrev: string, digits = false, photo = false) {
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: name, abbrev } });
  const response = {
    ...makeResponse('r1', 'text'),
    number_only: digits,
    validation: { required: true, regex_string: digits ? RESPONSE_CHECKS.eightDigits : '', identical_to_prev_question: false, earlier: null },
  };
  const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: `<p>${name}: your answer</p>`, other_info: photo ? [response, { ...makeResponse('r2', 'photoUpload'), position: 1 }] : [response] };
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
  return { _id: created._id, chin_name: name, abbrev };
}

/** An active study whose stage 1 group 1 has an EMA prompt four times a day, a diary, and an anytime questionnaire. */
async function seedStudy(api: Api, token: string) {
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Answers study' } });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, { token, body: { chin_name: 'Answers study', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' } });
  markActive(product.server.dataDir, study._id);
  const ema = await questionnaire(api, token, 'Phone Code', 'CODE', true);
  const diary = await questionnaire(api, token, 'Sleep Diary', 'SLEEP');
  const anytime = await questionnaire(api, token, 'Event Report', 'EVENT', false, true);
  const stage = study.stage_list[0];
  const group = stage.participant_group_list[0];
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: stage._id,
          participant_group_list: [
            {
              _id: group._id,
              ema_list: [{ ...newEmaSetting(HONG_KONG), questionnaire_list: [ema], time_list: ['03:00', '09:00', '15:00', '21:00'], number_of_days: 3 }],
              diary_list: [{ ...newDiarySetting(HONG_KONG), questionnaire_list: [diary], number_of_days: 3 }],
              no_submission_limit_list: [anytime],
            },
          ],
        },
      ],
    },
  });
  return { study, anytimeId: anytime._id };
}

/** The photo answers (their stored keys) of a participant's submissions of a questionnaire. */
function photoKeysOf(email: string, questionnaireId: string): string[] {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare('select a.value from answer_items a join submissions s on s.id = a.submission_id join participants p on p.id = s.participant_id where p.email = ? and s.questionnaire_id = ? and a.response_pos = 1')
      .all(email.toLowerCase(), questionnaireId) as { value: string }[];
    return rows.map((r) => r.value);
  } finally {
    db.close();
  }
}

function submissionsOf(email: string, questionnaireId: string): { client_submission_id: string }[] {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return db
      .prepare('select s.client_submission_id from submissions s join participants p on p.id = s.participant_id where p.email = ? and s.questionnaire_id = ?')
      .all(email.toLowerCase(), questionnaireId) as { client_submission_id: string }[];
  } finally {
    db.close();
  }
}

async function signIn(page: Page, email: string) {
  await page.goto(product.server.mainUrl('/app/signin'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My studies' }).waitFor();
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

describe('answering in the participant app', () => {
  it('answers an open EMA prompt and a diary, is refused at the question, and sends an answer given offline once', async () => {
    const { api } = product;
    const { manager, managerPassword } = await seedLab(api);
    const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
    const { study, anytimeId } = await seedStudy(api, token);
    const email = uniqueEmail('answers');
    await api.call('POST', `/api/participants/${study._id}/create`, { token, body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD } });
    const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
    const app = { token: session.token };
    await api.call('POST', `/api/app/studies/${study._id}/consent`, { ...app, body: { agree: true } }).catch(() => undefined);
    const planned = await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, app);
    // Move the plan back so that the next prompt opened a minute ago.
    const next = planned.ema.filter((t) => !t.reminder && Date.parse(t.notification_datetime) > Date.now()).sort((a, b) => a.notification_datetime.localeCompare(b.notification_datetime))[0];
    movePlanBack(product.server.dataDir, email, (Date.parse(next.notification_datetime) - Date.now() + 60_000) / 3_600_000);

    let context: BrowserContext = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
    context.setDefaultTimeout(15_000);
    try {
      let page = await context.newPage();
      await signIn(page, email);
      await page.goto(product.server.mainUrl(`/app/studies/${study._id}`));
      await page.getByRole('heading', { name: 'Your tasks' }).waitFor();

      // The open prompt: a wrong answer is refused at its question, the right one sent.
      await page.getByRole('link', { name: 'Phone Code' }).click();
      const code = page.getByRole('textbox');
      await code.fill('1234');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.locator('#answer-q0').getByText(participantMessages.answerEightDigits).waitFor();
      await noSidewaysScroll(page);
      await code.fill('12345678');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Your answer to Phone Code was sent. Thank you!').waitFor();
      const done = page.getByRole('heading', { name: 'Done and missed today' }).locator('..');
      await done.getByText('Done', { exact: true }).waitFor();

      // The diary.
      await page.getByRole('link', { name: 'Sleep Diary' }).click();
      await page.getByRole('textbox').fill('Slept seven hours');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Your answer to Sleep Diary was sent. Thank you!').waitFor();

      // Without network: kept on the phone.
      await page.getByRole('link', { name: 'Event Report' }).waitFor();
      await context.setOffline(true);
      await page.getByRole('link', { name: 'Event Report' }).click();
      await page.getByRole('textbox').fill(OFFLINE_TEXT);
      // A photo from the phone, kept on it (as a Blob in the outbox) until the network returns.
      await page.locator('#answer-q0 input[type=file]').setInputFiles({ name: 'morning.jpg', mimeType: 'image/jpeg', buffer: JPEG });
      await page.getByRole('img', { name: 'The chosen photo' }).waitFor();
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Your answer to Event Report is saved on this phone. It will be sent when you are online.').waitFor();
      await page.getByRole('link', { name: /Event Report.*Saved on this phone, sending when online/ }).waitFor();
      await noSidewaysScroll(page);
      expect(submissionsOf(email, anytimeId)).toHaveLength(0);
      await page.close();

      // Back online, the app opened again: the answer arrives, once.
      await context.setOffline(false);
      page = await context.newPage();
      await page.goto(product.server.mainUrl(`/app/studies/${study._id}`));
      await page.getByRole('heading', { name: 'Your tasks' }).waitFor();
      const deadline = Date.now() + 20_000;
      while (submissionsOf(email, anytimeId).length === 0 && Date.now() < deadline) await page.waitForTimeout(250);
      await page.waitForTimeout(1_000);
      expect(submissionsOf(email, anytimeId)).toHaveLength(1);
      // The photo went up first; the answer holds its stored key.
      expect(photoKeysOf(email, anytimeId)).toEqual([expect.stringMatching(/^"?photos\//)]);
      await page.getByRole('link', { name: 'Event Report' }).waitFor();
      await expect(page.getByText('Saved on this phone, sending when online').count()).resolves.toBe(0);
      expect(await page.evaluate(() => new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('participant-app');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => resolve(count.result);
        };
      }))).toBe(0);
      await context.close();

      // The researcher's text download holds it.
      context = await product.browser.newContext({ acceptDownloads: true });
      context.setDefaultTimeout(15_000);
      const portal = await context.newPage();
      await signInAsLabUser(portal, product.server.mainUrl('/login'), manager.email, managerPassword);
      await portal.goto(product.server.mainUrl(`/participants/${study._id}`));
      await portal.getByRole('heading', { name: 'Participant List' }).waitFor();
      await portal.getByLabel('Stage', { exact: true }).selectOption({ label: 'Stage 1' });
      await portal.getByLabel('Group', { exact: true }).selectOption({ label: 'Group 1' });
      await portal.getByRole('button', { name: dataDownloadTexts.textResponseButton }).click();
      const dialog = portal.getByRole('dialog', { name: dataDownloadTexts.textResponseTitle });
      await dialog.getByRole('checkbox').first().waitFor();
      const [download] = await Promise.all([portal.waitForEvent('download', { timeout: 30_000 }), dialog.getByRole('button', { name: dataDownloadTexts.download, exact: true }).click()]);
      const files = unzipSync(new Uint8Array(await readFile(await download.path())));
      const rows = Object.entries(files)
        .filter(([name]) => name.endsWith('.csv'))
        .flatMap(([, bytes]) => parse(strFromU8(bytes), { columns: true, bom: true }) as Record<string, string>[]);
      expect(rows.filter((r) => r.Q1_R1 === OFFLINE_TEXT)).toHaveLength(1);
      expect(rows.filter((r) => r.Q1_R1 === '12345678')).toHaveLength(1);
      expect(rows.filter((r) => r.Q1_R1 === 'Slept seven hours')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
