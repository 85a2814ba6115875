// The Participant List's rows at the widths researchers use (issue 18): at 1366 and 1280 px every row action is
// on screen, whole, without a sideways scroll, in the row's Actions menu, which the keyboard opens, walks and
// closes (also with an image download's state button beside it); at 390 px each row is a card with its actions. Before a
// stage and a group are chosen, the list says what choosing them offers. Creating a participant with an email
// in use says so once, in the dialog, and closing the dialog clears it.
import type { Locator, Page } from 'playwright-core';
import { participantMessages, portalMessages } from '../../src/shared/messages';
import { participantListTexts } from '../../src/shared/participantList';
import { paths } from '../../src/client/app/paths';
import { seedLab, uniqueEmail } from './support/api';
import { signInAsLabUser } from './support/pages';
import { useProduct } from './support/product';
import { seedParticipation, type SeededParticipation } from './support/seed';

const product = useProduct();
const PASSWORD = 'participant-pass-1';
const LONG_EMAIL_PREFIX = 'a-participant-with-a-rather-long-address-at-the-university';
/** Every menu item of the seeded participant: enrolled, with diary tasks. */
const MENU = ['Assign To Another Stage', 'EMA Schedule', 'Assigned Diary Assessments', 'Download Image Data', 'Withdraw', 'Mark As Completed', 'Erase'];

interface Seeded {
  manager: { email: string };
  managerPassword: string;
  participation: SeededParticipation;
  longEmail: string;
}

let seeded: Seeded;
beforeAll(async () => {
  const api = product.api;
  const lab = await seedLab(api);
  const { token } = await api.login({ email: lab.manager.email, password: lab.managerPassword, organization: 1 });
  const participation = await seedParticipation(api, product.server, token, 1);
  // A second row with a long email in the same group, invited (Withdraw only), to widen the table.
  const { study } = participation;
  const longEmail = uniqueEmail(LONG_EMAIL_PREFIX);
  const { participant } = await api.call<{ participant: { _id: string } }>('POST', `/api/participants/${study._id}/create`, {
    token,
    body: { studyId: study._id, email: longEmail, password: PASSWORD, confirmPassword: PASSWORD },
  });
  const stage2 = study.stage_list[1];
  await api.call('PATCH', `/api/participants/${participant._id}/assign_group`, {
    token,
    body: { studyId: study._id, stageId: stage2._id, groupId: stage2.participant_group_list[0]._id },
  });
  seeded = { manager: lab.manager, managerPassword: lab.managerPassword, participation, longEmail };
}, 60_000);

async function openList(page: Page): Promise<void> {
  await signInAsLabUser(page, product.server.mainUrl('/login'), seeded.manager.email, seeded.managerPassword);
  await page.goto(product.server.mainUrl(paths.participants.getHref(seeded.participation.study._id)));
  await page.getByRole('heading', { name: 'Participant List', level: 1 }).waitFor();
}

async function chooseStage2Group1(page: Page): Promise<void> {
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Stage 2' });
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Group 1' });
}

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

/**
 * Whether the element's whole box is inside the window, and (a row's button) inside the table's scrolling box
 * when it is in one; a menu is placed against the window, so only the window counts for its items.
 */
async function wholeOnScreen(control: Locator): Promise<{ name: string; whole: boolean }> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = (outer: { left: number; right: number; top: number; bottom: number }) =>
      box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5 && box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5;
    const window_ = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const scroller = element.closest('[role="menu"]') ? null : element.closest('.participant-table-scroll');
    const whole = inside(window_) && (!scroller || inside(scroller.getBoundingClientRect())) && box.width > 0 && box.height > 0;
    return { name: (element.textContent ?? '').trim(), whole };
  });
}

/** How far the page and the table's box reach past their width, in CSS pixels (0 when they fit). */
function sidewaysScroll(page: Page): Promise<{ page: number; table: number }> {
  return page.evaluate(() => {
    const box = document.querySelector('.participant-table-scroll');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: box ? box.scrollWidth - box.clientWidth : 0,
    };
  });
}

/** Whether the menu's box touches its button's, above or below it (within a few pixels) and overlapping sideways. */
async function besideEachOther(menu: Locator, button: Locator): Promise<boolean> {
  const [m, b] = [await menu.boundingBox(), await button.boundingBox()];
  if (!m || !b) return false;
  const near = (a: number, c: number) => Math.abs(a - c) <= 8;
  const overlapsSideways = m.x < b.x + b.width && b.x < m.x + m.width;
  return overlapsSideways && (near(m.y, b.y + b.height) || near(m.y + m.height, b.y));
}

/** The check's answer once it is true, or false when it is still false after two seconds. */
async function settled(check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 2000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());

