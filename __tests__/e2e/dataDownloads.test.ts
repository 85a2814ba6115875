// The "Data out" journey of issue 7: a participant (over the app's API, as the mobile app would) answers an EMA
// prompt with text in Chinese with an emoji, a comma and a quote, and a photo; the researcher, in Chromium,
// saves the Participant List's Download Text Response zip and finds the text exactly in its CSV, takes the
// row's Download Image Data through its states to the saved zip (and 'No image is found' for a participant
// without photos), and sees the prompt delivered and completed on Study Progress.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync, type Unzipped } from 'fflate';
import type { Download, Locator, Page } from 'playwright-core';
import { dataDownloadTexts, savedText } from '../../src/shared/dataDownloadTexts';
import { IMAGE_DOWNLOAD_LABELS } from '../../src/shared/imageDownloads';
import { progressTexts } from '../../src/shared/progress';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import { newEmaSetting } from '../../src/shared/study/assessmentSettings';
import type { AppSession, AppTasksAnswer, ResponseAnswer, UploadAnswer } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { JPEG } from '../support/mediaSamples';
import { Api, seedLab, uniqueEmail } from './support/api';
import { chooseFilter, chooseRowAction, rowWith, signInAsLabUser } from './support/pages';
import { markActive, movePlanBack } from './support/plan';
import { useProduct, type Product } from './support/product';

const product = useProduct();
const PASSWORD = 'participant-pass-1';
const HONG_KONG = 'Asia/Hong_Kong';
/** What a spreadsheet must keep as typed: Chinese, an emoji, a comma and a double quote. */
const ANSWER_TEXT = '睡得很好 😴, 心情"還可以"';
/** Building a zip on a machine shared with other work can take a while; the button polls every 2 s. */
const ZIP_TIMEOUT_MS = 30_000;

interface CreatedParticipant {
  _id: string;
  participant_code: string;
}

/** An active study whose stage 1, group 1 has an EMA setting (09:00 and 21:00, 3 days) with one questionnaire
 * of one question: a text response, then a photo response. */
async function seedStudy(api: Api, token: string) {
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Sleep and Mood' } });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, {
    token,
    body: { chin_name: 'Sleep and Mood', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' },
  });
  markActive(product.server.dataDir, study._id);
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: 'Evening Mood', abbrev: 'MOOD' } });
  const question = {
    ...makeQuestion('q1', 'r1'),
    question_num: '1',
    html_question: '<p>How did you sleep? Show us your morning.</p>',
    other_info: [makeResponse('r1', 'text'), { ...makeResponse('r2', 'photoUpload'), position: 1 }],
  };
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
  const mood = { _id: created._id, chin_name: 'Evening Mood', abbrev: 'MOOD' };
  const stage = study.stage_list[0];
  const group = stage.participant_group_list[0];
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: stage._id,
          participant_group_list: [
            { _id: group._id, ema_list: [{ ...newEmaSetting(HONG_KONG), questionnaire_list: [mood], time_list: ['09:00', '21:00'], number_of_days: 3 }] },
          ],
        },
      ],
    },
  });
  return { study, questionnaireId: created._id };
}

async function createParticipant(api: Api, token: string, studyId: string, email: string): Promise<CreatedParticipant> {
  const { participant } = await api.call<{ participant: CreatedParticipant }>('POST', `/api/participants/${studyId}/create`, {
    token,
    body: { studyId, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  return participant;
}

/** The app's photo upload: a grant, the bytes PUT to its URL (the server's own, with local storage), its key. */
async function uploadPhoto(p: Product, appToken: string, bytes: Buffer): Promise<string> {
  const grant = await p.api.call<UploadAnswer>('POST', '/api/app/uploads', { token: appToken, body: { contentType: 'image/jpeg', size: bytes.length } });
  const put = await fetch(new URL(grant.url, p.server.apiUrl('/')), {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(put.status).toBe(200);
  return grant.key;
}

/** Clicks and returns the file Chromium saved, unzipped. */
async function saveZip(page: Page, click: () => Promise<void>): Promise<{ download: Download; files: Unzipped }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: ZIP_TIMEOUT_MS }), click()]);
  expect(await download.failure()).toBeNull();
  const saved = await download.path();
  return { download, files: unzipSync(new Uint8Array(await readFile(saved))) };
}

function imageButton(row: Locator, phase: keyof typeof IMAGE_DOWNLOAD_LABELS, code: string): Locator {
  return row.getByRole('button', { name: `${IMAGE_DOWNLOAD_LABELS[phase]} ${code}`, exact: true });
}

/** Download Image Data, chosen in the row's Actions menu (its state then shows as a button beside the menu). */
function startImageDownload(page: Page, row: Locator, code: string): Promise<void> {
  return chooseRowAction(page, row, code, IMAGE_DOWNLOAD_LABELS.NotStart);
}

