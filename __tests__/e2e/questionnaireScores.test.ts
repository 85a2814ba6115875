// A researcher adds a score in the questionnaire editor (issue 34 part 2) with the keyboard alone: Add Score, its
// name, the items with one reversed, the minimum answered; the shared rule's message shows until an item is
// chosen; axe finds nothing serious in the section; Save Changes; the saved questionnaire holds the score, and
// the editor shows it again after a reload.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { makeQuestion, makeResponse } from '../../src/shared/questionnaire/operations';
import { scoreMessages } from '../../src/shared/questionnaire/scores';
import type { Question, Questionnaire } from '../../src/shared/questionnaire/types';
import { seedLab } from './support/api';
import { signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

jest.setTimeout(240_000);

const product = useProduct();

function slider(n: number, text: string): Question {
  return {
    ...makeQuestion(`q${n}`, `r${n}`),
    question_num: String(n + 1),
    html_question: `<p>${text}</p>`,
    position: n,
    other_info: [{ ...makeResponse(`r${n}`, 'slider'), min: 1, max: 5, position: 0 }],
  };
}

/** Serious and critical axe violations inside the Scores section (the pointer off the page: no hover colours). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).include('section[aria-labelledby="scores-heading"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('questionnaire scores', () => {
  test('a researcher adds a score in the editor by keyboard and saves it', () =>
    product.journey('questionnaire-scores', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api);
      const session = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const created = await product.api.call<Questionnaire>('POST', '/api/qx_list', { token: session.token, body: { chin_name: 'Evening mood', abbrev: 'EVE' } });
      await product.api.call('PUT', `/api/qx_list/${created._id}/edit`, { token: session.token, body: { chin_content: [slider(0, 'Calm'), slider(1, 'Tense')] } });

      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.goto(product.server.mainUrl(`/qx/${created._id}/edit`));
      const scores = page.getByRole('region', { name: 'Scores', exact: true });
      await scores.getByText('No scores yet.').waitFor();

      await scores.getByRole('button', { name: 'Add Score' }).focus();
      await page.keyboard.press('Enter');
      const score = scores.getByRole('group', { name: 'Score 1', exact: true });
      await score.getByText(scoreMessages.noItems).waitFor();

      const name = score.getByLabel('Score 1 name', { exact: true });
      await name.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('calm');
      // Tab onward: method, minimum answered, Remove, then the items' checkboxes.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      // Its Reverse box appears right after it once it is chosen.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await score.getByLabel('Score 1 uses Q1 response 1: Calm', { exact: true }).isChecked()).toBe(true);
      expect(await score.getByLabel('Reverse Q1 response 1: Calm in Score 1', { exact: true }).isChecked()).toBe(true);
      expect(await score.getByLabel('Score 1 uses Q2 response 1: Tense', { exact: true }).isChecked()).toBe(true);
      expect(await score.getByText(scoreMessages.noItems).count()).toBe(0);
      await score.getByLabel('Score 1 method', { exact: true }).selectOption('mean');
      await score.getByLabel('Score 1 minimum answered', { exact: true }).fill('3');
      await score.getByText(scoreMessages.minAnswered).waitFor();
      // The section with a score, its items, a Reverse box and a message.
      expect(await seriousViolations(page)).toEqual([]);
      await score.getByLabel('Score 1 minimum answered', { exact: true }).fill('2');

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Changes have been saved').waitFor();
      const saved = await product.api.call<Questionnaire>('GET', `/api/qx_list/${created._id}`, { token: session.token });
      expect(saved.scores).toEqual([
        { name: 'calm', method: 'mean', items: [{ question_pos: 0, response_pos: 0, reverse: true }, { question_pos: 1, response_pos: 0, reverse: false }], min_answered: 2 },
      ]);

      await page.reload();
      const again = page.getByRole('region', { name: 'Scores', exact: true }).getByRole('group', { name: 'Score 1', exact: true });
      expect(await again.getByLabel('Score 1 name', { exact: true }).inputValue()).toBe('calm');
      expect(await again.getByLabel('Reverse Q1 response 1: Calm in Score 1', { exact: true }).isChecked()).toBe(true);
    }));
});
