// Shuffled questions and choices (issue 34 part 4) in Chromium on the real build: a researcher ticks Shuffle the
// choices and adds a shuffled run in the editor by keyboard (axe finds nothing serious in the section) and saves;
// a participant opens the questionnaire in the app, sees the run and the choices in an order of its own with the
// titles still in order, answers, and the server keeps the order that participant saw with the answer.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Question, Questionnaire } from '../../src/shared/questionnaire/types';
import type { AppSession } from '../../src/shared/types/participantApp';
import type { Study } from '../../src/shared/types/study';
import { seedLab, uniqueEmail } from './support/api';
import { signInAsLabUser } from './support/pages';
import { markActive } from './support/plan';
import { useProduct } from './support/product';

jest.setTimeout(240_000);

const product = useProduct();
const PASSWORD = 'participant-pass-1';
const PHONE = { width: 390, height: 844 };
const TOPICS = ['Sleep', 'Work', 'Meals', 'Friends'];

function text(n: number, topic: string): Question {
  return { ...makeQuestion(`q${n}`, `r${n}`), question_num: String(n + 1), html_question: `<p>${topic}</p>`, position: n, other_info: [{ ...makeResponse(`r${n}`, 'text'), position: 0 }] };
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).include('section[aria-labelledby="shuffle-heading"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function storedOrder(email: string): string | null {
  const db = new SQLite(path.join(product.server.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select s.shown_order from submissions s join participants p on p.id = s.participant_id where p.email = ?').get(email.toLowerCase()) as { shown_order: string | null } | undefined;
    return row?.shown_order ?? null;
  } finally {
    db.close();
  }
}

describe('shuffled questions and choices', () => {
  test('set in the editor by keyboard, shown shuffled in the app, the order kept with the answer', () =>
    product.journey('questionnaire-shuffles', async (page) => {
      const { api } = product;
      const { manager, managerPassword } = await seedLab(api);
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: 'Day review', abbrev: 'DAY' } });
      const { set } = await api.call<{ set: MultipleChoiceSet }>('POST', `/api/qx_list/${created._id}/mc`, {
        token,
        body: { name: 'Mood', choices: ['Low', 'Fair', 'Good', 'Great'].map((name, i) => ({ name, value: String(i + 1) })) },
      });
      const mood: Question = { ...makeQuestion('q4', 'r4'), question_num: '5', html_question: '<p>Mood</p>', position: 4, other_info: [{ ...makeResponse('r4', 'mc'), choices: set._id, position: 0 }] };
      await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { chin_content: [...TOPICS.map((t, i) => text(i, t)), mood] } });

      // The editor, by keyboard.
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/qx/${created._id}/edit`));
      const section = page.getByRole('region', { name: 'Shuffle questions', exact: true });
      await section.getByText('No shuffled runs yet.').waitFor();
      // A card's settings are drawn once it is near the screen.
      const card = page.getByRole('region', { name: /^Question 5/ });
      await card.scrollIntoViewIfNeeded();
      const shuffleChoices = card.getByRole('checkbox', { name: 'Shuffle the choices' });
      await shuffleChoices.focus();
      await page.keyboard.press('Space');
      expect(await shuffleChoices.isChecked()).toBe(true);
      await section.getByRole('button', { name: 'Add a shuffled run' }).focus();
      await page.keyboard.press('Enter');
      const run = section.getByRole('group', { name: 'Shuffled run 1', exact: true });
      await run.getByLabel('Shuffled run 1 from question', { exact: true }).selectOption('q0');
      await run.getByLabel('Shuffled run 1 to question', { exact: true }).selectOption('q3');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Changes have been saved').waitFor();
      const saved = await api.call<Questionnaire>('GET', `/api/qx_list/${created._id}`, { token });
      expect(saved.shuffle_runs).toEqual([{ from_pos: 0, to_pos: 3 }]);
      expect(saved.chin_content[4].other_info[0].shuffle_choices).toBe(true);

      // A study offering it at any time, and a participant in it.
      const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Shuffle study' } });
      await api.call('PUT', `/api/studies/${study._id}/edit_basic`, { token, body: { chin_name: 'Shuffle study', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' } });
      markActive(product.server.dataDir, study._id);
      const stage = study.stage_list[0];
      const group = stage.participant_group_list[0];
      await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
        token,
        body: { stage_list: [{ _id: stage._id, participant_group_list: [{ _id: group._id, no_submission_limit_list: [{ _id: created._id, chin_name: 'Day review', abbrev: 'DAY' }] }] }] },
      });
      const email = uniqueEmail('shuffles');
      await api.call('POST', `/api/participants/${study._id}/create`, { token, body: { studyId: study._id, email, password: PASSWORD, confirmPassword: PASSWORD } });
      const session = await api.call<AppSession>('POST', '/api/app/login', { body: { email, password: PASSWORD } });
      await api.call('POST', `/api/app/studies/${study._id}/consent`, { token: session.token, body: { agree: true } }).catch(() => undefined);
      await api.call('GET', `/api/app/studies/${study._id}/tasks`, { token: session.token });

      // The app: the questions of the run and the choices in the answer's own order, titles in order.
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
        await phone.getByRole('link', { name: 'Day review' }).click();
        await phone.getByRole('button', { name: 'Send' }).waitFor();
        const shown = await phone.locator('.qf-question').evaluateAll((sections) => sections.map((s) => Number(s.getAttribute('data-qpos'))));
        expect([...shown.slice(0, 4)].sort()).toEqual([0, 1, 2, 3]);
        expect(shown[4]).toBe(4);
        expect(await phone.locator('.qf-title').allTextContents()).toEqual(['1', '2', '3', '4', '5']);
        const choices = await phone.locator('#answer-q4 input[type=radio]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
        expect([...choices].sort()).toEqual(['1', '2', '3', '4']);
        await phone.locator('#answer-q4').getByRole('radio', { name: 'Good' }).check();
        await phone.getByRole('button', { name: 'Send' }).click();
        await phone.getByText('Your answer to Day review was sent. Thank you!').waitFor();

        const deadline = Date.now() + 15_000;
        while (storedOrder(email) === null && Date.now() < deadline) await phone.waitForTimeout(250);
        expect(JSON.parse(storedOrder(email) ?? 'null')).toEqual({ questions: shown, choices: { '4': choices } });
      } finally {
        await context.close();
      }
    }));
});
