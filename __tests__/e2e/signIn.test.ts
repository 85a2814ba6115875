// Lab-user sign-in as a person meets it: wrong passwords, the redirect back to where they were going, and
// sessions that end (by time, or on the server).
import { authMessages } from '../../src/shared/messages';
import { seedLab } from './support/api';
import { fillSignIn, pathOf, signInAsLabUser, storedToken } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();
const HOUR = 60 * 60 * 1000;

describe('lab user sign-in', () => {
  test('a wrong password shows the server message and stays on /login', () =>
    product.journey('wrong-password', async (page) => {
      const { manager } = await seedLab(product.api);
      await page.goto(product.server.mainUrl('/login'));
      await page.getByRole('heading', { name: 'Sign in to the Research Study Admin Portal' }).waitFor();

      await fillSignIn(page, manager.email, 'not-the-password');

      await page.getByRole('alert').filter({ hasText: authMessages.invalidCredentials }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await storedToken(page)).toBeNull();
    }));

  test('an unknown email gets the same message as a wrong password', () =>
    product.journey('unknown-email', async (page) => {
      await page.goto(product.server.mainUrl('/login'));
      await fillSignIn(page, 'nobody@e2e.test', 'whatever-password');
      await page.getByRole('alert').filter({ hasText: authMessages.invalidCredentials }).waitFor();
    }));

  test('a page opened while signed out asks for sign-in, then opens after it', () =>
    product.journey('redirect-after-sign-in', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await page.goto(product.server.mainUrl('/lm/get_users'));
      await page.waitForURL((url) => url.pathname === '/login');
      expect(pathOf(page)).toBe('/login?redirect=%2Flm%2Fget_users');

      await fillSignIn(page, manager.email, managerPassword);

      await page.waitForURL((url) => url.pathname === '/lm/get_users');
      await page.getByRole('cell', { name: manager.email }).waitFor();
    }));

  test('an expired session sends the user to /login with the page they wanted', () =>
    product.journey('expired-session', async (page, context) => {
      // The browser's clock is Playwright's, so the session can really run out: sign in, let 13 hours pass
      // (sessions last 12), open a page.
      await context.clock.install();
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl('/lm/get_users'));
      await page.getByRole('cell', { name: manager.email }).waitFor();

      await context.clock.setSystemTime(Date.now() + 13 * HOUR);
      await page.goto(product.server.mainUrl('/lm/get_users'));

      await page.waitForURL((url) => url.pathname === '/login');
      expect(pathOf(page)).toBe('/login?redirect=%2Flm%2Fget_users');
      await page.getByRole('heading', { name: 'Sign in to the Research Study Admin Portal' }).waitFor();
    }));

  test('a session ended on the server signs the browser out at its next call', () =>
    product.journey('ended-session', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      const token = await storedToken(page);
      expect(token).toBeTruthy();

      await product.api.logout(token as string); // as if signed out elsewhere: the token stops working
      await page.goto(product.server.mainUrl('/lm/get_users'));

      await page.waitForURL((url) => url.pathname === '/login');
      expect(await storedToken(page)).toBeNull();
    }));
});
