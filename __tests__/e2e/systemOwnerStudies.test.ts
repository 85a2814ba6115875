// The system owner manages a lab's studies on behalf of its manager: pick the lab and the managing user, create
// studies, save one's basic information on its own, build another (a stage, a group, Save Changes, the consent
// form), activate, deactivate and delete it.
// The lab's manager then finds the study that remains in their own Study List.
import { generalMessages, studyMessages } from '../../src/shared/messages';
import { seedLab } from './support/api';
import { OWNER } from './support/server';
import { rowWith, signInAsLabUser, signInAsOwner } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();
const CONSENT_TEXT = 'The owner wrote this consent.';

describe('system owner studies', () => {
  test('the owner builds and retires a study for a lab’s manager, who then sees what remains', () =>
    product.journey('owner-studies', async (page) => {
      const { lab, manager, managerPassword } = await seedLab(product.api, 1, `Owner Studies Lab ${Date.now().toString(36)}`);
      await signInAsOwner(page, product.server.mainUrl('/systemowner/login'), OWNER.email, OWNER.password);

      // The list shows its table and Create Study only once a lab and a managing user are chosen.
      await page.getByRole('link', { name: 'Studies' }).click();
      await page.waitForURL((url) => url.pathname === '/systemowner/studies/1');
      await page.getByRole('heading', { name: 'Study List' }).waitFor();
      expect(await page.getByRole('button', { name: 'Create Study' }).count()).toBe(0);
      await page.getByLabel('Lab', { exact: true }).selectOption({ label: `${lab.name} (${lab.organizationName})` });
      await page.getByLabel('Managed By', { exact: true }).selectOption({ label: manager.email });
      await page.getByText(studyMessages.noStudies).waitFor();

      const createAndOpen = async () => {
        await page.getByRole('button', { name: 'Create Study' }).click();
        await page.waitForURL((url) => new RegExp(`^/systemowner/studies/[^/]+/${manager._id}/edit$`).test(url.pathname));
        await page.getByRole('region', { name: 'Stage 1' }).waitFor();
        return page.getByLabel('Study Code').inputValue();
      };
      const backToList = async () => {
        await page.getByRole('link', { name: 'Studies' }).click();
        await page.waitForURL((url) => url.pathname === '/systemowner/studies/1');
      };

      // A study that stays: its basic information saved on its own (the manager's list shows the name below).
      const keptCode = await createAndOpen();
      await page.getByLabel('Study Name').fill('Kept by the owner');
      await page.getByLabel('Contact Person').fill('Owner Contact');
      await page.getByRole('button', { name: 'Save Basic Information' }).click();
      await page.getByText(studyMessages.basicInfoChanged).waitFor();
      await backToList();

      // A study built, then retired.
      const code = await createAndOpen();
      // Nothing unsaved: Add Stage adds at once.
      await page.getByRole('button', { name: 'Add Stage' }).click();
      const second = page.getByRole('region', { name: 'Stage 2' });
      await second.waitFor();
      await second.getByRole('button', { name: 'Add Participant Group' }).click();
      await page.getByRole('dialog', { name: studyMessages.structureChangeWarning }).getByRole('button', { name: 'Confirm' }).click();
      await second.getByRole('region', { name: 'Participant Group 2' }).waitFor();
      await page.getByLabel('Study Name').fill('Retired by the owner');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      // The first study's toast may still show.
      await page.getByText(studyMessages.changesSaved).last().waitFor();

      await page.getByRole('button', { name: 'Click To Edit Consent Form' }).click();
      const dialog = page.getByRole('dialog', { name: 'Consent Form (Scroll Down To Save)' });
      await dialog.getByRole('textbox', { name: 'Consent Content' }).click();
      await page.keyboard.type(CONSENT_TEXT);
      await dialog.getByRole('button', { name: 'Save Consent Form' }).click();
      await page.getByText(studyMessages.consentUpdated).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // From the server again: the structure, the name and the consent were kept.
      await page.reload();
      await page.getByRole('region', { name: 'Stage 2' }).getByRole('region', { name: 'Participant Group 2' }).waitFor();
      expect(await page.getByLabel('Study Name').inputValue()).toBe('Retired by the owner');
      await page.getByRole('button', { name: 'Click To Edit Consent Form' }).click();
      await dialog.getByRole('textbox', { name: 'Consent Content' }).filter({ hasText: CONSENT_TEXT }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The lifecycle from the owner's list; a reload forgot the filters, so they are chosen again.
      await backToList();
      await page.getByLabel('Lab', { exact: true }).selectOption({ label: `${lab.name} (${lab.organizationName})` });
      await page.getByLabel('Managed By', { exact: true }).selectOption({ label: manager.email });
      let row = await rowWith(page, code);
      await row.getByRole('button', { name: `Activate ${code}` }).click();
      await page.getByText(studyMessages.studyActivated).waitFor();
      row = await rowWith(page, code);
      expect(await row.getByRole('button', { name: `Delete ${code}` }).count()).toBe(0);
      await row.getByRole('button', { name: `Deactivate ${code}` }).click();
      await page.getByText(studyMessages.studyDeactivated).waitFor();
      row = await rowWith(page, code);
      await row.getByRole('button', { name: `Delete ${code}` }).click();
      await page.getByRole('dialog', { name: generalMessages.areYouSure }).getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(studyMessages.studyDeleted).waitFor();
      await page.getByRole('row').filter({ hasText: code }).waitFor({ state: 'detached' });
      await rowWith(page, keptCode);

      // The lab's manager sees the study that remains, and not the deleted one.
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.waitForURL((url) => url.pathname === '/studies/1');
      const kept = await rowWith(page, keptCode);
      expect(await kept.textContent()).toContain('Kept by the owner');
      expect(await page.getByRole('row').filter({ hasText: code }).count()).toBe(0);
    }));
});
