// Unsaved edits are never lost silently: a lab manager types in the study editor and the questionnaire editor,
// follows a link of the portal's menu and is asked first; Stay keeps the text. The consent dialog asks before
// Escape throws typed text away, and closing the tab asks while anything is unsaved.
import type { Page } from 'playwright-core';
import { portalMessages, studyMessages } from '../../src/shared/messages';
import { questionnaireMessages } from '../../src/shared/questionnaire/rules';
import { seedLab } from './support/api';
import { pathOf, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();
const CONSENT = 'Consent Form (Scroll Down To Save)';

const question = (page: Page, text: string) => page.getByRole('dialog', { name: text });

async function signIn(page: Page) {
  const { manager, managerPassword } = await seedLab(product.api);
  await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
  await page.waitForURL((url) => url.pathname === '/studies/1');
}

describe('unsaved changes', () => {
  test('the study editor asks before a menu link or closing the tab loses typed text; the consent dialog asks on Escape', () =>
    product.journey('unsaved-study-editor', async (page) => {
      await signIn(page);
      await page.getByRole('button', { name: 'Create Study' }).click();
      const create = page.getByRole('dialog', { name: 'Create Study' });
      await create.getByLabel('Study Name').fill('Draft study');
      await create.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL((url) => /^\/studies\/[^/]+\/edit$/.test(url.pathname));
      const editorPath = pathOf(page);
      await page.getByRole('heading', { name: 'Edit Study' }).waitFor();

      // Nothing typed: no question on the way out and back.
      await page.getByRole('link', { name: 'Questionnaires' }).click();
      await page.waitForURL((url) => url.pathname === '/qx/qx_list/1');
      await page.getByRole('heading', { name: 'Questionnaire List' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Edit Study' }).waitFor();

      await page.getByLabel('Study Name').fill('Sleep and Mood');
      await page.getByRole('link', { name: 'Questionnaires' }).click();
      const leave = question(page, portalMessages.unsavedLeavePage);
      await leave.waitFor();
      await leave.getByRole('button', { name: 'Stay' }).click();
      await leave.waitFor({ state: 'hidden' });
      expect(pathOf(page)).toBe(editorPath);
      expect(await page.getByLabel('Study Name').inputValue()).toBe('Sleep and Mood');

      // Closing the tab gets the browser's own question; dismissing it keeps the page.
      const unload = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const browserQuestion = await unload;
      expect(browserQuestion.type()).toBe('beforeunload');
      await browserQuestion.dismiss();
      expect(page.isClosed()).toBe(false);
      expect(await page.getByLabel('Study Name').inputValue()).toBe('Sleep and Mood');

      // The consent dialog: typed text, then Escape asks; Keep Editing keeps the text, Discard closes.
      await page.getByRole('button', { name: 'Click To Edit Consent Form' }).click();
      const consent = question(page, CONSENT);
      const content = consent.getByRole('textbox', { name: 'Consent Content' });
      await content.click();
      await page.keyboard.type('I agree to take part.');
      await page.keyboard.press('Escape');
      const discard = question(page, portalMessages.unsavedDiscard);
      await discard.getByRole('button', { name: 'Keep Editing' }).click();
      await discard.waitFor({ state: 'hidden' });
      expect(await content.textContent()).toContain('I agree to take part.');
      await page.keyboard.press('Escape');
      await discard.getByRole('button', { name: 'Discard' }).click();
      await consent.waitFor({ state: 'hidden' });

      // Saved, the page is clean: the menu link goes at once.
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(studyMessages.changesSaved).waitFor();
      await page.getByRole('link', { name: 'Questionnaires' }).click();
      await page.waitForURL((url) => url.pathname === '/qx/qx_list/1');
      expect(await leave.count()).toBe(0);
    }));

  test('the questionnaire editor asks before a menu link loses typed text, Stay keeps it, and not after saving', () =>
    product.journey('unsaved-questionnaire-editor', async (page) => {
      await signIn(page);
      await page.goto(product.server.mainUrl('/qx/qx_list/1'));
      await page.getByRole('button', { name: 'Create Questionnaire' }).first().click();
      const create = question(page, 'Create Questionnaire');
      await create.getByLabel('Questionnaire Name').fill('Evening check');
      await create.getByLabel('Questionnaire Code').fill('EV1');
      await create.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL((url) => /^\/qx\/[^/]+\/edit$/.test(url.pathname));
      const editorPath = pathOf(page);
      await page.getByRole('heading', { name: 'Edit Questionnaire' }).waitFor();

      await page.getByLabel('Questionnaire Name').fill('Evening check-in');
      await page.getByRole('link', { name: 'Studies' }).click();
      const leave = question(page, portalMessages.unsavedLeavePage);
      await leave.getByRole('button', { name: 'Stay' }).click();
      await leave.waitFor({ state: 'hidden' });
      expect(pathOf(page)).toBe(editorPath);
      expect(await page.getByLabel('Questionnaire Name').inputValue()).toBe('Evening check-in');

      await page.getByRole('link', { name: 'Studies' }).click();
      await leave.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL((url) => url.pathname === '/studies/1');
      // The list must have finished loading its page before going back, or Back can land while it still loads.
      await page.getByRole('heading', { name: 'Study List' }).waitFor();

      // Back in the editor, a saved change lets the link go without a question.
      await page.goBack();
      await page.getByRole('heading', { name: 'Edit Questionnaire' }).waitFor();
      expect(await page.getByLabel('Questionnaire Name').inputValue()).toBe('Evening check');
      await page.getByLabel('Questionnaire Name').fill('Evening check-in');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(questionnaireMessages.questionnaireSaved).waitFor();
      await page.getByRole('link', { name: 'Studies' }).click();
      await page.waitForURL((url) => url.pathname === '/studies/1');
      expect(await leave.count()).toBe(0);
    }));
});