describe('Participant List rows', () => {
  test.each([1366, 1280])('at %i px every row action is whole on screen or in the row’s keyboard-usable Actions menu', (width) =>
    product.journey(`participant-rows-${width}`, async (page) => {
      await page.setViewportSize({ width, height: 800 });
      await openList(page);
      const { participant } = seeded.participation;
      await rowOf(page, participant.email).waitFor();
      // Before a stage and a group are chosen: no row actions, and a line saying what choosing them offers.
      await page.getByText(participantListTexts.chooseStageAndGroup).waitFor();
      expect(await rowOf(page, participant.email).getByRole('button').count()).toBe(0);

      await chooseStage2Group1(page);
      const row = rowOf(page, participant.email);
      const actions = row.getByRole('button', { name: `Actions ${participant.participant_code}` });
      await actions.waitFor();
      expect(await page.getByText(participantListTexts.chooseStageAndGroup).count()).toBe(0);
      expect(await sidewaysScroll(page)).toEqual({ page: 0, table: 0 });
      for (const email of [participant.email, seeded.longEmail]) {
        for (const button of await rowOf(page, email).getByRole('button').all()) {
          expect(await wholeOnScreen(button)).toEqual({ name: expect.any(String), whole: true });
        }
      }

      // The keyboard: Enter opens the menu on its first item, Arrow Down walks every item, each whole on screen;
      // Escape closes it and gives the focus back to the button.
      await actions.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: `Actions ${participant.participant_code}` });
      await menu.waitFor();
      expect(await actions.getAttribute('aria-expanded')).toBe('true');
      // The menu opens at its button (under it or over it), not elsewhere on the page. Popper places it a frame
      // after it shows, and again when focusing its first item scrolls the page: read it once it has settled.
      expect(await settled(() => besideEachOther(menu, actions))).toBe(true);
      const walked: string[] = [];
      for (let i = 0; i < MENU.length; i += 1) {
        if (i > 0) await page.keyboard.press('ArrowDown');
        walked.push(await focusedName(page));
        expect(await wholeOnScreen(menu.getByRole('menuitem', { name: walked[i], exact: true }))).toEqual({ name: walked[i], whole: true });
      }
      expect(walked).toEqual(MENU);
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(MENU);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await actions.evaluate((element) => element === document.activeElement)).toBe(true);

      // Space opens it too; an item chosen with Enter opens its dialog, whose closing returns to the button.
      await page.keyboard.press('Space');
      await menu.waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'EMA Schedule' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await actions.evaluate((element) => element === document.activeElement)).toBe(true);

      // The long email's row: its menu, opened by the pointer at the list's last row, is whole on screen too.
      const last = rowOf(page, seeded.longEmail).getByRole('button', { name: /^Actions / });
      await last.click();
      const lastMenu = page.getByRole('menu', { name: /^Actions / });
      await lastMenu.waitFor();
      expect(await lastMenu.getByRole('menuitem').allTextContents()).toEqual(['Assign To Another Stage', 'EMA Schedule', 'Download Image Data', 'Withdraw', 'Erase']);
      for (const item of await lastMenu.getByRole('menuitem').all()) expect((await wholeOnScreen(item)).whole).toBe(true);

      // Its image download (no photo: No image is found) shows beside the menu; the table still fits.
      await lastMenu.getByRole('menuitem', { name: 'Download Image Data' }).click();
      const noImage = rowOf(page, seeded.longEmail).getByRole('button', { name: /^No image is found / });
      await noImage.waitFor();
      expect(await sidewaysScroll(page)).toEqual({ page: 0, table: 0 });
      for (const button of await rowOf(page, seeded.longEmail).getByRole('button').all()) {
        expect(await wholeOnScreen(button)).toEqual({ name: expect.any(String), whole: true });
      }
    }),
  );

  test('at 390 px each row is a card with its actions, and nothing scrolls sideways', () =>
    product.journey('participant-rows-phone', async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openList(page);
      await chooseStage2Group1(page);
      const { participant } = seeded.participation;
      const row = rowOf(page, participant.email);
      await row.getByRole('button', { name: `Actions ${participant.participant_code}` }).waitFor();
      expect(await sidewaysScroll(page)).toEqual({ page: 0, table: 0 });
      for (const email of [participant.email, seeded.longEmail]) {
        const card = rowOf(page, email);
        // A card: the row is a block as wide as the list, each cell headed by its column's name.
        expect(await card.evaluate((element) => getComputedStyle(element).display)).toBe('block');
        const heading = await card.getByRole('cell').first().evaluate((cell) => getComputedStyle(cell, '::before').content);
        expect(heading).toBe('"ID"');
        for (const button of await card.getByRole('button').all()) {
          await button.scrollIntoViewIfNeeded();
          expect(await wholeOnScreen(button)).toEqual({ name: expect.any(String), whole: true });
        }
      }
      await row.getByRole('button', { name: `Actions ${participant.participant_code}` }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(MENU);
      for (const item of await menu.getByRole('menuitem').all()) expect((await wholeOnScreen(item)).whole).toBe(true);
    }),
  );

  test('an email in use is said once, in the Create New Participant dialog; closing the dialog clears it', () =>
    product.journey('participant-email-in-use', async (page) => {
      await page.setViewportSize({ width: 1366, height: 800 });
      await openList(page);
      await page.getByRole('button', { name: 'Create New Participant' }).click();
      let dialog = page.getByRole('dialog', { name: 'Create New Participant' });
      await dialog.getByLabel('Email').fill(seeded.longEmail);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirm Password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByRole('alert').filter({ hasText: participantMessages.emailTaken }).waitFor();
      expect(await page.getByText(participantMessages.emailTaken).count()).toBe(1);
      expect(await page.getByRole('alert').count()).toBe(1);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: portalMessages.unsavedDiscard }).getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByText(participantMessages.emailTaken).count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);

      await page.getByRole('button', { name: 'Create New Participant' }).click();
      dialog = page.getByRole('dialog', { name: 'Create New Participant' });
      await dialog.getByLabel('Email').waitFor();
      expect(await dialog.getByLabel('Email').inputValue()).toBe('');
      expect(await dialog.getByRole('alert').count()).toBe(0);
    }),
  );
});
