// Every page of the portal at 390 px wide (a phone): the page itself never scrolls sideways, and the Study
// List's action buttons are whole and on screen. Each page is opened with data in it (long names, a study in
// each state, a file, a questionnaire, a lab member), signed in as whom the page is for.
import type { Page } from 'playwright-core';
import type { MediaFile, UploadUrlAnswer } from '../../src/shared/types/media';
import type { Study } from '../../src/shared/types/study';
import { generalMessages } from '../../src/shared/messages';
import { seedLab, uniqueEmail, type SeededLab } from './support/api';
import { fillSignIn, signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';
import { markActive } from './support/plan';
import { OWNER } from './support/server';

const product = useProduct();

const PHONE = { width: 390, height: 844 };
const LONG_NAME = 'Daily sleep, mood and activity diary for first-year undergraduate students in residence halls';

/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Seeded extends SeededLab {
  token: string;
  member: { _id: string; email: string };
  activeStudy: Study;
  inactiveStudy: Study;
  questionnaireId: string;
  file: MediaFile;
}

async function seed(): Promise<Seeded> {
  const api = product.api;
  const lab = await seedLab(api, 1, 'Adolescent Sleep and Mood Research Laboratory of the Faculty of Medicine');
  const owner = await api.ownerLogin();
  const member = await api.registerByOwner(owner.token, lab.lab._id, {
    email: uniqueEmail('a-member-with-a-rather-long-address'),
    password: 'member-password-1',
    isLabManager: false,
  });
  const { token } = await api.login({ email: lab.manager.email, password: lab.managerPassword, organization: 1 });
  const call = <T>(method: string, path: string, body?: unknown) => api.call<T>(method, path, { token, body });

  const newStudy = async () => {
    const study = await call<Study>('POST', '/api/studies', { chin_name: LONG_NAME });
    await call('PUT', `/api/studies/${study._id}/edit_basic`, { chin_name: LONG_NAME, contact_person_name: 'Dr. A. Researcher', contact_email: 'a.researcher@e2e.test' });
    return study;
  };
  const inactiveStudy = await newStudy();
  const activeStudy = await newStudy();
  markActive(product.server.dataDir, activeStudy._id);

  const questionnaire = await call<{ _id: string }>('POST', '/api/qx_list', { chin_name: LONG_NAME, abbrev: 'SLEEP-MOOD-DIARY' });

  const grant = await call<UploadUrlAnswer>('POST', '/api/files/genLabS3URL', { filePath: 'a-photo-with-a-long-file-name-of-the-residence-hall.png', fileType: 'image/png', requestType: 'putObject', fileSize: PNG.length });
  const put = await fetch(new URL(grant.url, product.server.apiUrl('/')), { method: 'PUT', headers: { 'content-type': grant.contentType }, body: PNG });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  const file = await call<MediaFile>('POST', '/api/files/createfiles', { lab: lab.lab._id, name: 'A photo of the residence hall at night, for the diary', type: grant.type, file: grant.file, size: PNG.length });
  return { ...lab, token, member, activeStudy, inactiveStudy, questionnaireId: questionnaire._id, file };
}

/** How far the page reaches past the window's width, in CSS pixels (0 when it fits). */
function overflowOf(page: Page): Promise<{ overflow: number; widest: string }> {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    // Names the element reaching furthest right, to make a failure easy to read.
    let widest = '';
    let right = window.innerWidth;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5 && !element.closest('.table-responsive')) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}.${element.className} (${Math.round(box.right)} px)`;
      }
    }
    return { overflow, widest };
  });
}

/** The page open at `url`, once ready, is no wider than the window. */
async function expectOpenPageFits(page: Page, url: string, ready: () => Promise<unknown>) {
  await ready();
  // Lazy chunks and fonts settle the layout.
  await page.waitForLoadState('networkidle');
  const { overflow, widest } = await overflowOf(page);
  expect([url, overflow <= 0 ? 'fits' : `${overflow} px too wide: ${widest}`]).toEqual([url, 'fits']);
}

async function expectFits(page: Page, url: string, ready: () => Promise<unknown>) {
  await page.goto(product.server.mainUrl(url));
  await expectOpenPageFits(page, url, ready);
}

const heading = (page: Page, name: string | RegExp) => () => page.getByRole('heading', { name, level: 1 }).waitFor();

describe('at 390 px wide', () => {
  let seeded: Seeded;
  beforeAll(async () => {
    seeded = await seed();
  });

  test('the public pages fit', () =>
    product.journey('phone-public', async (page) => {
      await page.setViewportSize(PHONE);
      await expectFits(page, '/login', heading(page, /^Sign in to the/));
      await expectFits(page, '/systemowner/login', heading(page, 'System Owner Sign In'));
      // The second organization's longer site name.
      await page.goto(product.server.darkUrl('/login'));
      await expectOpenPageFits(page, 'dark.localhost/login', heading(page, /^Sign in to the Research Study Green/));
      await expectFits(page, '/participant_support', heading(page, 'Participant Support'));
      await expectFits(page, '/participant_app', heading(page, 'The Participant App'));
      await expectFits(page, '/error', heading(page, generalMessages.oops));
      await expectFits(page, '/no/such/page/of/the/portal/with/a/long/address', heading(page, generalMessages.pageNotFound));
    }));

  test("a lab manager's pages fit, and every Study List action button is whole and on screen", () =>
    product.journey('phone-lab-manager', async (page) => {
      await page.setViewportSize(PHONE);
      await signInAsLabUser(page, product.server.mainUrl('/login'), seeded.manager.email, seeded.managerPassword);
      const { activeStudy, inactiveStudy, questionnaireId, file } = seeded;

      await expectFits(page, '/studies/1', heading(page, 'Study List'));
      const buttons = page.getByRole('main').locator('a.btn, button.btn').filter({ hasText: /^(Edit|Activate|Delete|Deactivate|Participants|Progress)/ });
      expect(await buttons.count()).toBeGreaterThanOrEqual(6);
      for (const button of await buttons.all()) {
        const shown = await button.evaluate((b) => {
          const box = b.getBoundingClientRect();
          const whole = b.scrollWidth <= b.clientWidth + 1;
          // The point at the button's centre must be the button: nothing clips or covers it.
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return { text: b.textContent, onScreen: box.left >= 0 && box.right <= window.innerWidth, whole, visible: hit !== null && b.contains(hit) };
        });
        expect(shown).toEqual({ text: shown.text, onScreen: true, whole: true, visible: true });
      }

      await expectFits(page, `/studies/${inactiveStudy._id}/edit`, heading(page, 'Edit Study'));
      await expectFits(page, `/studies/${activeStudy._id}/edit`, heading(page, 'Edit Study'));
      await expectFits(page, `/participants/${activeStudy._id}`, heading(page, 'Participant List'));
      await expectFits(page, `/participants/check_progress/${activeStudy._id}`, heading(page, 'Study Progress'));
      await expectFits(page, '/qx/qx_list/1', heading(page, 'Questionnaire List'));
      await expectFits(page, `/qx/${questionnaireId}/edit`, heading(page, /./));
      await expectFits(page, '/media/files', heading(page, 'Media Files'));
      await expectFits(page, '/media/createfile', heading(page, 'Create File'));
      await expectFits(page, `/media/files/edit/${file._id}`, heading(page, 'Update Filename'));
      await expectFits(page, '/lm/get_users', heading(page, 'Lab Users'));
      await expectFits(page, '/lm/register', heading(page, 'Sign Up'));
    }));

  test("the system owner's pages fit", () =>
    product.journey('phone-owner', async (page) => {
      await page.setViewportSize(PHONE);
      // Leaving the labs home ends the owner's stored session (part 1 section 2), so each page is opened
      // through the sign-in page with it as the redirect.
      const ownerOpens = async (url: string, ready: () => Promise<unknown>) => {
        await page.goto(product.server.mainUrl(`/systemowner/login?redirect=${encodeURIComponent(url)}`));
        await fillSignIn(page, OWNER.email, OWNER.password);
        await page.waitForURL((u) => u.pathname === url.split('?')[0]);
        await expectOpenPageFits(page, url, ready);
      };
      const labId = seeded.lab._id;
      await ownerOpens('/systemowner/home', heading(page, 'Labs'));
      await ownerOpens('/systemowner/createLab', heading(page, 'Create New Lab'));
      await ownerOpens(`/systemowner/lab/${labId}`, heading(page, seeded.lab.name));
      await ownerOpens(`/systemowner/register/${labId}`, heading(page, 'Register New Admin User'));
      await ownerOpens(`/systemowner/user/${seeded.member._id}/edit?labId=${labId}`, heading(page, 'Edit User'));
      await ownerOpens('/systemowner/studies/1', heading(page, 'Study List'));
    }));
});
