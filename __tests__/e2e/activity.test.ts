// Activity (issue 21) in Chromium: a lab manager creates a study in the browser, then finds the change on the
// study's Activity page (by them, the name before and after side by side), and their sign-in, filtered by
// kind, on the lab's Activity page.
import { seedLab } from './support/api';
import { signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();

describe('activity', () => {
  test("a change made in the portal is on the study's Activity page", () =>
    product.journey('activity-after-change', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);

      await page.getByRole('button', { name: 'Create Study' }).click();
      const create = page.getByRole('dialog', { name: 'Create Study' });
      await create.getByLabel('Study Name').fill('Sleep and Mood');
      await create.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL((url) => /^\/studies\/[^/]+\/edit$/.test(url.pathname));
      const studyPath = new URL(page.url()).pathname.replace(/\/edit$/, '');

      await page.goto(product.server.mainUrl(`${studyPath}/activity`));
      await page.getByRole('heading', { name: 'Study Activity' }).waitFor();
      const created = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Study created', exact: true }) });
      await created.waitFor();
      expect(await created.getByRole('cell', { name: manager.email }).count()).toBe(1);
      const change = created.getByRole('row').filter({ hasText: 'chin_name' });
      expect(await change.getByRole('cell').allInnerTexts()).toEqual(['chin_name', '—', 'Sleep and Mood']);

      await page.getByRole('link', { name: 'Lab Activity' }).click();
      await page.getByRole('heading', { name: 'Lab Activity' }).waitFor();
      await page.getByLabel('Kind').selectOption({ label: 'Signed in' });
      await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).searchParams.get('kind') === 'signIn.succeeded' && r.status() === 200),
        page.getByRole('button', { name: 'Show' }).click(),
      ]);
      await page.getByRole('cell', { name: 'Study created', exact: true }).waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: 'Signed in', exact: true }).first().waitFor();
      expect(await page.getByRole('cell', { name: 'Study created', exact: true }).count()).toBe(0);
    }));
});
