// The host decides the organization and its look: dark.localhost is organization 2 with the dark theme and
// green colour; localhost is organization 1, light and orange. System owner pages exist only on the main host.
import type { Page } from 'playwright-core';
import { THEME_COLORS } from '../../src/shared/branding';
import { authMessages, generalMessages } from '../../src/shared/messages';
import { seedLab } from './support/api';
import { fillSignIn, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';

const product = useProduct();

function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The theme Bootstrap applies, and the colour of the page's main button. */
async function lookOf(page: Page) {
  const theme = await page.locator('html').getAttribute('data-bs-theme');
  const button = page.getByRole('button', { name: /sign in|log ?in/i });
  const buttonColour = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return { theme, buttonColour, background };
}

describe('organizations by host', () => {
  test('an organization-2 manager signs in on dark.localhost and sees the dark green portal', () =>
    product.journey('dark-host-sign-in', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api, 2, 'Green Lab');
      await page.goto(product.server.darkUrl('/login'));
      await page.getByRole('heading', { name: 'Sign in to the Research Study Green Admin Portal' }).waitFor();

      const look = await lookOf(page);
      expect(look.theme).toBe('dark');
      expect(look.buttonColour).toBe(rgb(THEME_COLORS.dark));
      expect(look.background).not.toBe('rgb(255, 255, 255)');

      await fillSignIn(page, manager.email, managerPassword);
      await page.waitForURL((url) => url.pathname !== '/login');
      expect(new URL(page.url()).hostname).toBe('dark.localhost');
      await page.getByRole('link', { name: 'Lab Members' }).waitFor();
      expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('dark');
    }));

  test('localhost shows the light orange portal', () =>
    product.journey('main-host-look', async (page) => {
      await page.goto(product.server.mainUrl('/login'));
      await page.getByRole('heading', { name: 'Sign in to the Research Study Admin Portal' }).waitFor();
      const look = await lookOf(page);
      expect(look.theme).not.toBe('dark');
      expect(look.buttonColour).toBe(rgb(THEME_COLORS.light));
    }));

  test('an organization-1 manager is refused on dark.localhost', () =>
    product.journey('wrong-organization', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api, 1);
      await page.goto(product.server.darkUrl('/login'));
      await fillSignIn(page, manager.email, managerPassword);

      await page.getByRole('alert').filter({ hasText: authMessages.wrongOrganization }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');

      // The same account is welcome on its own organization's host.
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      await page.getByRole('link', { name: 'Lab Members' }).waitFor();
    }));

  test('system owner pages on dark.localhost redirect to the error page of the main host', () =>
    product.journey('owner-pages-main-host-only', async (page) => {
      await page.goto(product.server.darkUrl('/systemowner/login'));
      await page.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/error');
      await page.getByText(generalMessages.oops).waitFor();
    }));
});
