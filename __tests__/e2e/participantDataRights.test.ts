// A participant's data rights in Chromium at 390 px (issue 36 part 3): after signing up, My data downloads a
// zip holding the account; Delete my account asks for the password in its confirmation, a wrong one shows the
// server's message, the right one signs out and the account can no longer sign in. Nothing serious for axe.
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { dataRightsMessages } from '../../src/shared/messages';
import { uniqueEmail } from './support/api';
import { useProduct } from './support/product';

const product = useProduct();
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'participant-pass-1';

async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe("a participant's data rights in the app", () => {
  it('downloads My data, then deletes the account after the password and a confirmation', async () => {
    const context = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB', acceptDownloads: true });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const email = uniqueEmail('rights');
    try {
      await page.goto(product.server.mainUrl('/app/signup'));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'My data' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toBe('my-data.zip');
      const file = await download.path();
      const files = unzipSync(new Uint8Array(fs.readFileSync(file)));
      expect(JSON.parse(strFromU8(files['account.json']))).toMatchObject({ email });
      expect(JSON.parse(strFromU8(files['answers.json']))).toEqual([]);

      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Do you really want to delete your account? This cannot be undone.' });
      await dialog.getByLabel('Your password').fill('not-my-password');
      await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
      await dialog.getByRole('alert').getByText(dataRightsMessages.erasePasswordWrong).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await dialog.getByLabel('Your password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();

      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('participant-session'))).toBeNull();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/signin');
    } finally {
      await context.close();
    }
  });
});
