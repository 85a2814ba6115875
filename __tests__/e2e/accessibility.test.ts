// axe on the sign-in pages: serious and critical violations fail the suite.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { useProduct } from './support/product';

const product = useProduct();

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe)', () => {
  const pages = [
    { name: 'lab user sign-in, localhost', url: () => product.server.mainUrl('/login'), heading: /Sign in to the Research Study Admin Portal/ },
    { name: 'lab user sign-in, dark.localhost', url: () => product.server.darkUrl('/login'), heading: /Sign in to the Research Study Green Admin Portal/ },
    { name: 'system owner sign-in', url: () => product.server.mainUrl('/systemowner/login'), heading: /sign in/i },
  ];

  test.each(pages)('$name has no serious violations', ({ name, url, heading }) =>
    product.journey(`axe-${name}`, async (page) => {
      await page.goto(url());
      await page.getByRole('heading', { name: heading }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }),
  );
});
