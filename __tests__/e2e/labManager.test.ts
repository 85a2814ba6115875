// A lab manager's journey: sign in, open Lab Members, register a colleague with the permission entries chosen,
// find them in the list.
import { ACCESS, NEW_LAB_USER_ACCESS, accessKey } from '../../src/shared/access';
import { authMessages } from '../../src/shared/messages';
import type { LabUserWithAccess } from '../../src/shared/types/identity';
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

      // The entries the colleague will get are shown, the defaults ticked; the manager ticks two more.
      const permissions = page.getByRole('group', { name: 'Permissions' });
      expect(await permissions.getByRole('checkbox').count()).toBe(Object.keys(ACCESS).length);
      const defaults = new Set(NEW_LAB_USER_ACCESS.map(accessKey));
      for (const entry of Object.values(ACCESS)) {
        expect([entry.label, await permissions.getByRole('checkbox', { name: entry.label, exact: true }).isChecked()]).toEqual([entry.label, defaults.has(accessKey(entry))]);
      }
      await permissions.getByRole('checkbox', { name: ACCESS.createStudy.label, exact: true }).check();
      await permissions.getByRole('checkbox', { name: ACCESS.editEma.label, exact: true }).press('Space');

      const colleague = uniqueEmail('colleague');
      await page.getByLabel(/email/i).fill(colleague);
      await page.getByLabel(/^password/i).fill('colleague-password-1');
      await page.getByLabel(/confirm/i).fill('colleague-password-1');
      await page.getByRole('button', { name: /sign up|register|submit/i }).click();

      await page.getByText(authMessages.registrationSuccess).waitFor();
      await page.waitForURL((url) => url.pathname === '/lm/get_users');
      const row = await rowWith(page, colleague);
      await row.getByRole('cell', { name: /^\d{4}-\d{2}-\d{2}$/ }).waitFor(); // CREATED AT: the date part only

      // The server stored exactly what was ticked.
      const { token } = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const listed = await product.api.call<{ users: { _id: string; email: string }[] }>('GET', '/api/users/lm/getUsers', { token });
      const id = listed.users.find((u) => u.email === colleague)?._id ?? '';
      const stored = await product.api.call<LabUserWithAccess>('GET', `/api/users/lm/users/${id}`, { token });
      const wanted = [...NEW_LAB_USER_ACCESS, ACCESS.createStudy, ACCESS.editEma].map(accessKey).sort();
      expect(stored.access.map(accessKey).sort()).toEqual(wanted);
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
