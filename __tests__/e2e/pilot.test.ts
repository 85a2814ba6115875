// Pilot mode (issue 20) in Chromium on the real build: a researcher pilots an inactive study whose EMA prompts at
// 09:00 and 13:00 run for 2 days. To the next prompt (09:00), a prompt shows in the phone frame; it is answered
// there; past 13:15 the 13:00 prompt is expired in the summary; Study Progress counts 1 completed and 1 expired
// with 'Include pilot data' ticked, and shows no participant without it.
import type { Page } from 'playwright-core';
import { participantMessages } from '../../src/shared/messages';
import { pilotTexts } from '../../src/shared/pilotTexts';
import { progressTexts } from '../../src/shared/progress';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import { newEmaSetting } from '../../src/shared/study/assessmentSettings';
import type { Study } from '../../src/shared/types/study';
import { seedLab } from './support/api';
import { rowWith, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();
const HONG_KONG = 'Asia/Hong_Kong';
const MOOD = { chin_name: 'Mood Now', abbrev: 'MOOD' } as const;

jest.setTimeout(180_000);

async function seedStudy(token: string): Promise<Study> {
  const { api } = product;
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Pilot study' } });
  const mood = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: MOOD });
  const response = { ...makeResponse('r1', 'text'), validation: { required: true, regex_string: '', identical_to_prev_question: false, earlier: null } };
  const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: '<p>How do you feel?</p>', other_info: [response] };
  await api.call('PUT', `/api/qx_list/${mood._id}/edit`, { token, body: { ...mood, chin_content: [question] } });
  const stage = study.stage_list[0];
  // Day one is the day after the arrival, so the walk (09:00, then 13:00 on one date) is the same at any time of day.
  const ema = { ...newEmaSetting(HONG_KONG), questionnaire_list: [{ _id: mood._id, ...MOOD }], time_list: ['09:00', '13:00'], number_of_days: 2, day_one_eq_same_day: false };
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: { stage_list: [{ _id: stage._id, participant_group_list: [{ _id: stage.participant_group_list[0]._id, ema_list: [ema] }] }] },
  });
  return study;
}

/** The summary's state of the prompt (not a reminder) at this moment, as the page writes it. */
function promptState(page: Page, moment: string) {
  return page.getByTestId('pilot-plan-row').filter({ hasText: 'EMA prompt' }).filter({ hasText: moment }).locator('td').last();
}

/** The pilot's now as the page shows it, once it reads `time` (e.g. "09:00 AM"). */
async function pilotNowAt(page: Page, time: string): Promise<string> {
  const now = page.getByTestId('pilot-now');
  await now.getByText(new RegExp(`${time} GMT\\+8`)).waitFor();
  return (await now.textContent()) ?? '';
}

async function figure(page: Page, code: string, column: string): Promise<string> {
  const headers = (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  const row = await rowWith(page, code);
  const cells = [code, ...(await row.getByRole('cell').allTextContents()).map((t) => t.trim())];
  return cells[headers.indexOf(column)];
}

describe('pilot mode', () => {
  test('a researcher walks an EMA schedule on the pilot clock, answers in the frame, and sees the pilot on Study Progress only when asked', () =>
    product.journey('pilot', async (page) => {
      const { api } = product;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const study = await seedStudy(token);
      await page.setViewportSize({ width: 1366, height: 1000 });
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);

      // From the Study List (the study is inactive): the first stage and group are chosen.
      await page.goto(product.server.mainUrl('/studies/1'));
      const row = await rowWith(page, study.study_code);
      await row.getByRole('button', { name: `${pilotTexts.pilotButton} ${study.study_code}` }).click();
      const dialog = page.getByRole('dialog', { name: pilotTexts.dialogTitle });
      await expect(dialog.getByLabel(pilotTexts.stageLabel).inputValue()).resolves.toBe(study.stage_list[0]._id);
      await dialog.getByRole('button', { name: pilotTexts.start }).click();
      await page.getByRole('heading', { name: pilotTexts.pageTitle, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/studies/${study._id}/pilot/[^/]+$`));
      // The pilot's session went to the frame by postMessage: in no address.
      expect(page.url()).not.toContain('token');
      const frame = page.frameLocator('iframe[title="The participant app of the pilot participant"]');
      await frame.getByRole('heading', { name: 'Your tasks' }).waitFor();
      const code = (await page.locator('h1 ~ .font-monospace').textContent()) ?? '';
      expect(code).not.toBe('');

      // To the next prompt: 09:00 in the study's zone; the prompt shows in the frame, announced and open now.
      await page.getByRole('button', { name: pilotTexts.toNextPrompt }).click();
      const nine = await pilotNowAt(page, '09:00 AM');
      await frame.getByText('Prompt: Mood Now is open now').waitFor();
      await frame.getByRole('heading', { name: 'Open now' }).waitFor();

      // Answered in the frame: the summary marks it completed.
      await frame.getByRole('link', { name: 'Mood Now' }).click();
      await frame.getByRole('textbox').fill('Calm');
      await frame.getByRole('button', { name: 'Send' }).click();
      await frame.getByText('Your answer to Mood Now was sent. Thank you!').waitFor();
      await promptState(page, nine).getByText('Completed').waitFor();

      // Past 13:15: the 13:00 prompt expired.
      await page.getByRole('button', { name: pilotTexts.toNextPrompt }).click();
      const one = await pilotNowAt(page, '01:00 PM');
      expect(one.slice(0, 10)).toBe(nine.slice(0, 10));
      await page.getByRole('button', { name: pilotTexts.plusHour }).click();
      await pilotNowAt(page, '02:00 PM');
      await promptState(page, one).getByText('Expired').waitFor();

      // The clock never goes back: the server's message is shown.
      await page.getByLabel(/Move to/).fill('2020-01-01T09:00');
      await page.getByRole('button', { name: pilotTexts.moveTo, exact: true }).click();
      await page.getByRole('alert').getByText('The pilot clock cannot go back: choose a moment after its current time').waitFor();

      // Study Progress: no participant without pilot data; 1 completed and 1 expired with it.
      await page.goto(product.server.mainUrl(`/participants/check_progress/${study._id}`));
      await page.getByRole('heading', { name: 'Study Progress' }).waitFor();
      await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Stage 1' });
      await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Group 1' });
      await page.getByText(participantMessages.noParticipants).waitFor();
      await page.getByLabel(pilotTexts.includePilot).check();
      await (await rowWith(page, code)).waitFor();
      const { completed, expired } = progressTexts.columns;
      expect([await figure(page, code, completed), await figure(page, code, expired)]).toEqual(['1', '1']);
      await page.getByLabel(pilotTexts.includePilot).uncheck();
      await page.getByText(participantMessages.noParticipants).waitFor();
    }));
});
