// Join Link on the Participant List (issue 19), in Chromium: the link names the organization's host the
// researcher is on (localhost, and dark.localhost for organization 2), the QR code is drawn as an SVG with a
// text alternative, Copy puts the link on the clipboard, an inactive study's dialog says it cannot be joined
// yet, and printed the page holds only the QR code, the study's name and the link. Opened signed out, the link
// starts at Create an account, whose Sign in keeps the study to join (issue 31).
import type { Page } from 'playwright-core';
import { paths } from '../../src/client/app/paths';
import { joinLinkTexts } from '../../src/shared/messages';
import type { Study } from '../../src/shared/types/study';
import { Api, seedLab, uniqueEmail } from './support/api';
import { signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';
import { seedParticipation } from './support/seed';

const product = useProduct();

async function openDialog(page: Page, studyId: string) {
  await page.goto(new URL(paths.participants.getHref(studyId), page.url()).toString());
  await page.getByRole('heading', { name: 'Participant List', level: 1 }).waitFor();
  await page.getByRole('button', { name: joinLinkTexts.button }).click();
  const dialog = page.getByRole('dialog', { name: joinLinkTexts.title });
  const qr = dialog.getByRole('img', { name: /^QR code of the join link of study / });
  await qr.waitFor();
  return { dialog, qr };
}

/** The QR code's SVG: its drawn size and how many dark modules' runs its path holds. */
function svgOf(qr: ReturnType<Page['locator']>) {
  return qr.locator('svg').evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    const paths = [...svg.querySelectorAll('path')].map((p) => p.getAttribute('d') ?? '');
    return { width: box.width, height: box.height, viewBox: svg.getAttribute('viewBox'), runs: paths.join(' ').split('h').length - 1 };
  });
}

describe('Join Link on the Participant List', () => {
  test('on localhost: the link and its QR code, Copy, Print of only the code, the name and the link', () =>
    product.journey('join-link-main', async (page, context) => {
      const { manager, managerPassword } = await seedLab(product.api, 1);
      const { token } = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const { study } = await seedParticipation(product.api, product.server, token, 1);
      await signInAsLabUser(page, product.server.mainUrl('/login'), manager.email, managerPassword);
      const { dialog, qr } = await openDialog(page, study._id);

      const link = product.server.mainUrl(`/app/join/${study.study_code}`);
      await dialog.getByText(link, { exact: true }).waitFor();
      expect(await qr.getAttribute('aria-label')).toBe(joinLinkTexts.qrAlt(study.study_code));
      const svg = await svgOf(qr);
      expect(svg.width).toBeGreaterThan(150);
      // Square; measured while the dialog may still slide in, so to a twentieth of a pixel (255.99998 was seen).
      expect(svg.height).toBeCloseTo(svg.width, 1);
      expect(svg.viewBox).toMatch(/^0 0 \d+ \d+$/);
      expect(svg.runs).toBeGreaterThan(50);
      expect(await dialog.getByText(joinLinkTexts.inactive).count()).toBe(0);

      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.server.mainUrl('').replace(/\/$/, '') });
      await dialog.getByRole('button', { name: joinLinkTexts.copy }).click();
      await dialog.getByText(joinLinkTexts.copied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      await page.emulateMedia({ media: 'print' });
      const visible = async (text: string) => page.getByText(text, { exact: true }).first().isVisible();
      expect(await qr.isVisible()).toBe(true);
      expect(await visible(link)).toBe(true);
      expect(await dialog.getByText(study.chin_name, { exact: false }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Participant List', level: 1 }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: joinLinkTexts.print }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: joinLinkTexts.copy }).isVisible()).toBe(false);
      expect(await visible(joinLinkTexts.explain)).toBe(false);
    }));

  test('opened signed out: Create an account first, and its Sign in keeps the study to join', () =>
    product.journey('join-link-signed-out', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api, 1);
      const { token } = await product.api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const { study } = await seedParticipation(product.api, product.server, token, 1);
      const email = uniqueEmail('has-account');
      await product.api.call('POST', '/api/app/signup', { body: { email, password: 'participant-pass-1' } });

      await page.goto(product.server.mainUrl(`/app/join/${study.study_code}`));
      await page.getByRole('heading', { name: 'Create an account', level: 1 }).waitFor();
      await page.getByText(`Sign in or create an account to join the study ${study.study_code}.`).waitFor();
      await page.getByText('Already have an account?').waitFor();
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
      await page.getByText(`Sign in or create an account to join the study ${study.study_code}.`).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('participant-pass-1');
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.waitForURL((url) => url.pathname === `/app/studies/${study._id}`);
      await page.getByRole('heading', { name: /Sleep and Mood/ }).first().waitFor();
    }));

  test("on dark.localhost: organization 2's host in the link; an inactive study cannot be joined yet", () =>
    product.journey('join-link-dark', async (page) => {
      const { manager, managerPassword } = await seedLab(product.api, 2, 'Green Lab');
      // Organization 2's calls go to its own host.
      const dark = new Api(product.server, product.server.darkHost);
      const { token } = await dark.login({ email: manager.email, password: managerPassword, organization: 2 });
      const study = await dark.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Green Study' } });
      expect(study.active_status).toBe('inactive');
      await signInAsLabUser(page, product.server.darkUrl('/login'), manager.email, managerPassword);
      const { dialog, qr } = await openDialog(page, study._id);

      await dialog.getByText(product.server.darkUrl(`/app/join/${study.study_code}`), { exact: true }).waitFor();
      expect((await svgOf(qr)).runs).toBeGreaterThan(50);
      await dialog.getByText(joinLinkTexts.inactive).waitFor();
    }));
});
