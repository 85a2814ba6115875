// Two-step sign-in as a lab manager meets it (issue 36), with the authenticator app's codes computed here from the
// secret the page shows: add it on the account page, sign out, sign in with the password and a code, sign in with a
// recovery code, and that recovery code refused the second time.
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { secondFactorMessages, secondFactorTexts } from '../../src/shared/messages';
import { TOTP_PERIOD_SECONDS } from '../../src/shared/secondFactor';
import { seedLab } from './support/api';
import { fillSignIn, sessionStored, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel(secondFactorTexts.codeLabel).fill(code);
  await page.getByRole('button', { name: secondFactorTexts.stepSubmit }).click();
}

describe('two-step sign-in', () => {
  test('a lab manager adds an authenticator app, then signs in with a code and with a recovery code, used once', () =>
    product.journey('two-step-sign-in', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      const loginUrl = product.server.mainUrl('/login');
      await signInAsLabUser(page, loginUrl, manager.email, managerPassword);

      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('link', { name: secondFactorTexts.accountHeading }).click();
      await page.waitForURL((url) => url.pathname === '/account');
      await page.getByText(secondFactorTexts.off).waitFor();
      await page.getByRole('button', { name: secondFactorTexts.start }).click();
      await page.getByRole('img', { name: secondFactorTexts.qrAlt }).waitFor();
      const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
      const confirmedAt = Math.floor(Date.now() / 1000);
      await page.getByLabel(secondFactorTexts.codeLabel).fill(await generate({ secret, epoch: confirmedAt }));
      await page.getByRole('button', { name: secondFactorTexts.confirm }).click();

      const list = page.getByRole('list', { name: secondFactorTexts.recoveryHeading });
      await list.waitFor();
      await page.getByText(secondFactorTexts.recoveryWarning).waitFor();
      const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
      expect(recoveryCodes).toHaveLength(10);
      await page.getByRole('button', { name: secondFactorTexts.recoveryKept }).click();
      await page.getByText(secondFactorTexts.on(10)).waitFor();
      await logOut(page);

      // The password alone no longer signs in: the code of the next period (the confirming one is used) does.
      await fillSignIn(page, manager.email, managerPassword);
      await page.getByText(secondFactorTexts.stepHelp).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await enterCode(page, await generate({ secret, epoch: confirmedAt + TOTP_PERIOD_SECONDS }));
      await page.waitForURL((url) => url.pathname === '/studies/1');
      await sessionStored(page);
      await logOut(page);

      await fillSignIn(page, manager.email, managerPassword);
      await enterCode(page, recoveryCodes[0]);
      await page.waitForURL((url) => url.pathname === '/studies/1');
      await sessionStored(page);
      await logOut(page);

      await fillSignIn(page, manager.email, managerPassword);
      await enterCode(page, recoveryCodes[0]);
      await page.getByText(secondFactorMessages.wrongCode).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    }));
});
