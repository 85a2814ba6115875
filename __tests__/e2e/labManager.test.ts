// A lab manager's journey: sign in, open Lab Members, register a colleague, find them in the list.
import { authMessages } from '../../src/shared/messages';
import { seedLab, uniqueEmail } from './support/api';
import { rowWith, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();

describe('lab manager', () => {
  test('signs in, opens Lab Members and registers a new lab user', () =>
    product.journey('manager-registers-user', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);

      await page.getByRole('link', { name: 'Lab Members' }).click();
      await page.waitForURL((url) => url.pathname === '/lm/get_users');
      await page.getByRole('heading', { name: 'Lab Users' }).waitFor();
      for (const column of ['ID', 'EMAIL', 'MANAGER', 'CREATED AT']) {
        await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
      }
      await rowWith(page, manager.email);

      await page.getByRole('button', { name: 'Register a new user' }).or(page.getByRole('link', { name: 'Register a new user' })).click();
      await page.waitForURL((url) => url.pathname === '/lm/register');
      await page.getByRole('heading', { name: 'Sign Up' }).waitFor();

      const colleague = uniqueEmail('colleague');
      await page.getByLabel(/email/i).fill(colleague);
      await page.getByLabel(/^password/i).fill('colleague-password-1');
      await page.getByLabel(/confirm/i).fill('colleague-password-1');
      await page.getByRole('button', { name: /sign up|register|submit/i }).click();

      await page.getByText(authMessages.registrationSuccess).waitFor();
      await page.waitForURL((url) => url.pathname === '/lm/get_users');
      const row = await rowWith(page, colleague);
      await row.getByRole('cell', { name: /^\d{4}-\d{2}-\d{2}$/ }).waitFor(); // CREATED AT: the date part only
    }));

  test('mismatched passwords are refused before any call', () =>
    product.journey('manager-passwords-differ', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl('/lm/register'));

      await page.getByLabel(/email/i).fill(uniqueEmail('typo'));
      await page.getByLabel(/^password/i).fill('colleague-password-1');
      await page.getByLabel(/confirm/i).fill('colleague-password-2');
      await page.getByRole('button', { name: /sign up|register|submit/i }).click();

      await page.getByText(authMessages.passwordsDoNotMatch).waitFor();
      expect(new URL(page.url()).pathname).toBe('/lm/register');
    }));
});
