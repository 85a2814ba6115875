// The system owner manages a lab's studies on behalf of its manager: pick the lab and the managing user, create
// studies, save one's basic information on its own, build another (a stage, a group, Save Changes, the consent
// form), find what it lacks in Activate's check, activate it once complete, deactivate and delete it.
// The lab's manager then finds the study that remains in their own Study List.
import { generalMessages, studyMessages } from '../../src/shared/messages';
import type { Study, StudyListAnswer } from '../../src/shared/types/study';
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

      const createAndOpen = async (name: string) => {
        await page.getByRole('button', { name: 'Create Study' }).click();
        const create = page.getByRole('dialog', { name: 'Create Study' });
        await create.getByLabel('Study Name').fill(name);
        await create.getByRole('button', { name: 'Create' }).click();
        await page.waitForURL((url) => new RegExp(`^/systemowner/studies/[^/]+/${manager._id}/edit$`).test(url.pathname));
        await page.getByRole('region', { name: 'Stage 1' }).waitFor();
        return page.getByLabel('Study Code').inputValue();
      };
      const backToList = async () => {
        await page.getByRole('link', { name: 'Studies' }).click();
        await page.waitForURL((url) => url.pathname === '/systemowner/studies/1');
      };

      // A study that stays: its basic information saved on its own (the manager's list shows the name below).
      const keptCode = await createAndOpen('Kept for now');
      expect(await page.getByLabel('Study Name').inputValue()).toBe('Kept for now');
      await page.getByLabel('Study Name').fill('Kept by the owner');
      await page.getByLabel('Contact Person').fill('Owner Contact');
      await page.getByRole('button', { name: 'Save Basic Information' }).click();
      await page.getByText(studyMessages.basicInfoChanged).waitFor();
      await backToList();

      // A study built, then retired.
      const code = await createAndOpen('Built by the owner');
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
      // Activate lists what the study lacks (no assessment anywhere, two unnamed stages) and does not offer to
      // activate; each of its three groups without an assessment is only a warning (issue 31).
      await row.getByRole('button', { name: `Activate ${code}` }).click();
      const activate = page.getByRole('dialog', { name: `Activate Retired by the owner (${code})?` });
      const missing = activate.getByRole('list', { name: 'What the study still needs' });
      await missing.waitFor();
      expect(await missing.getByRole('listitem').count()).toBe(3);
      expect(await activate.getByRole('list', { name: 'Warnings before activating' }).getByRole('listitem').count()).toBe(3);
      expect(await activate.getByRole('button', { name: 'Activate' }).count()).toBe(0);
      await activate.getByRole('button', { name: 'Cancel' }).click();
      await activate.waitFor({ state: 'hidden' });
      // The lab's manager completes it; then the owner's Activate asks and activates.
      const { token } = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const q = await product.api.call<{ _id: string }>('POST', '/api/qx_list', { token, body: { chin_name: 'Sleep Log', abbrev: 'SLEEP' } });
      const listed = await product.api.call<StudyListAnswer>('GET', '/api/studies', { token });
      const whole = await product.api.call<Study>('GET', `/api/studies/${listed.studies.find((s) => s.study_code === code)?._id ?? ''}`, { token });
      const stage_list = whole.stage_list.map((s) => ({
        _id: s._id,
        chin_name: `Part ${s.stage_num}`,
        participant_group_list: s.participant_group_list.map((g) => ({ _id: g._id, no_submission_limit_list: [q._id] })),
      }));
      await product.api.call('PUT', `/api/studies/${whole._id}/edit_except_consent`, { token, body: { stage_list } });
      row = await rowWith(page, code);
      await row.getByRole('button', { name: `Activate ${code}` }).click();
      await activate.getByRole('button', { name: 'Activate' }).click();
      await page.getByText(studyMessages.studyActivated).waitFor();
      await activate.waitFor({ state: 'hidden' });
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
