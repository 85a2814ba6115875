// Time zones that travel (issue 34 part 5) in the study editor: a researcher sets an EMA setting's "Schedule
// follows" to follow the phone, saves, and after a reload finds it so, in the dialog and in what the server keeps.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { studyMessages } from '../../src/shared/messages';
import type { Questionnaire } from '../../src/shared/questionnaire/types';
import type { Study } from '../../src/shared/types/study';
import { seedLab } from './support/api';
import { signInAsLabUser } from './support/pages';
import { JOURNEY_TIMEOUT_MS, useProduct } from './support/product';

const product = useProduct({ PORTAL_TIMEZONES: 'Asia/Hong_Kong,Europe/London' });
const EMA = 'EMA Assessment Setting';

async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact}: ${v.id} (${v.help})`);
}

describe('schedule follows', () => {
  test('a researcher sets an EMA setting to follow the phone, saves, and finds it so after a reload', () =>
    product.journey('zone-rule', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      const { token } = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      await product.api.call<Questionnaire>('POST', '/api/qx_list', { token, body: { chin_name: 'Morning Mood', abbrev: 'MOOD' } });
      const created = await product.api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Travelling study' } });

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/studies/${created._id}/edit`));
      await page.getByRole('heading', { name: 'Edit Study' }).waitFor();
      const group = page.getByRole('region', { name: 'Stage 1' }).getByRole('region', { name: 'Participant Group 1' });

      await group.getByRole('button', { name: 'Add EMA setting' }).click();
      let dialog = page.getByRole('dialog', { name: EMA });
      await dialog.getByRole('option', { name: 'Morning Mood (MOOD)' }).click();
      await dialog.getByRole('button', { name: 'Add Time' }).click();
      const follows = dialog.getByLabel('Schedule follows', { exact: true });
      expect(await follows.inputValue()).toBe('setting');
      await follows.selectOption({ label: 'Follow the phone' });
      expect(await follows.inputValue()).toBe('follow_phone');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(studyMessages.changesSaved).waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Edit Study' }).waitFor();
      await group.getByRole('button', { name: 'Open EMA setting 1' }).click();
      dialog = page.getByRole('dialog', { name: EMA });
      expect(await dialog.getByLabel('Schedule follows', { exact: true }).inputValue()).toBe('follow_phone');
      const study = await product.api.call<Study>('GET', `/api/studies/${created._id}`, { token });
      expect(study.stage_list[0].participant_group_list[0].ema_list.map((s) => s.zone_rule)).toEqual(['follow_phone']);
    }),
  JOURNEY_TIMEOUT_MS);
});
