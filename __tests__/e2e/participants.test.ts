// The participant journey of issue 6: a researcher creates a participant and assigns them to stage 2, group 1;
// the participant (over the app's API, as the mobile app would) consents, loads their tasks and answers one;
// the researcher then sees LOAD Ax = Yes, the arrival time, the upcoming EMA schedule, the diary tasks and the
// participant's row on Study Progress.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { deviceTexts, participantMessages } from '../../src/shared/messages';
import { progressTexts } from '../../src/shared/progress';
import { makeQuestion } from '../../src/shared/questionnaire/operations';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import { newDiarySetting, newEmaSetting, type AssessmentListItem } from '../../src/shared/study/assessmentSettings';
import type { DiaryTasksAnswer } from '../../src/shared/types/participant';
import type { AppParticipationsAnswer, AppSession, AppTasksAnswer, ResponseAnswer } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { Api, seedLab, uniqueEmail } from './support/api';
import { chooseFilter, chooseRowAction, rowWith, signInAsLabUser } from './support/pages';
import { markActive, movePlanBack } from './support/plan';
import { useProduct } from './support/product';

const product = useProduct();
const PASSWORD = 'participant-pass-1';
const HONG_KONG = 'Asia/Hong_Kong';

/** The specification's YYYY-MM-DD hh:mm A and the zone's short name, written here independently of the portal's own formatter. */
const shown = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).setLocale('en-US').toFormat('yyyy-MM-dd hh:mm a ZZZZ');

async function questionnaire(api: Api, token: string, chin_name: string, abbrev: string): Promise<AssessmentListItem> {
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name, abbrev } });
  const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: `<p>${chin_name}: how was it?</p>` };
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
  return { _id: created._id, chin_name, abbrev };
}

/** A study with two stages, active; stage 2 group 1 has an EMA setting (09:00 and 21:00, 3 days) and a 7-day diary. */
async function seedStudy(api: Api, token: string) {
  let study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Sleep and Mood' } });
  study = await api.call<Study>('PUT', `/api/studies/${study._id}/add_stage`, { token });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, {
    token,
    body: { chin_name: 'Sleep and Mood', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' },
  });
  markActive(product.server.dataDir, study._id);
  const mood = await questionnaire(api, token, 'Evening Mood', 'MOOD');
  const sleep = await questionnaire(api, token, 'Sleep Diary', 'SLEEPD');
  const group = study.stage_list[1].participant_group_list[0];
  // Saved as the study editor's Save Changes saves them.
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: study.stage_list[1]._id,
          participant_group_list: [
            {
              _id: group._id,
              ema_list: [{ ...newEmaSetting(HONG_KONG), questionnaire_list: [mood], time_list: ['09:00', '21:00'], number_of_days: 3 }],
              diary_list: [{ ...newDiarySetting(HONG_KONG), questionnaire_list: [sleep], number_of_days: 7 }],
            },
          ],
        },
      ],
    },
  });
  return study;
}

