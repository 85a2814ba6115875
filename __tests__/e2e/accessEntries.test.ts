// What a lab user may do is known on every page load, not only at sign-in: a study editor opened by address
// right after signing in shows its gated buttons even when the sign-in page's read of the permission entries
// never answered, and a permission the system owner grants or takes away counts without signing in again.
import type { Page } from 'playwright-core';
import { ACCESS, ALL_ACCESS, accessKey, type AccessEntry } from '../../src/shared/access';
import type { LabUserWithAccess, UpdateUserBody } from '../../src/shared/types/identity';
import type { Study } from '../../src/shared/types/study';
import { seedLab, uniqueEmail } from './support/api';
import { signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();
const READ = '**/api/access/get_all_access';
const withoutAddStage = ALL_ACCESS.filter((e) => accessKey(e) !== accessKey(ACCESS.addStage));

/** Waits for the editor's form, so that a missing button is the entries' answer, not a page still loading. */
async function editorShown(page: Page, studyId: string): Promise<void> {
  await page.goto(product.server.mainUrl(`/studies/${studyId}/edit`));
  await page.getByRole('heading', { name: 'Edit Study' }).waitFor();
  await page.getByRole('button', { name: 'Save Changes' }).waitFor();
}

describe('permission entries on every page load', () => {
  test('signing in and at once opening a study editor by address shows Add Stage, though the first read never answered', () =>
    product.journey('editor-right-after-sign-in', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      const { token } = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const study = await product.api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Permissions study' } });

      // A slow network: the entries' read made after the sign-in does not answer before the user moves on.
      let slow = true;
      await page.route(READ, async (route) => {
        if (!slow) await route.continue();
      });
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      slow = false;

      await editorShown(page, study._id);
      await page.getByRole('button', { name: 'Add Stage' }).waitFor();
      await page.getByRole('button', { name: 'Add EMA setting' }).first().waitFor();
    }));

  test('a permission the owner grants while the user is signed in shows after a reload; one taken away goes at the 403', () =>
    product.journey('owner-grants-permission', async (page) => {
      const { lab } = await seedLab(product.api);
      const owner = await product.api.ownerLogin();
      const password = 'member-password-1';
      const member = await product.api.registerByOwner(owner.token, lab._id, { email: uniqueEmail('member'), password, isLabManager: false });
      // The owner's Edit User: an empty password keeps the old one, `access` replaces the entries.
      const setAccess = (access: readonly AccessEntry[]) => {
        const body: UpdateUserBody = { _id: member._id, email: member.email, password: '', isLabManager: false, access: [...access] };
        return product.api.call<LabUserWithAccess>('PUT', `/api/users/systemowner/users/${member._id}`, { token: owner.token, body });
      };
      await setAccess(withoutAddStage);
      const { token } = await product.api.login({ email: member.email, password, organization: 1 });
      const study = await product.api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Permissions study' } });

      await signInAsLabUser(page, product.server.mainUrl('/login'), member.email, password);
      await editorShown(page, study._id);
      expect(await page.getByRole('button', { name: 'Add Stage' }).count()).toBe(0);

      await setAccess(ALL_ACCESS);
      await page.reload();
      await page.getByRole('button', { name: 'Add Stage' }).waitFor();

      // Taken away again: the button is still there until the server refuses it, then it goes.
      await setAccess(withoutAddStage);
      await page.getByRole('button', { name: 'Add Stage' }).click();
      await page.getByRole('alert').filter({ hasText: 'STUDY/ADD/STUDY_STAGE' }).waitFor();
      await page.getByRole('button', { name: 'Add Stage' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('region', { name: 'Stage 2' }).count()).toBe(0);
    }));
});
