// The participant app in Chromium at 390 px: a researcher's active study (seeded through the API) with a
// consent form and a one-time questionnaire; the participant opens the join link, signs up, joins, reads and
// agrees to the consent, sees the task list, switches to 繁體中文, signs out; no sideways scroll and nothing
// serious for axe on any of these screens; then, with the network off, the app still opens (service worker).
// The first load of the join page, as Chromium received it, stays within the 90 KB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from 'playwright-core';
import { makeQuestion } from '../../src/shared/questionnaire/operations';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import type { Study } from '../../src/shared/types/study';
import { seedLab, uniqueEmail } from './support/api';
import { APP_FIRST_LOAD_BYTES, measureFirstLoad } from './support/firstLoad';
import { markActive } from './support/plan';
import { useProduct } from './support/product';
import { CHROMIUM_FLAGS, chromiumPath } from './support/browser';

const product = useProduct();
const PHONE = { width: 390, height: 844 };

async function seedStudy(): Promise<Study> {
  const { api } = product;
  const { manager, managerPassword } = await seedLab(api);
  const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
  const study = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: '睡眠與情緒 Sleep and Mood' } });
  await api.call('PUT', `/api/studies/${study._id}/edit_basic`, {
    token,
    body: { chin_name: '睡眠與情緒 Sleep and Mood', contact_person_name: 'Dr. Chan', contact_email: 'chan@example.org' },
  });
  const created = await api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: 'Background', abbrev: 'BG' } });
  const question = { ...makeQuestion('q1', 'r1'), question_num: '1', html_question: '<p>Your age?</p>' };
  await api.call('PUT', `/api/qx_list/${created._id}/edit`, { token, body: { ...created, chin_content: [question] } });
  const stage = study.stage_list[0];
  await api.call('PUT', `/api/studies/${study._id}/edit_except_consent`, {
    token,
    body: {
      stage_list: [
        {
          _id: stage._id,
          chin_progress_message: 'Thank you: please answer the background questionnaire first.',
          participant_group_list: [{ _id: stage.participant_group_list[0]._id, questionnaire_list: [{ _id: created._id, chin_name: 'Background', abbrev: 'BG' }] }],
        },
      ],
    },
  });
  await api.call('PUT', `/api/studies/${study._id}/edit_consent`, {
    token,
    body: { consent: '<p>I agree that my answers are used for <strong>research</strong>.</p>', consentNeeded: true },
  });
  markActive(product.server.dataDir, study._id);
  return study;
}

/** Serious or critical axe findings on the screen shown, named with their elements. */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The screen fits the phone's width and axe finds nothing serious on it. */
async function screenChecked(page: Page): Promise<void> {
  await noSidewaysScroll(page);
  expect(await axeProblems(page)).toEqual([]);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

describe('the participant app', () => {
  it('joins by link through sign-up, consents, lists the tasks, switches language and signs out', async () => {
    const study = await seedStudy();
    const link = product.server.mainUrl(`/app/join/${study.study_code}`);
    const context = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    try {
      // Everything the join page loads, as received (Brotli bodies and headers), until the network is quiet.
      const { bytes: received } = await measureFirstLoad(context, page, link);
      expect(received).toBeGreaterThan(10_000);
      expect(received).toBeLessThanOrEqual(APP_FIRST_LOAD_BYTES);
      console.log(`participant app first load (join page): ${received} bytes received`);

      // Most who open a join link have no account yet: it opens Create an account (issue 31).
      await page.getByRole('heading', { name: 'Create an account' }).waitFor();
      await page.getByText(`Sign in or create an account to join the study ${study.study_code}.`).waitFor();
      await screenChecked(page);
      await page.getByLabel('Email').fill(uniqueEmail('app'));
      await page.getByLabel('Password', { exact: true }).fill('participant-pass-1');
      await page.getByLabel('Confirm password').fill('participant-pass-1');
      await page.getByRole('button', { name: 'Create account' }).click();

      await page.getByRole('heading', { name: '睡眠與情緒 Sleep and Mood' }).waitFor();
      const consent = page.getByRole('form', { name: 'Consent form' });
      await consent.getByText('research', { exact: true }).waitFor();
      await screenChecked(page);
      await consent.getByRole('checkbox', { name: 'I have read the consent form and agree to take part' }).check();
      await consent.getByRole('button', { name: 'Agree and continue' }).click();

      await page.getByRole('heading', { name: 'Your tasks' }).waitFor();
      await page.getByText('Thank you: please answer the background questionnaire first.').waitFor();
      const task = page.getByRole('link', { name: 'Background' });
      expect(await task.getAttribute('href')).toMatch(new RegExp(`^/app/studies/${study._id}/tasks/.+`));
      await screenChecked(page);

      await page.getByRole('button', { name: '繁體中文' }).click();
      await page.getByRole('heading', { name: '你的任務' }).waitFor();
      await page.getByRole('heading', { name: '只需回答一次的問卷' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
      await screenChecked(page);

      await page.getByRole('button', { name: '登出' }).click();
      await page.getByRole('heading', { name: '登入' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/signin');
      expect(await page.evaluate(() => localStorage.getItem('participant-session'))).toBeNull();
      await screenChecked(page);

      // The service worker has cached the shell: with no network the app still opens, in the chosen language.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      await page.goto(product.server.mainUrl('/app/forgot-password'));
      await page.getByRole('heading', { name: '重設密碼' }).waitFor();
      await page.locator('.site-name', { hasText: 'Research Study' }).waitFor();
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  });

  it('shows the second organization name and colour on its host', async () => {
    const context = await product.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    try {
      await page.goto(product.server.darkUrl('/app/'));
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.locator('.site-name', { hasText: 'Research Study Green' }).waitFor();
      await screenChecked(page);
      const brand = await page.evaluate(() => getComputedStyle(document.querySelector('.bar') as Element).backgroundColor);
      expect(brand).toBe('rgb(25, 135, 84)');
    } finally {
      await context.close();
    }
  });

  it('installs to the home screen: Chromium finds nothing missing once its service worker runs', async () => {
    // Chromium never offers to install from a private (incognito) context: a profile folder of its own.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'app-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(product.server.mainUrl('/app/'));
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Research Study', start_url: '/app/', display: 'standalone' });
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
