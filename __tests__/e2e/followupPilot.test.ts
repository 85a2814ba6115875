// A follow-up prompt on the pilot clock (issue 34 part 1) in Chromium on the real build: an inactive study offers
// a trigger questionnaire at any time, and its group has a follow-up rule set through the API ("when Q1 is 'Yes',
// prompt the check 30 minutes later"). The researcher pilots it from the Study List: answered 'No' in the frame,
// the clock has no prompt to go to; answered 'Yes', the summary lists the follow-up 30 minutes after the answer,
// the clock's "next prompt" goes there and the frame announces it open; answered in the frame, the summary marks
// it completed, and the pilot participant's EMA Schedule lists it as a follow-up. Scores (issue 34 part 2): the
// trigger's score `count` (Q2, a number) gets a condition "count greater or equal 1" in the editor's rule dialog by
// keyboard, saved with Save Changes; then 'Yes' with Q2 left empty (a null count) brings no follow-up either, and
// the summary calls the follow-up one, not an EMA prompt.
import type { Page } from 'playwright-core';
import { participantMessages, pilotMessages } from '../../src/shared/messages';
import { pilotTexts } from '../../src/shared/pilotTexts';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Questionnaire } from '../../src/shared/questionnaire/types';
import type { FollowupRule } from '../../src/shared/study/followups';
import type { Pilot, PilotTask } from '../../src/shared/types/pilot';
import type { Study } from '../../src/shared/types/study';
import { seedLab } from './support/api';
import { chooseFilter, chooseRowAction, rowWith, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();
const TRIGGER = { chin_name: 'Craving Report', abbrev: 'CRAVE' } as const;
const FOLLOWUP = { chin_name: 'Craving Check', abbrev: 'CHECK' } as const;
const AFTER_MINUTES = 30;
const MINUTE = 60_000;

jest.setTimeout(180_000);

interface Seeded {
  study: Study;
  followupId: string;
}

/**
 * Q1 of the trigger a Yes/No choice, Q2 a number (not required) scored as `count`; the follow-up one text question;
 * the rule on 'yes' set with Save Changes.
 */
async function seedStudy(token: string): Promise<Seeded> {
  const { api } = product;
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Follow-up pilot study' } });
  const trigger = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: TRIGGER });
  const { set } = await api.call<{ set: MultipleChoiceSet }>('POST', `/api/qx_list/${trigger._id}/mc`, {
    token,
    body: { name: 'Yes or no', choices: [{ name: 'Yes', value: 'yes' }, { name: 'No', value: 'no' }] },
  });
  const choice = makeResponse('r1', 'mc');
  const craving = {
    ...makeQuestion('q1', 'r1'),
    question_num: '1',
    html_question: '<p>Do you crave a cigarette now?</p>',
    other_info: [{ ...choice, choices: set._id, validation: { ...choice.validation, required: true } }],
  };
  const number = { ...makeResponse('r2', 'text'), number_only: true };
  const cigarettes = { ...makeQuestion('q2', 'r2'), question_num: '2', html_question: '<p>How many cigarettes so far today?</p>', other_info: [number] };
  const count = { name: 'count', method: 'sum', items: [{ question_pos: 1, response_pos: 0, reverse: false }], min_answered: 1 };
  await api.call('PUT', `/api/qx_list/${trigger._id}/edit`, { token, body: { ...trigger, ...TRIGGER, chin_content: [craving, cigarettes], scores: [count] } });
  const followup = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: FOLLOWUP });
  const text = makeResponse('r1', 'text');
  const strength = {
    ...makeQuestion('q1', 'r1'),
    question_num: '1',
    html_question: '<p>How strong is the craving now?</p>',
    other_info: [{ ...text, validation: { ...text.validation, required: true } }],
  };
  await api.call('PUT', `/api/qx_list/${followup._id}/edit`, { token, body: { ...followup, ...FOLLOWUP, chin_content: [strength] } });

  const rule: FollowupRule = {
    trigger_questionnaire: { _id: trigger._id, ...TRIGGER },
    when: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is selected', criterion_value: 'yes' }] }],
    score_when: [],
    questionnaire_list: [{ _id: followup._id, ...FOLLOWUP }],
    after_minutes: AFTER_MINUTES,
    response_in: 15,
    reminder_interval: 5,
    max_per_day: 3,
  };
  const stage = study.stage_list[0];
  const group = stage.participant_group_list[0];
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: { stage_list: [{ _id: stage._id, participant_group_list: [{ _id: group._id, no_submission_limit_list: [{ _id: trigger._id, ...TRIGGER }], followup_list: [rule] }] }] },
  });
  const saved = await api.call<Study>('GET', `/api/studies/${study._id}`, { token });
  expect(saved.stage_list[0].participant_group_list[0].followup_list).toEqual([rule]);
  return { study, followupId: followup._id };
}

