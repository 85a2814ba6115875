// The system owner's journey through the spec's screens: sign in, create a lab with its manager, open it,
// register a user, make that user a lab manager, and see each change where the spec says it shows.
import { uniqueEmail } from './support/api';
import { OWNER } from './support/server';
import { rowWith, signInAsOwner } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();

describe('system owner', () => {
  test('creates a lab, registers a user in it and makes them a lab manager', () =>
    product.journey('owner-lab-journey', async (page) => {
      await signInAsOwner(page, product.server.mainUrl('/systemowner/login'), OWNER.email, OWNER.password);

      // Create New Lab
      await page.getByRole('button', { name: 'Create Lab' }).or(page.getByRole('link', { name: 'Create Lab' })).click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === '/systemowner/createlab');
      await page.getByRole('heading', { name: 'Create New Lab' }).waitFor();
      const labName = `Daily Diary Lab ${Date.now().toString(36)}`;
      const managerEmail = uniqueEmail('newmanager');
      await page.getByLabel(/organization/i).selectOption({ label: 'Organization 2' });
      await page.getByLabel('Lab Name').fill(labName);
      await page.getByLabel('Lab Manager Email Address').fill(managerEmail);
      await page.getByLabel('Lab Manager Password').fill('new-manager-password');
      await page.getByLabel(/^confirm/i).fill('new-manager-password');
      await page.getByRole('button', { name: /create|submit/i }).click();

      // Labs home shows the new lab's card with its organization
      await page.waitForURL((url) => url.pathname === '/systemowner/home');
      const card = page.locator('.card').filter({ hasText: labName });
      await card.waitFor();
      expect(await card.textContent()).toContain('Organization 2');

      // Lab page lists the manager
      await card.getByRole('button', { name: 'Details' }).or(card.getByRole('link', { name: 'Details' })).click();
      await page.waitForURL((url) => url.pathname.startsWith('/systemowner/lab/'));
      const labId = new URL(page.url()).pathname.split('/').pop() as string;
      for (const column of ['ID', 'EMAIL', 'MANAGER', 'CREATED AT', 'EDIT']) {
        await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
      }
      await rowWith(page, managerEmail);

      // Register New Admin User (not a manager)
      await page.getByRole('button', { name: 'Register a new user' }).or(page.getByRole('link', { name: 'Register a new user' })).click();
      await page.waitForURL((url) => url.pathname === `/systemowner/register/${labId}`);
      await page.getByRole('heading', { name: 'Register New Admin User' }).waitFor();
      const memberEmail = uniqueEmail('member');
      await page.getByLabel(/email/i).fill(memberEmail);
      await page.getByLabel(/^password/i).fill('member-password-1');
      await page.getByLabel(/confirm/i).fill('member-password-1');
      await page.getByRole('button', { name: /register|submit/i }).click();

      await page.waitForURL((url) => url.pathname === `/systemowner/lab/${labId}`);
      const before = await rowWith(page, memberEmail);
      const managerCell = (row: typeof before) => row.getByRole('cell').nth(2);
      const notManager = await managerCell(before).innerHTML();

      // Edit User: make them a lab manager
      await before.getByRole('link', { name: /edit/i }).or(before.getByRole('button', { name: /edit/i })).click();
      await page.waitForURL((url) => url.pathname.endsWith('/edit') && url.searchParams.get('labId') === labId);
      const isManager = page.getByLabel('Is Lab Manager');
      expect(await isManager.isChecked()).toBe(false);
      expect(await page.getByLabel(/email/i).inputValue()).toBe(memberEmail);
      await isManager.check();
      await page.getByRole('button', { name: /save|update|submit/i }).click();

      await page.waitForURL((url) => url.pathname === `/systemowner/lab/${labId}`);
      const after = await rowWith(page, memberEmail);
      await page.waitForFunction(
        ([email, old]) => {
          const row = [...document.querySelectorAll('tr')].find((r) => r.textContent?.includes(email));
          return row !== undefined && row.querySelectorAll('td')[2]?.innerHTML !== old;
        },
        [memberEmail, notManager] as const,
      );
      // The MANAGER column now shows what the manager's own row shows.
      const managerRow = await rowWith(page, managerEmail);
      expect(await managerCell(after).innerHTML()).toBe(await managerCell(managerRow).innerHTML());

      // Go Back returns home
      await page.getByRole('button', { name: 'Go Back' }).or(page.getByRole('link', { name: 'Go Back' })).click();
      await page.waitForURL((url) => url.pathname === '/systemowner/home');
    }));
});
