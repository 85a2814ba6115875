// Editing a live study (issue 21), in Chromium on the real build: a study with a participant already in its
// stage; the researcher moves the EMA time 13:00 to 14:00 and saves; the dialog shows the impact on that
// participant's plan before anything is saved; choosing "from now on" and confirming re-plans the participant's
// future prompts (none left at 13:00, no two at one moment), while the participant's past stays as it was.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { liveEditTexts, questionnaireVersionTexts, studyMessages } from '../../src/shared/messages';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import { newEmaSetting } from '../../src/shared/study/assessmentSettings';
import type { AppSession } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { seedLab, uniqueEmail } from './support/api';
import { signInAsLabUser } from './support/pages';
import { markActive } from './support/plan';
import { useProduct } from './support/product';

const product = useProduct();
const HONG_KONG = 'Asia/Hong_Kong';
const PASSWORD = 'participant-pass-1';

jest.setTimeout(180_000);

interface PlannedPrompt {
  notification_datetime: string;
  status: string;
}

/** The participant's EMA prompts (not reminders) that are not cancelled, as stored. */
function promptsOf(email: string): PlannedPrompt[] {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `select t.notification_datetime, t.status from tasks t join participations pa on pa.id = t.participation_id
         join participants p on p.id = pa.participant_id
         where p.email = ? and t.kind = 'ema' and t.reminder = 0 and t.status <> 'cancelled' order by t.notification_datetime`,
      )
      .all(email) as PlannedPrompt[];
  } finally {
    db.close();
  }
}

const wallClock = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(HONG_KONG).toFormat('HH:mm');

const stageColumn = (page: Page, n: number) => page.getByRole('region', { name: `Stage ${n}` });
const groupBlock = (page: Page, stage: number, n: number) => stageColumn(page, stage).getByRole('region', { name: `Participant Group ${n}` });

describe('editing a live study', () => {
  it('shows the impact of Save Changes on the participant already in the stage, and re-plans only on confirmation', async () => {
    const { api } = product;
    const { manager, managerPassword } = await seedLab(api);
    const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
    const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Live study' } });
    await api.call('PUT', `/api/studies/${study._id}/edit_basic`, { token, body: { chin_name: 'Live study', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' } });
    markActive(product.server.dataDir, study._id);
    const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: 'Mood', abbrev: 'MOOD' } });
    const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: '<p>How are you?</p>', other_info: [makeResponse('r1', 'text')] };
    await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
    const stage = study.stage_list[0];
    const group = stage.participant_group_list[0];
    const mood = { _id: created._id, chin_name: 'Mood', abbrev: 'MOOD' };
    await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
      token,
      body: { stage_list: [{ _id: stage._id, participant_group_list: [{ _id: group._id, ema_list: [{ ...newEmaSetting(HONG_KONG), questionnaire_list: [mood], time_list: ['09:00', '13:00', '19:00'], number_of_days: 3 }] }] }] },
    });
    const email = uniqueEmail('live');
    await api.call('POST', `/api/participants/${study._id}/create`, { token, body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD } });
    const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
    await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } });
    await api.call('GET', `/api/app/studies/${study._id}/tasks`, { token: session.token });
    const before = promptsOf(email);
    const startedAt = new Date().toISOString();
    const movable = before.filter((p) => wallClock(p.notification_datetime) === '13:00' && p.notification_datetime > startedAt).length;
    expect(movable).toBeGreaterThan(0);

    const context = await product.browser.newContext();
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/studies/${study._id}/edit`));
      const block = groupBlock(page, 1, 1);
      await block.getByRole('button', { name: 'Open EMA setting 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'EMA Assessment Setting' });
      await dialog.getByLabel('Assessment time 2', { exact: true }).fill('14:00');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Save Changes' }).click();

      // The impact first; nothing saved yet.
      const impact = page.getByRole('dialog', { name: liveEditTexts.title });
      const change = impact.getByRole('region', { name: /EMA settings$/ });
      await change.getByRole('row').filter({ hasText: `${movable} prompts moved` }).waitFor();
      expect(promptsOf(email)).toEqual(before);

      await change.getByRole('radio', { name: liveEditTexts.applyNow }).check();
      await impact.getByRole('button', { name: liveEditTexts.confirm }).click();
      await page.getByText(studyMessages.changesSaved).waitFor();

      // The questionnaire's editor names the version in use; a save leaves the participant on version 1 until
      // the researcher re-points their future tasks.
      await page.goto(product.server.mainUrl(`/qx/${created._id}/edit`));
      await page.getByText(questionnaireVersionTexts.current(1), { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Question 1', exact: true }).getByLabel('Question number').fill('1a');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const choice = page.getByRole('dialog', { name: questionnaireVersionTexts.choiceTitle });
      await choice.getByText(questionnaireVersionTexts.olderInUse(1, 1), { exact: false }).waitFor();
      await choice.getByRole('button', { name: questionnaireVersionTexts.repoint }).click();
      await page.getByText(liveEditTexts.repointed).waitFor();
      await page.getByText(questionnaireVersionTexts.current(2), { exact: true }).waitFor();
      expect(await page.getByText(questionnaireVersionTexts.olderInUse(1, 1)).count()).toBe(0);
    } finally {
      await context.close();
    }

    const after = promptsOf(email);
    const now = new Date().toISOString();
    expect(after.filter((p) => p.notification_datetime > now && wallClock(p.notification_datetime) === '13:00')).toEqual([]);
    expect(after.filter((p) => wallClock(p.notification_datetime) === '14:00').length).toBeGreaterThanOrEqual(movable);
    expect(new Set(after.map((p) => p.notification_datetime)).size).toBe(after.length);
    expect(after.filter((p) => p.notification_datetime <= startedAt)).toEqual(before.filter((p) => p.notification_datetime <= startedAt));
  });
});