/** The summary's rows of the follow-up questionnaire's prompt (not its reminders). */
function followupRows(page: Page) {
  return page.getByTestId('pilot-plan-row').filter({ hasText: FOLLOWUP.chin_name }).filter({ hasText: pilotTexts.followupKind });
}

describe('follow-up prompts on the pilot clock', () => {
  test("a researcher's pilot answers the trigger in the frame: 'No' brings no follow-up, 'Yes' brings one 30 minutes later on the clock", () =>
    product.journey('followup-pilot', async (page) => {
      const { api } = product;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const { study, followupId } = await seedStudy(token);
      await page.setViewportSize({ width: 1366, height: 1000 });
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);

      // The score condition by keyboard in the rule's dialog: Add score condition, a value, Enter applies.
      await page.goto(product.server.mainUrl(`/studies/${study._id}/edit`));
      const block = page.getByRole('region', { name: 'Stage 1' }).getByRole('region', { name: 'Participant Group 1' });
      await block.getByRole('button', { name: 'Open Follow-up rule 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Follow-up Prompt Rule' });
      const scores = dialog.getByRole('region', { name: "When the answer's scores meet" });
      await scores.getByRole('button', { name: 'Add score condition' }).focus();
      await page.keyboard.press('Enter');
      const condition = scores.getByRole('group', { name: 'Score condition 1' });
      await expect(condition.getByLabel('Score').inputValue()).resolves.toBe('count');
      await expect(condition.getByLabel('Operator').inputValue()).resolves.toBe('greater or equal');
      await condition.getByLabel('Value').focus();
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await block.getByText(/Follow-up rule 1: .* and score count greater or equal 1 → /).waitFor();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Changes have been saved').waitFor();
      const saved = await api.call<Study>('GET', `/api/studies/${study._id}`, { token });
      expect(saved.stage_list[0].participant_group_list[0].followup_list[0].score_when).toEqual([{ score: 'count', criterion_operator: 'greater or equal', criterion_value: 1 }]);

      await page.goto(product.server.mainUrl('/studies/1'));
      const row = await rowWith(page, study.study_code);
      await row.getByRole('button', { name: `${pilotTexts.pilotButton} ${study.study_code}` }).click();
      await page.getByRole('dialog', { name: pilotTexts.dialogTitle }).getByRole('button', { name: pilotTexts.start }).click();
      await page.getByRole('heading', { name: pilotTexts.pageTitle, exact: true }).waitFor();
      const pilotId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const pilotNow = async (): Promise<Pilot> => api.call<Pilot>('GET', `/api/pilots/${pilotId}`, { token });
      const frame = page.frameLocator(`iframe[title="${pilotTexts.frameTitle}"]`);
      await frame.getByRole('heading', { name: 'Your tasks' }).waitFor();
      const code = (await page.locator('h1 ~ .font-monospace').textContent()) ?? '';
      expect(code).not.toBe('');

      // The app keeps each answer's thanks in the task list, so the new one is the one after those already there.
      async function answerTrigger(choice: 'Yes' | 'No', cigarettes = '2'): Promise<void> {
        const thanks = frame.getByText(`Your answer to ${TRIGGER.chin_name} was sent. Thank you!`);
        const earlier = await thanks.count();
        await frame.getByRole('link', { name: TRIGGER.chin_name }).click();
        await frame.getByRole('radio', { name: choice, exact: true }).check();
        if (cigarettes) await frame.getByRole('textbox').fill(cigarettes);
        await frame.getByRole('button', { name: 'Send' }).click();
        await thanks.nth(earlier).waitFor();
      }

      // 'No' does not meet the condition: nothing planned, so the clock has no prompt to go to.
      await answerTrigger('No');
      await page.getByRole('button', { name: pilotTexts.toNextPrompt }).click();
      await page.getByRole('alert').getByText(pilotMessages.noNextPrompt).waitFor();
      await expect(followupRows(page).count()).resolves.toBe(0);
      expect((await pilotNow()).plan.filter((t) => t.questionnaire._id === followupId)).toEqual([]);

      // 'Yes' with the number left empty: the count is null, which meets no score condition.
      await answerTrigger('Yes', '');
      await page.getByRole('button', { name: pilotTexts.toNextPrompt }).click();
      await page.getByRole('alert').getByText(pilotMessages.noNextPrompt).waitFor();
      expect((await pilotNow()).plan.filter((t) => t.questionnaire._id === followupId)).toEqual([]);

      // 'Yes' meets it: the follow-up is planned 30 minutes after the answer on the pilot's clock, with its reminders,
      // and the summary shows it (the frame tells the portal of each answer, also a second one to the same task).
      const before = Date.parse((await pilotNow()).clock.now);
      await answerTrigger('Yes');
      const answered = Date.parse((await pilotNow()).clock.now);
      await followupRows(page).first().waitFor();
      await expect(followupRows(page).locator('td').last().textContent()).resolves.toBe('Planned');
      const planned = (await pilotNow()).plan.filter((t) => t.questionnaire._id === followupId);
      const prompt = planned.find((t) => t.prompt_id === null) as PilotTask;
      expect(planned.map((t) => t.prompt_id)).toEqual([null, prompt._id, prompt._id]);
      const at = Date.parse(prompt.notification_datetime ?? '');
      expect(at).toBeGreaterThanOrEqual(before + AFTER_MINUTES * MINUTE);
      expect(at).toBeLessThanOrEqual(answered + AFTER_MINUTES * MINUTE);

      // The clock's next prompt is the follow-up: the frame announces it open now.
      await page.getByRole('button', { name: pilotTexts.toNextPrompt }).click();
      await frame.getByText(`Prompt: ${FOLLOWUP.chin_name} is open now`).waitFor();
      await frame.getByRole('heading', { name: 'Open now' }).waitFor();
      const moved = Date.parse((await pilotNow()).clock.now);
      expect(moved - at).toBeGreaterThanOrEqual(0);
      expect(moved - at).toBeLessThan(MINUTE);

      // Answered in the frame: the summary marks the follow-up completed.
      await frame.getByRole('link', { name: FOLLOWUP.chin_name }).click();
      await frame.getByRole('textbox').fill('Strong');
      await frame.getByRole('button', { name: 'Send' }).click();
      await frame.getByText(`Your answer to ${FOLLOWUP.chin_name} was sent. Thank you!`).waitFor();
      await followupRows(page).locator('td').last().getByText('Completed').waitFor();
      await expect(followupRows(page).count()).resolves.toBe(1);

      // The pilot participant's EMA Schedule lists it as a follow-up (the prompt and its two reminders).
      await page.goto(product.server.mainUrl(`/participants/${study._id}`));
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      await chooseFilter(page, 'Stage 1', 'Group 1');
      await chooseRowAction(page, await rowWith(page, code), code, 'EMA Schedule');
      const schedule = page.getByRole('dialog', { name: 'EMA Schedule' });
      await schedule.getByRole('table').waitFor();
      await expect(schedule.getByText(`${FOLLOWUP.abbrev} (${participantMessages.followupPrompt})`).count()).resolves.toBe(3);
    }));
});