async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('participants', () => {
  test('a researcher creates and assigns a participant, who loads and answers tasks; the researcher sees the arrival, schedule and diary', () =>
    product.journey('participants', async (page) => {
      const api = product.api;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const study = await seedStudy(api, token);
      const email = uniqueEmail('participant');

      // From the Study List to the study's Participant List.
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      const studyRow = await rowWith(page, study.study_code);
      await studyRow.getByRole('link', { name: `Participants ${study.study_code}` }).click();
      await page.waitForURL((url) => url.pathname === `/participants/${study._id}`);
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      await page.getByText(study.study_code, { exact: true }).waitFor();
      await page.getByText('Sleep and Mood').waitFor();
      await page.getByText(participantMessages.noParticipants).waitFor();

      // Create New Participant: the dialog's own check first, then the participant.
      await page.getByRole('button', { name: 'Create New Participant' }).click();
      let dialog = page.getByRole('dialog', { name: 'Create New Participant' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText(participantMessages.passwordsRequired).waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirm Password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByText(participantMessages.participantCreated).waitFor();
      await dialog.waitFor({ state: 'detached' });
      let row = await rowWith(page, email);
      const [code, ...created] = await cellsOf(row);
      expect(created.slice(0, 6)).toEqual([email, 'Invited', '1', '1', 'No', '']);

      // Assign To Another Stage: only with a stage and group chosen; then stage 2, group 1.
      await chooseFilter(page, 'Stage 1', 'Group 1');
      row = await rowWith(page, email);
      await chooseRowAction(page, row, code, 'Assign To Another Stage');
      dialog = page.getByRole('dialog', { name: 'Assign To Another Stage' });
      await dialog.getByLabel('Assigned Stage').selectOption({ label: 'Stage 2' });
      await dialog.getByLabel('Assigned Group').selectOption({ label: 'Group 1' });
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await page.getByText(participantMessages.assigned).waitFor();
      await page.getByText(participantMessages.noParticipants).waitFor();
      await chooseFilter(page, 'Stage 2', 'Group 1');
      row = await rowWith(page, email);
      expect((await cellsOf(row)).slice(3, 6)).toEqual(['2', '1', 'No']);
      expect(await seriousViolations(page)).toEqual([]);

      // The participant, in the app: sign in, agree to the consent form, load the tasks, answer the diary.
      const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
      const app = { token: session.token };
      await api.call('POST', `/api/app/studies/${study._id}/consent`, { ...app, body: { agree: true } });
      const tasks = await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, app);
      expect(tasks.diary.map((t) => t.questionnaire.abbrev)).toEqual(['SLEEPD']);
      expect(tasks.ema.length).toBeGreaterThan(0);
      const diary = tasks.diary[0];
      const now = new Date().toISOString();
      await api.call<ResponseAnswer>('POST', `/api/app/studies/${study._id}/responses`, {
        ...app,
        body: {
          submissionId: randomUUID(),
          taskId: diary._id,
          questionnaireId: diary.questionnaire._id,
          startedAt: now,
          submittedAt: now,
          answers: [{ question_pos: 0, response_pos: 0, value: 'Slept well' }],
        },
      });
      const { participations } = await api.call<AppParticipationsAnswer>('GET', '/api/app/studies', app);
      const arrival = participations[0].enrolment_time.at(-1)?.start_datetime ?? '';
      expect(arrival).not.toBe('');

      // The researcher sees the arrival: LOAD Ax = Yes, and its time in the study's zone, named; the browser's
      // own zone on the toggle.
      await page.reload();
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      await chooseFilter(page, 'Stage 2', 'Group 1');
      row = await rowWith(page, email);
      await row.getByRole('cell', { name: 'Yes', exact: true }).waitFor();
      // The participant used the API, not the app: no device report (issue 33).
      expect(await cellsOf(row)).toEqual([code, email, 'Enrolled', '2', '1', 'Yes', shown(arrival, HONG_KONG), deviceTexts.neverReported, expect.any(String)]);
      const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      await page.getByRole('radio', { name: `My time zone (${browserZone})` }).check();
      await row.getByRole('cell', { name: shown(arrival, browserZone), exact: true }).waitFor();
      await page.getByRole('radio', { name: `Study time zone (${HONG_KONG})` }).check();
      await row.getByRole('cell', { name: shown(arrival, HONG_KONG), exact: true }).waitFor();

      // The upcoming EMA schedule: every notification still to come, in Hong Kong time.
      await chooseRowAction(page, row, code, 'EMA Schedule');
      dialog = page.getByRole('dialog', { name: 'EMA Schedule' });
      await dialog.getByRole('table').waitFor();
      const lines = await dialog.getByRole('row').allTextContents();
      const soon = Date.now() + 60_000;
      const upcoming = tasks.ema.filter((t) => Date.parse(t.notification_datetime) > soon);
      expect(upcoming.length).toBeGreaterThan(0);
      for (const task of upcoming) {
        const line = lines.find((l) => l.startsWith(shown(task.notification_datetime, HONG_KONG)) && l.includes(task.reminder ? 'Yes' : 'No'));
        expect({ task: task.notification_datetime, line }).toEqual({ task: task.notification_datetime, line: expect.stringContaining('MOOD') });
      }
      expect(lines.every((l, i) => i === 0 || l.includes(HONG_KONG) || l.startsWith('Today, '))).toBe(true);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'detached' });

      // The diary task with its days left, as the server counts them after today's answer.
      await chooseRowAction(page, row, code, 'Assigned Diary Assessments');
      dialog = page.getByRole('dialog', { name: 'Assigned Diary Assessments' });
      const diaryRow = dialog.getByRole('row').filter({ hasText: 'SLEEPD' });
      await diaryRow.waitFor();
      const id = await participantId(api, token, study._id, email);
      const { diaryAxTasks, daysLeft } = await api.call<DiaryTasksAnswer>('GET', `/api/diary_ax_tasks/${study._id}/${id}`, { token });
      const [task] = diaryAxTasks;
      expect((await cellsOf(diaryRow)).slice(1)).toEqual([`${task.diary_task_start_date} (${HONG_KONG})`, '7', String(daysLeft[task._id])]);
      expect(daysLeft[task._id]).toBeLessThan(7);
      await dialog.getByRole('button', { name: 'Close' }).last().click();

      // The Study List's Progress button opens Study Progress; with stage 2, group 1 chosen, the participant's
      // compliance: no EMA prompt has reached its time yet (the first comes after the arrival), and today's
      // diary answer is one day done of seven, six left.
      await page.goto(product.server.mainUrl('/studies/1'));
      await (await rowWith(page, study.study_code)).getByRole('link', { name: `Progress ${study.study_code}` }).click();
      await page.getByRole('heading', { name: 'Study Progress' }).waitFor();
      await page.getByText(progressTexts.chooseGroup).waitFor();
      await chooseFilter(page, 'Stage 2', 'Group 1');
      const progress = await rowWith(page, code);
      expect(await cellsOf(progress)).toEqual(['0', '0', '0', '0', '0', '0', '–', '–', '–', '1', '6', '0 of 0']);
      await page.getByText(progressTexts.noPromptsYet).waitFor();
    }));

  test('Study Progress counts the prompts now due, draws the days of the study and fits a phone', () =>
    product.journey('study-progress', async (page) => {
      const api = product.api;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const study = await seedStudy(api, token);
      const email = uniqueEmail('progress');
      const { participant } = await api.call<{ participant: { _id: string; participant_code: string } }>('POST', `/api/participants/${study._id}/create`, {
        token,
        body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      const stage2 = study.stage_list[1];
      await api.call('PATCH', `/api/participants/${participant._id}/assign_group`, {
        token,
        body: { studyId: study._id, stageId: stage2._id, groupId: stage2.participant_group_list[0]._id },
      });
      const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
      const app = { token: session.token };
      await api.call('POST', `/api/app/studies/${study._id}/consent`, { ...app, body: { agree: true } });
      await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, app);

      // Two days on (the plan moved 48 hours back in the server's database): the app reports the first prompt
      // shown and answers it in time.
      movePlanBack(product.server.dataDir, email, 48);
      const later = await api.call<AppTasksAnswer>('GET', `/api/app/studies/${study._id}/tasks`, app);
      const due = later.ema.filter((t) => !t.reminder && Date.parse(t.notification_datetime) < Date.now());
      due.sort((x, y) => x.notification_datetime.localeCompare(y.notification_datetime));
      expect(due.length).toBeGreaterThan(0);
      const first = due[0];
      const shownAt = new Date(Date.parse(first.notification_datetime) + 60_000).toISOString();
      await api.call('POST', `/api/app/studies/${study._id}/events`, { ...app, body: { events: [{ taskId: first._id, kind: 'delivered', at: shownAt }] } });
      await api.call<ResponseAnswer>('POST', `/api/app/studies/${study._id}/responses`, {
        ...app,
        body: {
          submissionId: randomUUID(),
          taskId: first._id,
          questionnaireId: first.questionnaire._id,
          startedAt: shownAt,
          submittedAt: shownAt,
          answers: [{ question_pos: 0, response_pos: 0, value: 'Calm' }],
        },
      });

      // The row counts the prompts now due; the group's days are drawn.
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/participants/check_progress/${study._id}`));
      await page.getByRole('heading', { name: 'Study Progress' }).waitFor();
      await chooseFilter(page, 'Stage 2', 'Group 1');
      await page.getByRole('heading', { name: progressTexts.chartTitle }).waitFor();
      const cells = await cellsOf(await rowWith(page, participant.participant_code));
      expect([cells[0], cells[1], cells[3]]).toEqual([String(due.length), '1', '1']);
      await page.locator('.recharts-line').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // The arrival says its zone, and the toggle names both clocks.
      const progressRow = await rowWith(page, participant.participant_code);
      await progressRow.getByText(/arrived \d{4}-\d{2}-\d{2} \d{2}:\d{2} [AP]M GMT\+8/).waitFor();
      await page.getByRole('radio', { name: `Study time zone (${HONG_KONG})` }).waitFor();
      // At 1366 px the participant column stays in view while the figures scroll: scrolled to their end, the
      // participant's code is still on screen, at the box's left edge.
      await page.setViewportSize({ width: 1366, height: 900 });
      const scroller = page.getByRole('region', { name: progressTexts.tableCaption });
      await scroller.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
      const codeBox = await progressRow.getByRole('rowheader').boundingBox();
      const scrollerBox = await scroller.boundingBox();
      expect(codeBox && scrollerBox && Math.abs(codeBox.x - scrollerBox.x)).toBeLessThanOrEqual(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // On a phone each participant is a card, each figure under its column's name, and the chart shrinks: the
      // page never scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 5000 });
      const card = await rowWith(page, participant.participant_code);
      expect(await card.evaluate((e) => getComputedStyle(e).display)).toBe('grid');
      const cardBox = await card.boundingBox();
      expect(cardBox && cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
      const planned = card.getByRole('cell').first();
      expect(await planned.evaluate((e) => getComputedStyle(e, '::before').content)).toBe(`"${progressTexts.columns.planned}"`);
      const chart = page.getByRole('img', { name: new RegExp(progressTexts.chartTitle) });
      expect(await chart.evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);

      // The EMA Schedule lists the past prompts too, each with its state, and opens at today: the first prompt
      // answered, those whose window closed unanswered missed, those to come planned.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(product.server.mainUrl(`/participants/${study._id}`));
      await page.getByRole('heading', { name: 'Participant List' }).waitFor();
      await chooseFilter(page, 'Stage 2', 'Group 1');
      await chooseRowAction(page, await rowWith(page, participant.participant_code), participant.participant_code, 'EMA Schedule');
      const dialog = page.getByRole('dialog', { name: 'EMA Schedule' });
      const today = dialog.getByRole('row', { name: /^Today, / });
      await today.waitFor();
      await dialog.getByRole('radio', { name: `Study time zone (${HONG_KONG})` }).waitFor();
      const firstLine = dialog.getByRole('row').filter({ hasText: shown(first.notification_datetime, HONG_KONG) }).first();
      expect(await firstLine.textContent()).toContain(`MOOD: AnsweredDelivered ${shown(shownAt, HONG_KONG)}`);
      const closed = due.filter((t) => t._id !== first._id && Date.parse(t.window_closes_at) < Date.now());
      expect(closed.length).toBeGreaterThan(0);
      for (const task of closed) {
        const line = dialog.getByRole('row').filter({ hasText: shown(task.notification_datetime, HONG_KONG) }).first();
        expect(await line.textContent()).toContain('MOOD: Missed');
      }
      // Opened at today: the body is scrolled past the earlier days so that today's marker is in view (at the top
      // when enough follows it to scroll that far). Late in Hong Kong's evening today's prompts are the plan's last
      // and the whole schedule may fit without scrolling: then there is nothing to scroll past.
      const body = dialog.getByRole('region', { name: `EMA Schedule of ${participant.participant_code}` });
      const scroll = await body.evaluate((e) => ({ top: e.scrollTop, max: e.scrollHeight - e.clientHeight }));
      if (scroll.max > 0) expect(scroll.top).toBeGreaterThan(0);
      const todayBox = await today.boundingBox();
      const bodyBox = await body.boundingBox();
      expect(todayBox && bodyBox && todayBox.y >= bodyBox.y && todayBox.y + todayBox.height <= bodyBox.y + bodyBox.height).toBe(true);
      // The keyboard reaches the scrolling body and scrolls it.
      await body.focus();
      await page.keyboard.press('Home');
      await page.waitForFunction((name) => document.querySelector(`[aria-label="${name}"]`)?.scrollTop === 0, `EMA Schedule of ${participant.participant_code}`);
      expect(await seriousViolations(page)).toEqual([]);
    }));
});

async function participantId(api: Api, token: string, studyId: string, email: string): Promise<string> {
  const answer = await api.call<{ participantsData: { participants: { _id: string; email: string }[] } }>(
    'GET',
    `/api/participants/${studyId}/get_participants`,
    { token },
  );
  const found = answer.participantsData.participants.find((p) => p.email === email);
  if (!found) throw new Error(`No participant ${email} in the study`);
  return found._id;
}
