// A researcher designs a study's structure in the editor (part 2 section 2.2): two stages, two participant
// groups in stage 2, an EMA setting with fixed times, a randomised one, a diary setting, one-time and anytime
// questionnaires in a chosen order; saves; reloads; sees everything as saved. axe checks the editor and each
// of its dialogs.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { studyMessages } from '../../src/shared/messages';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import type { Study } from '../../src/shared/types/study';
import { seedLab } from './support/api';
import { signInAsLabUser } from './support/pages';
import { JOURNEY_TIMEOUT_MS, useProduct } from './support/product';

const product = useProduct({ PORTAL_TIMEZONES: 'Asia/Hong_Kong,Asia/Tokyo' });

const ONE_TIME = 'Assessments needing a one-time response at this stage';
const ANYTIME = 'Assessments allowing anytime, unlimited responses';
const ORDER = 'Edit Order of Selected Questionnaires';
const EMA = 'EMA Assessment Setting';
const DIARY = 'Diary Assessment Setting';

const QUESTIONNAIRES = [
  { chin_name: 'Morning Mood', abbrev: 'MOOD' },
  { chin_name: 'Stress Check', abbrev: 'STRESS' },
  { chin_name: 'Evening Diary', abbrev: 'DIARY' },
  { chin_name: 'Baseline Survey', abbrev: 'BASE' },
  { chin_name: 'Exit Survey', abbrev: 'EXIT' },
  { chin_name: 'Sleep Log', abbrev: 'SLEEP' },
];