describe('data downloads', () => {
  test('a researcher saves the text responses and the photos a participant sent, and sees the prompt counted on Study Progress', () =>
    product.journey('data-downloads', async (page) => {
      const api = product.api;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const { study, questionnaireId } = await seedStudy(api, token);
      const email = uniqueEmail('answers');
      const participant = await createParticipant(api, token, study._id, email);
      const withoutPhotos = await createParticipant(api, token, study._id, uniqueEmail('nophoto'));

      // The participant, in the app: consents and loads the plan; two days on (the plan moved 48 hours back in
      // the server's database), the first prompt is reported shown and answered in time with text and a photo.
      const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
      const app = { token: session.token };
      await api.call('POST', `/api/app/studies/${study._id}/consent`, { ...app, body: { agree: true } });
      await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, app);
      movePlanBack(product.server.dataDir, email, 48);
      const later = await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, app);
      const due = later.ema.filter((t) => !t.reminder && Date.parse(t.notification_datetime) < Date.now());
      due.sort((x, y) => x.notification_datetime.localeCompare(y.notification_datetime));
      expect(due.length).toBeGreaterThan(0);
      const first = due[0];
      const shownAt = new Date(Date.parse(first.notification_datetime) + 60_000).toISOString();
      await api.call('POST', `/api/app/studies/${study._id}/events`, { ...app, body: { events: [{ taskId: first._id, kind: 'delivered', at: shownAt }] } });
      const photoKey = await uploadPhoto(product, session.token, JPEG);
      await api.call<ResponseAnswer>('POST', `/api/app/studies/${study._id}/responses`, {
        ...app,
        body: {
          submissionId: randomUUID(),
          taskId: first._id,
          questionnaireId,
          startedAt: shownAt,
          submittedAt: shownAt,
          answers: [
            { question_pos: 0, response_pos: 0, value: ANSWER_TEXT },
            { question_pos: 0, response_pos: 1, value: photoKey },
          ],
        },
      });

      // The Participant List with stage 1, group 1 chosen offers Download Text Response.
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/participants/${study._id}`));
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      await chooseFilter(page, 'Stage 1', 'Group 1');
      await page.getByRole('button', { name: dataDownloadTexts.textResponseButton }).click();
      const dialog = page.getByRole('dialog', { name: dataDownloadTexts.textResponseTitle });
      await dialog.getByRole('checkbox', { name: new RegExp(participant.participant_code) }).waitFor();

      // Chromium saves the zip; its one CSV holds the answer exactly as typed, and the photo's name (not its
      // storage key, which holds internal ids).
      const text = await saveZip(page, () => dialog.getByRole('button', { name: dataDownloadTexts.download, exact: true }).click());
      const fileName = text.download.suggestedFilename();
      expect(fileName).toMatch(/\.zip$/);
      await dialog.getByText(savedText(fileName)).waitFor();
      const csvNames = Object.keys(text.files).filter((name) => name.endsWith('.csv'));
      expect(csvNames).toHaveLength(1);
      const rows = parse(strFromU8(text.files[csvNames[0]]), { columns: true, bom: true }) as Record<string, string>[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual(
        expect.objectContaining({ participant_id: participant.participant_code, email, task_kind: 'ema', late: 'no', Q1_R1: ANSWER_TEXT }),
      );
      expect(rows[0].Q1_R2).not.toContain(photoKey);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'detached' });

      // Download Image Data: Downloading... while the zip is built, then Click To Save File, which saves it and
      // goes, the menu offering Download Image Data again. The zip holds the photo byte for byte.
      const row = await rowWith(page, participant.participant_code);
      await startImageDownload(page, row, participant.participant_code);
      await imageButton(row, 'Started', participant.participant_code).waitFor();
      const ready = imageButton(row, 'ReadyDownload', participant.participant_code);
      await ready.waitFor({ timeout: ZIP_TIMEOUT_MS });
      const photos = await saveZip(page, () => ready.click());
      expect(photos.download.suggestedFilename()).toMatch(/\.zip$/);
      const photoNames = Object.keys(photos.files);
      expect(photoNames).toEqual([expect.stringMatching(new RegExp(`^${participant.participant_code}_.*\\.jpg$`))]);
      // The text download named the photo as the zip does.
      expect(photoNames).toEqual([rows[0].Q1_R2]);
      expect(Buffer.from(photos.files[photoNames[0]]).equals(JPEG)).toBe(true);
      await imageButton(row, 'ReadyDownload', participant.participant_code).waitFor({ state: 'detached' });
      expect(await row.getByRole('button', { name: `Actions ${participant.participant_code}` }).evaluate((b) => b === document.activeElement)).toBe(true);
      // The row's buttons scroll inside the table: their hidden labels do not widen the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      // A participant who sent no photo: No image is found.
      const other = await rowWith(page, withoutPhotos.participant_code);
      await startImageDownload(page, other, withoutPhotos.participant_code);
      await imageButton(other, 'NoResponse', withoutPhotos.participant_code).waitFor({ timeout: ZIP_TIMEOUT_MS });

      // Study Progress: the prompts now due, one delivered and one completed in time.
      await page.goto(product.server.mainUrl(`/participants/check_progress/${study._id}`));
      await page.getByRole('heading', { name: 'Study Progress' }).waitFor();
      await chooseFilter(page, 'Stage 1', 'Group 1');
      const progress = await rowWith(page, participant.participant_code);
      const headers = (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim());
      const cells = [participant.participant_code, ...(await progress.getByRole('cell').allTextContents()).map((t) => t.trim())];
      const column = (name: string) => cells[headers.indexOf(name)];
      const { planned, delivered, completed } = progressTexts.columns;
      expect([column(planned), column(delivered), column(completed)]).toEqual([String(due.length), '1', '1']);
    }));
});
