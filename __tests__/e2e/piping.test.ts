// Piping (issue 34 part 3) in Chromium on the real build: the researcher's preview fills a question's text from
// the answer just given and shows another questionnaire's fallback; Insert answer puts a token in by keyboard; the
// participant's app at 390 px fills the
// same text from what is typed and from the participant's earlier MOOD answer, and the answer is stored with
// the text as shown.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import { readShownTexts } from '../../src/shared/questionnaire/piping';
import type { Question, Questionnaire } from '../../src/shared/questionnaire/types';
import type { AppSession } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { type Api, seedLab, uniqueEmail } from './support/api';
import { signInAsLabUser } from './support/pages';
import { markActive } from './support/plan';
import { useProduct } from './support/product';

const product = useProduct();
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'participant-pass-1';

jest.setTimeout(240_000);

function text(n: number, html: string): Question {
  return { ...makeQuestion(`q${n}`, `r${n}`), question_num: String(n + 1), html_question: html, position: n, other_info: [{ ...makeResponse(`r${n}`, 'text'), position: 0 }] };
}

async function questionnaire(api: Api, token: string, chin_name: string, abbrev: string, questions: Question[]) {
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name, abbrev } });
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { chin_content: questions } });
  return { _id: created._id, chin_name, abbrev };
}

function shownTextsOf(email: string, questionnaireId: string): (string | null)[] {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare('select s.shown_texts from submissions s join participants p on p.id = s.participant_id where p.email = ? and s.questionnaire_id = ?')
      .all(email.toLowerCase(), questionnaireId) as { shown_texts: string | null }[];
    return rows.map((r) => r.shown_texts);
  } finally {
    db.close();
  }
}

const quoting = () => '<p>Earlier you did {{Q1}}; your mood was {{MOOD.Q1|not told yet}}.</p>';

describe('piping', () => {
  test('the preview and the app fill in quoted answers, and the answer keeps the text as shown', () =>
    product.journey('piping', async (page) => {
      const { api } = product;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const mood = await questionnaire(api, token, 'Mood', 'MOOD', [text(0, '<p>Your mood in a word?</p>')]);
      const diary = await questionnaire(api, token, 'Day', 'DAY', [text(0, '<p>What did you do?</p>'), text(1, quoting())]);

      // The preview: this questionnaire's answer filled in as typed, MOOD's fallback shown.
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/qx/${diary._id}/edit`));
      await page.getByRole('button', { name: 'Preview' }).click();
      const dialog = page.getByRole('dialog', { name: 'Preview: Day' });
      await dialog.getByText('Earlier you did ; your mood was not told yet.').waitFor();
      await dialog.getByRole('textbox', { name: /What did you do/ }).fill('<b>a walk</b>');
      await dialog.getByText('Earlier you did <b>a walk</b>; your mood was not told yet.').waitFor();
      expect(await dialog.locator('.qf-text b').count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Insert answer by keyboard: the menu lists question 1 only, its token goes into question 2's text.
      const card = page.getByRole('region', { name: 'Question 2', exact: true });
      await card.getByRole('button', { name: 'Insert answer into Question 2 text' }).focus();
      await page.keyboard.press('Enter');
      const items = page.getByRole('menu').getByRole('menuitem');
      expect(await items.allTextContents()).toEqual(['Question 1 (1): What did you do?', 'From another questionnaire…']);
      await page.keyboard.press('Enter');
      await card.getByRole('textbox', { name: 'Question 2 text' }).getByText(/\{\{MOOD\.Q1\|not told yet\}\}\.\{\{Q1\}\}$/).waitFor();

      // From another questionnaire, by keyboard, with a fallback: {{MOOD.Q1|none}} into question 1's text.
      const first = page.getByRole('region', { name: 'Question 1', exact: true });
      await first.getByRole('button', { name: 'Insert answer into Question 1 text' }).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const panel = first.getByRole('group', { name: 'Quote another questionnaire in Question 1 text' });
      const choice = panel.getByRole('combobox', { name: 'Questionnaire to quote' });
      await page.waitForFunction(() => document.activeElement?.id.endsWith('-quote-other-questionnaire') === true);
      await panel.getByRole('option', { name: 'Mood (MOOD)' }).waitFor({ state: 'attached' });
      await choice.selectOption({ label: 'Mood (MOOD)' });
      await page.keyboard.press('Tab');
      await page.keyboard.type('none');
      await panel.getByRole('button', { name: 'Insert answer of MOOD into Question 1 text' }).waitFor();
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Insert answer of MOOD') === true);
      await page.keyboard.press('Enter');
      expect(await page.getByRole('menu', { name: 'Insert answer of MOOD into Question 1 text' }).getByRole('menuitem').allTextContents()).toEqual(['Question 1 (1): Your mood in a word?']);
      await page.keyboard.press('Enter');
      await first.getByRole('textbox', { name: 'Question 1 text' }).getByText(/\{\{MOOD\.Q1\|none\}\}$/).waitFor();

      // A participant who answered MOOD before.
      const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Piping study' } });
      await api.call('PUT', `/api/studies/${study._id}/edit_basic`, { token, body: { chin_name: 'Piping study', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' } });
      markActive(product.server.dataDir, study._id);
      const stage = study.stage_list[0];
      const group = stage.participant_group_list[0];
      await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
        token,
        body: { stage_list: [{ _id: stage._id, participant_group_list: [{ _id: group._id, no_submission_limit_list: [mood, diary] }] }] },
      });
      const email = uniqueEmail('piping');
      await api.call('POST', `/api/participants/${study._id}/create`, { token, body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD } });
      const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
      await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } }).catch(() => undefined);
      await api.call('GET', `/api/app/studies/${study._id}/tasks`, { token: session.token });
      const now = new Date().toISOString();
      await api.call('POST', `/api/app/studies/${study._id}/responses`, {
        token: session.token,
        body: { submissionId: 'mood-1', taskId: null, questionnaireId: mood._id, startedAt: now, submittedAt: now, answers: [{ question_pos: 0, response_pos: 0, value: 'cheerful' }] },
      });

      const context = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
      context.setDefaultTimeout(15_000);
      try {
        const phone = await context.newPage();
        await phone.goto(product.server.mainUrl('/app/signin'));
        await phone.getByLabel('Email').fill(email);
        await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await phone.getByRole('button', { name: 'Sign in' }).click();
        await phone.getByRole('heading', { name: 'My studies' }).waitFor();
        await phone.goto(product.server.mainUrl(`/app/studies/${study._id}`));
        await phone.getByRole('link', { name: 'Day' }).click();
        await phone.getByText('Earlier you did ; your mood was cheerful.').waitFor();
        await phone.getByRole('textbox', { name: /What did you do/ }).fill('a walk');
        await phone.getByText('Earlier you did a walk; your mood was cheerful.').waitFor();
        expect(await phone.locator('#answer-q1 .qf-text').textContent()).toBe('Earlier you did a walk; your mood was cheerful.');
        await phone.getByRole('textbox', { name: /Earlier you did/ }).fill('fine');
        await phone.getByRole('button', { name: 'Send' }).click();
        await phone.getByText('Your answer to Day was sent. Thank you!').waitFor();
      } finally {
        await context.close();
      }
      const stored = shownTextsOf(email, diary._id);
      expect(stored).toHaveLength(1);
      expect(readShownTexts(stored[0]).get(1)).toEqual({ question: 'Earlier you did a walk; your mood was cheerful.' });
    }));
});