/**
 * Serious and critical axe violations of what the page shows at rest. The pointer is moved off the page
 * first (hover colours are not what is checked); Quill's toolbar pickers are a known gap of the shared editor.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('.ql-toolbar')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join(', ')}`);
}

const stageColumn = (page: Page, n: number) => page.getByRole('region', { name: `Stage ${n}` });
const groupBlock = (page: Page, stage: number, n: number) => stageColumn(page, stage).getByRole('region', { name: `Participant Group ${n}` });

async function confirmWarning(page: Page) {
  const warning = page.getByRole('dialog', { name: studyMessages.structureChangeWarning });
  await warning.getByRole('button', { name: 'Confirm' }).click();
  await warning.waitFor({ state: 'hidden' });
}

/** Waits until `read` answers `expected` (drag-and-drop settles over a few frames), then asserts it. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    if (JSON.stringify(await read()) === JSON.stringify(expected)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await read()).toEqual(expected);
}

async function chosenOptions(listbox: Locator): Promise<string[]> {
  return listbox.locator('[role=option][aria-selected=true]').allTextContents();
}

async function orderIn(dialog: Locator, list: string): Promise<string[]> {
  const items = dialog.getByRole('list', { name: list }).getByRole('listitem');
  await items.first().waitFor();
  return (await items.allTextContents()).map((text) => text.replace(/[⠿↑↓]/g, '').trim());
}



describe('study structure', () => {
  test('a researcher builds two stages with groups, EMA and diary settings and ordered questionnaires, saves and finds them after a reload', () =>
    product.journey('study-structure', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      const { token } = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      for (const q of QUESTIONNAIRES) await product.api.call<Questionnaire>('POST', '/api/qx_list', { token, body: q });
      const created = await product.api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Structure study' } });

      // No transitions: axe must not read a button's colours halfway through one.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/studies/${created._id}/edit`));
      await page.getByRole('heading', { name: 'Edit Study' }).waitFor();
      await groupBlock(page, 1, 1).getByRole('listbox', { name: ONE_TIME }).getByRole('option', { name: 'Sleep Log (SLEEP)' }).waitFor();

      // Stage 2 (nothing unsaved: no warning) and its second group, after the warning.
      await page.getByRole('button', { name: 'Add Stage' }).click();
      await page.getByText(studyMessages.stageAdded).waitFor();
      await stageColumn(page, 2).getByRole('button', { name: 'Add Participant Group' }).click();
      await confirmWarning(page);
      await page.getByText(studyMessages.groupAdded).waitFor();
      await groupBlock(page, 2, 2).waitFor();

      // Stage texts and group names.
      const stage2 = stageColumn(page, 2);
      await stage2.getByLabel('Stage name (as presented to participants)').fill('Two weeks at home');
      await stage2.getByLabel('Message displayed during this stage').fill('Please answer each notification.');
      await stage2.getByLabel('Message displayed at the time when this stage is completed').fill('Thank you, all done!');
      const morning = groupBlock(page, 2, 1);
      const evening = groupBlock(page, 2, 2);
      await morning.getByLabel('Group Name').fill('Morning people');
      await evening.getByLabel('Group Name').fill('Evening people');

      // An EMA setting with fixed times.
      await morning.getByRole('button', { name: 'Add EMA setting' }).click();
      let dialog = page.getByRole('dialog', { name: EMA });
      await dialog.getByRole('option', { name: 'Morning Mood (MOOD)' }).click();
      await dialog.getByRole('button', { name: 'Add Time' }).click();
      await dialog.getByRole('button', { name: 'Add Time' }).click();
      expect(await dialog.getByLabel('Assessment time 1', { exact: true }).inputValue()).toBe('09:00');
      await dialog.getByLabel('Assessment time 2', { exact: true }).fill('20:30');
      await dialog.getByLabel('For number of days').fill('14');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // A randomised EMA setting: the shared rules speak first.
      await morning.getByRole('button', { name: 'Add EMA setting' }).click();
      dialog = page.getByRole('dialog', { name: EMA });
      await dialog.getByRole('option', { name: 'Stress Check (STRESS)' }).click();
      await dialog.getByRole('switch', { name: 'Randomized time' }).check();
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'There must be at least one period of time for setting randomized time' }).waitFor();
      await dialog.getByRole('button', { name: 'Add Period' }).click();
      await dialog.getByLabel('Start of period 1', { exact: true }).fill('10:00');
      await dialog.getByLabel('End of period 1', { exact: true }).fill('18:00');
      await dialog.getByLabel('Time Zone').selectOption('Asia/Tokyo');
      await dialog.getByLabel('Response has to be made within (minutes)').fill('30');
      await dialog.getByLabel('Interval between reminder notifications (minutes)').fill('10');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // A diary setting with a fixed start date.
      await morning.getByRole('button', { name: 'Add Diary setting' }).click();
      dialog = page.getByRole('dialog', { name: DIARY });
      await dialog.getByRole('option', { name: 'Evening Diary (DIARY)' }).click();
      await dialog.getByRole('switch', { name: 'Fixed start date' }).check();
      await dialog.getByLabel('Start date', { exact: true }).fill('2030-01-15');
      await dialog.getByLabel('For number of days').fill('10');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // One-time questionnaires chosen Exit, Sleep, Baseline; anytime Sleep; Evening people answer Mood once.
      const oneTime = morning.getByRole('listbox', { name: ONE_TIME });
      for (const name of ['Exit Survey (EXIT)', 'Sleep Log (SLEEP)', 'Baseline Survey (BASE)']) await oneTime.getByRole('option', { name }).click();
      await morning.getByRole('listbox', { name: ANYTIME }).getByRole('option', { name: 'Sleep Log (SLEEP)' }).click();
      await evening.getByRole('listbox', { name: ONE_TIME }).getByRole('option', { name: 'Morning Mood (MOOD)' }).click();

      // The order: Baseline first, by keyboard dragging (Space, arrows, Space), then Sleep last with a Move button.
      await morning.getByRole('button', { name: ORDER }).click();
      dialog = page.getByRole('dialog', { name: ORDER });
      expect(await orderIn(dialog, 'One-time assessments')).toEqual(['1. Exit Survey (EXIT)', '2. Sleep Log (SLEEP)', '3. Baseline Survey (BASE)']);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: '3. Baseline Survey (BASE)' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
      await eventually(() => orderIn(dialog, 'One-time assessments'), ['1. Baseline Survey (BASE)', '2. Exit Survey (EXIT)', '3. Sleep Log (SLEEP)']);
      await dialog.getByRole('button', { name: 'Move Exit Survey (EXIT) down' }).press('Enter');
      expect(await orderIn(dialog, 'One-time assessments')).toEqual(['1. Baseline Survey (BASE)', '2. Sleep Log (SLEEP)', '3. Exit Survey (EXIT)']);
      await dialog.getByRole('button', { name: 'Apply Order' }).click();
      await dialog.waitFor({ state: 'hidden' });

      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(studyMessages.changesSaved).waitFor();

      // After a reload, everything is as saved.
      await page.reload();
      await page.getByRole('heading', { name: 'Edit Study' }).waitFor();
      await groupBlock(page, 2, 2).waitFor();
      expect(await stageColumn(page, 2).getByLabel('Stage name (as presented to participants)').inputValue()).toBe('Two weeks at home');
      expect(await stageColumn(page, 2).getByLabel('Message displayed during this stage').inputValue()).toBe('Please answer each notification.');
      expect(await stageColumn(page, 2).getByLabel('Message displayed at the time when this stage is completed').inputValue()).toBe('Thank you, all done!');
      expect(await groupBlock(page, 2, 1).getByLabel('Group Name').inputValue()).toBe('Morning people');
      expect(await groupBlock(page, 2, 2).getByLabel('Group Name').inputValue()).toBe('Evening people');
      const saved = groupBlock(page, 2, 1);
      await saved.getByText('EMA setting 1: Morning Mood (MOOD); at 09:00, 20:30; 14 days').waitFor();
      await saved.getByText('EMA setting 2: Stress Check (STRESS); random in 10:00-18:00; 1 day').waitFor();
      await saved.getByText('Diary setting 1: Evening Diary (DIARY); from 2030-01-15; 10 days').waitFor();
      await saved.getByRole('option', { name: 'Baseline Survey (BASE)', selected: true }).waitFor();
      expect((await chosenOptions(saved.getByRole('listbox', { name: ONE_TIME }))).sort()).toEqual(
        ['✓Baseline Survey (BASE)', '✓Exit Survey (EXIT)', '✓Sleep Log (SLEEP)'].sort(),
      );
      expect(await chosenOptions(saved.getByRole('listbox', { name: ANYTIME }))).toEqual(['✓Sleep Log (SLEEP)']);
      expect(await chosenOptions(groupBlock(page, 2, 2).getByRole('listbox', { name: ONE_TIME }))).toEqual(['✓Morning Mood (MOOD)']);
      expect(await seriousViolations(page)).toEqual([]);

      await saved.getByRole('button', { name: ORDER }).click();
      dialog = page.getByRole('dialog', { name: ORDER });
      expect(await orderIn(dialog, 'One-time assessments')).toEqual(['1. Baseline Survey (BASE)', '2. Sleep Log (SLEEP)', '3. Exit Survey (EXIT)']);
      expect(await orderIn(dialog, 'Anytime assessments')).toEqual(['1. Sleep Log (SLEEP)']);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await saved.getByRole('button', { name: 'Open EMA setting 2' }).click();
      dialog = page.getByRole('dialog', { name: EMA });
      expect(await dialog.getByRole('switch', { name: 'Randomized time' }).isChecked()).toBe(true);
      expect(await dialog.getByLabel('Start of period 1', { exact: true }).inputValue()).toBe('10:00');
      expect(await dialog.getByLabel('End of period 1', { exact: true }).inputValue()).toBe('18:00');
      expect(await dialog.getByLabel('Time Zone').inputValue()).toBe('Asia/Tokyo');
      expect(await dialog.getByLabel('Interval between reminder notifications (minutes)').inputValue()).toBe('10');
      expect(await dialog.getByLabel('Response has to be made within (minutes)').inputValue()).toBe('30');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await saved.getByRole('button', { name: 'Open Diary setting 1' }).click();
      dialog = page.getByRole('dialog', { name: DIARY });
      expect(await dialog.getByLabel('Start date', { exact: true }).inputValue()).toBe('2030-01-15');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }),
  // A long journey with six axe checks: on a busy two-core machine it needs more than one journey's time.
  3 * JOURNEY_TIMEOUT_MS);

  test('Basic Information and Add Stage stay in reach beside many stages; a phone shows one stage at a time, chosen by keyboard', () =>
    product.journey('stage-switcher', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      const { token } = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const created = await product.api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Four stages' } });
      for (let i = 0; i < 3; i += 1) await product.api.call<Study>('PUT', `/api/studies/${created._id}/add_stage`, { token });
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);

      // At 1366 px, scrolled to the last stage: Basic Information still shows at the left, Add Stage above.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(product.server.mainUrl(`/studies/${created._id}/edit`));
      await page.getByRole('heading', { name: 'Edit Study' }).waitFor();
      const switcher = page.getByRole('combobox', { name: 'Stage shown' });
      await switcher.selectOption({ label: 'Stage 4' });
      await stageColumn(page, 4).getByLabel('Stage name (as presented to participants)').fill('Last');
      const basic = page.getByRole('region', { name: 'Basic Information' });
      const inView = async (box: { x: number; width: number } | null) => box !== null && box.x >= 0 && box.x + box.width <= 1366;
      expect(await inView(await basic.boundingBox())).toBe(true);
      expect(await inView(await stageColumn(page, 4).boundingBox())).toBe(true);
      expect(await inView(await page.getByRole('button', { name: 'Add Stage' }).boundingBox())).toBe(true);
      // The stage does not slide under Basic Information.
      const basicBox = await basic.boundingBox();
      const stageBox = await stageColumn(page, 4).boundingBox();
      expect((stageBox?.x ?? 0) >= (basicBox?.x ?? 0) + (basicBox?.width ?? 0)).toBe(true);

      // At 390 px: Basic Information, then only the stage the switcher names; nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await stageColumn(page, 4).waitFor();
      for (const n of [1, 2, 3]) expect(await stageColumn(page, n).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // By keyboard: Tab reaches the switcher, the arrow keys choose another stage.
      await switcher.focus();
      await page.keyboard.press('Home');
      await stageColumn(page, 1).waitFor();
      expect(await switcher.inputValue()).toBe(created.stage_list[0]._id);
      expect(await stageColumn(page, 4).isVisible()).toBe(false);
      await page.keyboard.press('ArrowDown');
      await stageColumn(page, 2).waitFor();
      expect(await stageColumn(page, 1).isVisible()).toBe(false);
      const width = (await stageColumn(page, 2).boundingBox())?.width ?? 0;
      expect(width).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      // What was typed in a hidden stage is kept.
      await switcher.selectOption({ label: 'Stage 4: Last' });
      expect(await stageColumn(page, 4).getByLabel('Stage name (as presented to participants)').inputValue()).toBe('Last');
    }));
});
