// axe on every page and every dialog of the portal, on the light host (localhost) and the dark one
// (dark.localhost): a serious or critical violation fails, named with the elements it was found on.
// PAGES and DIALOGS are tables: a new page or dialog adds one row (see docs/testing.md), and a route added to
// paths.ts without a row fails the coverage test below.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { paths } from '../../src/client/app/paths';
import { dataDownloadTexts } from '../../src/shared/dataDownloadTexts';
import { generalMessages, joinLinkTexts, richTextMessages, secondFactorTexts, studyMessages } from '../../src/shared/messages';
import { progressTexts } from '../../src/shared/progress';
import { pilotTexts } from '../../src/shared/pilotTexts';
import type { CreatedPilot } from '../../src/shared/types/pilot';
import { Api } from './support/api';
import { newContext, withPageIn } from './support/browser';
import { signInAsLabUser, signInAsOwner } from './support/pages';
import { useProduct } from './support/product';
import { PNG, seedLabContent, seedParticipation, type SeededContent, type SeededParticipation } from './support/seed';
import { OWNER } from './support/server';

const product = useProduct();

type Host = 'light' | 'dark';
/** Who looks at the page: nobody signed in, the lab's manager, or the system owner (main host only). */
type Visitor = 'anyone' | 'labManager' | 'systemOwner';
type RouteName = keyof typeof paths;

/** The lab's content, and a study whose participant has arrived (a row with every action, a schedule, a chart). */
interface Seed extends SeededContent {
  participation: SeededParticipation;
  /** A pilot participant of the study, for the pilot page. */
  pilot: CreatedPilot;
}

interface PageRow {
  name: string;
  route: RouteName;
  as: Visitor;
  href(seed: Seed): string;
  /** What the user does on the page before it is checked (choosing a stage and a group). */
  prepare?(page: Page, seed: Seed): Promise<void>;
  /** Shows once the page has what it is for on it. */
  ready(page: Page, seed: Seed): Locator;
}

interface DialogRow {
  name: string;
  /** The page it opens on: a row of PAGES, by name. */
  on: string;
  /** Opens the dialog and gives it. */
  open(page: Page, seed: Seed): Promise<Locator>;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const card = (page: Page, n: number) => page.getByRole('region', { name: `Question ${n}`, exact: true });

/** Stage 2, group 1: where the seeded participant is. */
async function chooseStage2Group1(page: Page): Promise<void> {
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Stage 2' });
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Group 1' });
}

const participantRow = (page: Page, s: Seed) => page.getByRole('row').filter({ hasText: s.participation.participant.email });
const code = (s: Seed) => s.participation.participant.participant_code;

async function clickAndFind(page: Page, button: Locator, dialog: string | RegExp): Promise<Locator> {
  await button.click();
  return page.getByRole('dialog', { name: dialog });
}

/** The seeded participant's row menu, opened. */
async function openRowMenu(page: Page, s: Seed): Promise<Locator> {
  await participantRow(page, s).getByRole('button', { name: `Actions ${code(s)}` }).click();
  return page.getByRole('menu', { name: `Actions ${code(s)}` });
}

/** Chooses an item of the seeded participant's row menu and gives the dialog it opens. */
async function rowMenuDialog(page: Page, s: Seed, item: string): Promise<Locator> {
  const menu = await openRowMenu(page, s);
  return clickAndFind(page, menu.getByRole('menuitem', { name: item, exact: true }), item);
}

const PAGES: PageRow[] = [
  { name: 'Sign in', route: 'login', as: 'anyone', href: () => paths.login.getHref(), ready: (p) => h1(p, /^Sign in to the /) },
  { name: 'Error', route: 'error', as: 'anyone', href: () => paths.error.getHref(), ready: (p) => h1(p, generalMessages.oops) },
  { name: 'Participant Support', route: 'participantSupport', as: 'anyone', href: () => paths.participantSupport.getHref(), ready: (p) => h1(p, 'Participant Support') },
  { name: 'Participant App', route: 'participantApp', as: 'anyone', href: () => paths.participantApp.getHref(), ready: (p) => h1(p, 'The Participant App') },
  { name: 'System Owner Sign In', route: 'systemOwnerLogin', as: 'anyone', href: () => paths.systemOwnerLogin.getHref(), ready: (p) => h1(p, 'System Owner Sign In') },
  { name: 'Study List', route: 'studies', as: 'labManager', href: () => paths.studies.getHref(), ready: (p, s) => p.getByRole('row').filter({ hasText: s.study.study_code }) },
  { name: 'Edit Study', route: 'studyEdit', as: 'labManager', href: (s) => paths.studyEdit.getHref(s.study._id), ready: (p) => p.getByRole('region', { name: 'Stage 1' }) },
  { name: 'Participant List', route: 'participants', as: 'labManager', href: (s) => paths.participants.getHref(s.study._id), ready: (p) => h1(p, 'Participant List') },
  { name: 'Study Progress', route: 'studyProgress', as: 'labManager', href: (s) => paths.studyProgress.getHref(s.study._id), ready: (p) => h1(p, 'Study Progress') },
  {
    name: 'Participant List, with a participant',
    route: 'participants',
    as: 'labManager',
    href: (s) => paths.participants.getHref(s.participation.study._id),
    prepare: chooseStage2Group1,
    ready: (p, s) => participantRow(p, s).getByRole('button', { name: `Actions ${code(s)}` }),
  },
  {
    name: 'Study Progress, with a chart',
    route: 'studyProgress',
    as: 'labManager',
    href: (s) => paths.studyProgress.getHref(s.participation.study._id),
    prepare: chooseStage2Group1,
    ready: (p) => p.getByRole('img', { name: new RegExp(progressTexts.chartTitle) }).locator('.recharts-line'),
  },
  { name: 'Pilot', route: 'pilot', as: 'labManager', href: (s) => paths.pilot.getHref(s.study._id, s.pilot.pilot._id), ready: (p) => h1(p, pilotTexts.pageTitle) },
  { name: 'Study Activity', route: 'studyActivity', as: 'labManager', href: (s) => paths.studyActivity.getHref(s.study._id), ready: (p) => h1(p, 'Study Activity') },
  { name: 'Lab Activity', route: 'labActivity', as: 'labManager', href: () => paths.labActivity.getHref(), ready: (p) => h1(p, 'Lab Activity') },
  { name: secondFactorTexts.accountHeading, route: 'account', as: 'labManager', href: () => paths.account.getHref(), ready: (p) => p.getByRole('heading', { name: 'API keys' }) },
  { name: 'Questionnaire List', route: 'questionnaires', as: 'labManager', href: () => paths.questionnaires.getHref(), ready: (p) => p.getByRole('row').filter({ hasText: 'Evening Check-in' }) },
  {
    name: 'Edit Questionnaire',
    route: 'questionnaireEditor',
    as: 'labManager',
    href: (s) => paths.questionnaireEditor.getHref(s.questionnaire._id),
    ready: (p) => card(p, 1).getByRole('textbox', { name: 'Question 1 text' }),
  },
  { name: 'Media Files', route: 'mediaFiles', as: 'labManager', href: () => paths.mediaFiles.getHref(), ready: (p) => p.getByRole('row').filter({ hasText: 'Sleeping cat' }) },
  { name: 'Media Files, page 1', route: 'mediaFilesPage', as: 'labManager', href: () => paths.mediaFilesPage.getHref(), ready: (p) => p.getByRole('row').filter({ hasText: 'Sleeping cat' }) },
  { name: 'Create File', route: 'mediaCreateFile', as: 'labManager', href: () => paths.mediaCreateFile.getHref(), ready: (p) => h1(p, 'Create File') },
  { name: 'Update Filename', route: 'mediaEditFile', as: 'labManager', href: (s) => paths.mediaEditFile.getHref(s.image._id), ready: (p) => p.getByRole('img', { name: 'Sleeping cat' }) },
  { name: 'Lab Users', route: 'labMembers', as: 'labManager', href: () => paths.labMembers.getHref(), ready: (p, s) => p.getByRole('row').filter({ hasText: s.member.email }) },
  { name: 'Sign Up', route: 'labMemberRegister', as: 'labManager', href: () => paths.labMemberRegister.getHref(), ready: (p) => h1(p, 'Sign Up') },
  { name: 'Labs', route: 'systemOwnerHome', as: 'systemOwner', href: () => paths.systemOwnerHome.getHref(), ready: (p) => h1(p, 'Labs') },
  { name: 'Create New Lab', route: 'systemOwnerCreateLab', as: 'systemOwner', href: () => paths.systemOwnerCreateLab.getHref(), ready: (p) => h1(p, 'Create New Lab') },
  { name: 'Lab', route: 'systemOwnerLab', as: 'systemOwner', href: (s) => paths.systemOwnerLab.getHref(s.lab._id), ready: (p, s) => p.getByRole('row').filter({ hasText: s.member.email }) },
  { name: 'Register New Admin User', route: 'systemOwnerRegister', as: 'systemOwner', href: (s) => paths.systemOwnerRegister.getHref(s.lab._id), ready: (p) => h1(p, 'Register New Admin User') },
  {
    name: 'Edit User',
    route: 'systemOwnerEditUser',
    as: 'systemOwner',
    href: (s) => paths.systemOwnerEditUser.getHref(s.member._id, s.lab._id),
    ready: (p, s) => p.getByRole('textbox', { name: /email/i }).and(p.locator(`[value="${s.member.email}"]`)),
  },
  { name: 'Owner Activity', route: 'systemOwnerActivity', as: 'systemOwner', href: () => paths.systemOwnerActivity.getHref(), ready: (p) => h1(p, 'Activity') },
  {
    name: 'Owner Account',
    route: 'systemOwnerAccount',
    as: 'systemOwner',
    href: () => paths.systemOwnerAccount.getHref(),
    ready: (p) => p.getByRole('checkbox', { name: secondFactorTexts.requireOwners, disabled: false }),
  },
  { name: 'Owner Study List', route: 'systemOwnerStudies', as: 'systemOwner', href: () => paths.systemOwnerStudies.getHref(), ready: (p) => h1(p, 'Study List') },
  {
    name: 'Owner Edit Study',
    route: 'systemOwnerStudyEdit',
    as: 'systemOwner',
    href: (s) => paths.systemOwnerStudyEdit.getHref(s.study._id, s.manager._id),
    ready: (p) => p.getByRole('region', { name: 'Stage 1' }),
  },
];

const DIALOGS: DialogRow[] = [
  { name: 'Delete study', on: 'Study List', open: (p, s) => clickAndFind(p, p.getByRole('button', { name: `Delete ${s.study.study_code}` }), generalMessages.areYouSure) },
  { name: 'Consent form', on: 'Edit Study', open: (p) => consentDialog(p) },
  {
    name: 'Insert image into the consent form',
    on: 'Edit Study',
    open: async (p) => clickAndFind(p, (await consentDialog(p)).getByRole('button', { name: 'Image', exact: true }), 'Insert Image'),
  },
  {
    // The warning comes only with unsaved changes.
    name: 'Add stage warning',
    on: 'Edit Study',
    open: async (p) => {
      await p.getByLabel('Contact Person').fill('Someone else');
      return clickAndFind(p, p.getByRole('button', { name: 'Add Stage' }), studyMessages.structureChangeWarning);
    },
  },
  { name: 'Create questionnaire', on: 'Questionnaire List', open: (p) => clickAndFind(p, p.getByRole('button', { name: 'Create Questionnaire' }).first(), 'Create Questionnaire') },
  { name: 'Delete questionnaire', on: 'Questionnaire List', open: (p) => clickAndFind(p, p.getByRole('button', { name: 'Delete Evening Check-in' }), generalMessages.areYouSure) },
  { name: 'Multiple choices sets', on: 'Edit Questionnaire', open: (p) => clickAndFind(p, p.getByRole('button', { name: 'Multiple Choices Sets' }), 'Multiple Choices Sets') },
  {
    name: 'Visibility condition',
    on: 'Edit Questionnaire',
    open: (p) => clickAndFind(p, card(p, 2).getByRole('button', { name: 'Visibility Condition' }), /^Visibility Condition: Question 2/),
  },
  {
    name: 'Media picker',
    on: 'Edit Questionnaire',
    open: async (p) => {
      const picker = await clickAndFind(p, card(p, 3).getByRole('button', { name: 'Choose Media File' }), 'Choose a Media File');
      await picker.getByText('Sleeping cat').waitFor();
      return picker;
    },
  },
  { name: 'Preview', on: 'Edit Questionnaire', open: (p) => clickAndFind(p, p.getByRole('button', { name: 'Preview' }), 'Preview: Evening Check-in') },
  { name: 'Delete question', on: 'Edit Questionnaire', open: (p) => clickAndFind(p, card(p, 1).getByRole('button', { name: 'Delete', exact: true }), generalMessages.areYouSure) },
  {
    name: 'Insert image into a question',
    on: 'Edit Questionnaire',
    open: (p) => clickAndFind(p, card(p, 1).getByRole('button', { name: 'Image', exact: true }), 'Insert Image'),
  },
  {
    // Not a dialog: the panel a question card opens from Insert answer, checked with the page around it.
    name: 'Quote another questionnaire',
    on: 'Edit Questionnaire',
    open: async (p) => {
      await card(p, 2).getByRole('button', { name: 'Insert answer into Question 2 text' }).click();
      await p.getByRole('menu', { name: 'Insert answer into Question 2 text' }).getByRole('menuitem', { name: 'From another questionnaire…' }).click();
      const panel = card(p, 2).getByRole('group', { name: 'Quote another questionnaire in Question 2 text' });
      await panel.getByRole('status').and(p.getByText(/Loading/)).waitFor({ state: 'detached' });
      return panel;
    },
  },
  { name: 'Delete media file', on: 'Media Files', open: (p) => clickAndFind(p, p.getByRole('button', { name: 'Delete Sleeping cat' }), generalMessages.areYouSure) },
  {
    name: 'Permissions',
    on: 'Lab Users',
    open: async (p, s) => {
      const dialog = await clickAndFind(p, p.getByRole('button', { name: `Permissions of ${s.member.email}` }), /permissions/i);
      await dialog.getByRole('checkbox').first().waitFor();
      return dialog;
    },
  },
  {
    // The table shows once a lab and a managing user are chosen; the walk checks the page with it here.
    name: 'Delete study (owner)',
    on: 'Owner Study List',
    open: async (p, s) => {
      await p.getByLabel('Lab', { exact: true }).selectOption(s.lab._id);
      await p.getByLabel('Managed By', { exact: true }).selectOption(s.manager._id);
      return clickAndFind(p, p.getByRole('button', { name: `Delete ${s.study.study_code}` }), generalMessages.areYouSure);
    },
  },
  {
    name: 'Create participant',
    on: 'Participant List, with a participant',
    open: (p) => clickAndFind(p, p.getByRole('button', { name: 'Create New Participant' }), 'Create New Participant'),
  },
  {
    name: 'Join link',
    on: 'Participant List, with a participant',
    open: async (p) => {
      const dialog = await clickAndFind(p, p.getByRole('button', { name: joinLinkTexts.button }), joinLinkTexts.title);
      await dialog.getByRole('img', { name: /^QR code/ }).waitFor();
      return dialog;
    },
  },
  {
    name: 'Assign to another stage',
    on: 'Participant List, with a participant',
    open: (p, s) => rowMenuDialog(p, s, 'Assign To Another Stage'),
  },
  {
    // Not a dialog: the row's Actions menu, checked open (menu and menuitem roles, names, colours).
    name: 'Participant row Actions menu',
    on: 'Participant List, with a participant',
    open: openRowMenu,
  },
  {
    name: 'EMA schedule',
    on: 'Participant List, with a participant',
    open: async (p, s) => {
      const dialog = await rowMenuDialog(p, s, 'EMA Schedule');
      await dialog.getByRole('row').filter({ hasText: 'MOOD' }).first().waitFor();
      return dialog;
    },
  },
  {
    name: 'Assigned diary assessments',
    on: 'Participant List, with a participant',
    open: async (p, s) => {
      const dialog = await rowMenuDialog(p, s, 'Assigned Diary Assessments');
      await dialog.getByRole('row').filter({ hasText: 'SLEEPD' }).waitFor();
      return dialog;
    },
  },
  {
    name: 'Download text response',
    on: 'Participant List, with a participant',
    open: async (p) => {
      const dialog = await clickAndFind(p, p.getByRole('button', { name: dataDownloadTexts.textResponseButton }), dataDownloadTexts.textResponseTitle);
      await dialog.getByRole('checkbox').first().waitFor();
      return dialog;
    },
  },
  { name: 'Delete lab user', on: 'Lab', open: (p, s) => clickAndFind(p, p.getByRole('button', { name: `Delete ${s.member.email}` }), generalMessages.areYouSure) },
];

async function consentDialog(page: Page): Promise<Locator> {
  const dialog = await clickAndFind(page, page.getByRole('button', { name: 'Click To Edit Consent Form' }), 'Consent Form (Scroll Down To Save)');
  await dialog.getByRole('textbox', { name: 'Consent Content' }).waitFor();
  return dialog;
}

/** Routes that need no row of their own, and why. */
const NOT_WALKED: Partial<Record<RouteName, string>> = { home: 'redirects to the Study List' };

/** The system owner's pages exist only on the main host. */
const hostsOf = (row: PageRow): Host[] => (row.as === 'systemOwner' || row.route === 'systemOwnerLogin' ? ['light'] : ['light', 'dark']);

function pageRow(name: string): PageRow {
  const row = PAGES.find((p) => p.name === name);
  if (!row) throw new Error(`No page row named ${name}`);
  return row;
}

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** A violation as the failure names it: rule, help, how many elements, the first few and why the first fails. */
function describeViolation(v: Result): string {
  const targets = v.nodes.map((n) => n.target.join(' '));
  const shown = targets.slice(0, 3).join(', ') + (targets.length > 3 ? ` and ${targets.length - 3} more` : '');
  const why = v.nodes[0]?.any[0]?.message ?? v.nodes[0]?.failureSummary ?? '';
  return `${v.impact}: ${v.id} (${v.help}) on ${shown}: ${why}`;
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are checked at rest: the pointer may not hover over a button.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are read: axe then keeps one example of each pass, which makes it quicker.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describeViolation);
}

interface HostState {
  seed: Seed;
  /** One browser context per visitor, signed in as it: pages opened in it share its cache. */
  contexts: Partial<Record<Visitor, BrowserContext>>;
}

const state: Partial<Record<Host, HostState>> = {};

function urlOf(host: Host, pathname: string): string {
  return host === 'light' ? product.server.mainUrl(pathname) : product.server.darkUrl(pathname);
}

/**
 * A context for one visitor. After signing in once, every page load in it starts with the storage the sign-in
 * left (the owner's Labs page, as specified, forgets the owner's session when it is left).
 */
async function visitorContext(title: string, signIn?: (page: Page) => Promise<void>): Promise<BrowserContext> {
  const context = await newContext(product.browser);
  if (!signIn) return context;
  let storage: Record<string, string> = {};
  await withPageIn(context, title, async (page) => {
    await signIn(page);
    storage = await page.evaluate(() => ({ ...localStorage }));
  });
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  return context;
}

// The contexts close with the browser, after the file.
beforeAll(async () => {
  for (const host of ['light', 'dark'] as const) {
    const api = host === 'light' ? product.api : new Api(product.server, product.server.darkHost);
    const organization = host === 'light' ? 1 : 2;
    const content = await seedLabContent(product.api, api, product.server, organization);
    const participation = await seedParticipation(api, product.server, content.token, organization);
    const pilot = await api.call<CreatedPilot>('POST', `/api/studies/${content.study._id}/pilot`, { token: content.token, body: {} });
    const seed: Seed = { ...content, participation, pilot };
    const contexts: HostState['contexts'] = {
      anyone: await visitorContext(`visitor-${host}`),
      labManager: await visitorContext(`sign-in-${host}`, async (page) => {
        // Only the session is kept: every page load reads the permission entries, and the gated pages wait for them.
        await signInAsLabUser(page, urlOf(host, '/login'), seed.manager.email, seed.managerPassword);
      }),
    };
    if (host === 'light') {
      contexts.systemOwner = await visitorContext('owner-sign-in', (page) => signInAsOwner(page, urlOf(host, '/systemowner/login'), OWNER.email, OWNER.password));
    }
    state[host] = { seed, contexts };
  }
}, 120_000);

/** Opens a page as its visitor in that visitor's context, runs the check and closes the page. */
function visit(host: Host, row: PageRow, title: string, check: (page: Page, seed: Seed) => Promise<void>): Promise<void> {
  const hostState = state[host];
  const context = hostState?.contexts[row.as];
  if (!hostState || !context) throw new Error('The seeding and signing in (beforeAll) failed');
  return withPageIn(context, title, async (page) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(urlOf(host, row.href(hostState.seed)));
    await row.prepare?.(page, hostState.seed);
    await row.ready(page, hostState.seed).first().waitFor();
    await check(page, hostState.seed);
  });
}

describe.each(['light', 'dark'] as const)('accessibility (axe) on the %s host', (host) => {
  const pages = PAGES.filter((row) => hostsOf(row).includes(host));
  test.each(pages.map((row) => [row.name, row] as const))('page %s has no serious violations', (_name, row) =>
    visit(host, row, `axe-${host}-${row.name}`, async (page) => {
      expect(await seriousViolations(page)).toEqual([]);
    }),
  );

  const dialogs = DIALOGS.filter((row) => hostsOf(pageRow(row.on)).includes(host));
  test.each(dialogs.map((row) => [row.name, row] as const))('dialog %s has no serious violations', (_name, row) =>
    visit(host, pageRow(row.on), `axe-${host}-${row.name}`, async (page, seed) => {
      const dialog = await row.open(page, seed);
      await dialog.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }),
  );
});

describe('the rich-text editor', () => {
  /** What has the keyboard focus: its accessible name, and whether it is the editing area itself. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      return { name: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '', inEditor: !!element?.closest('.ql-editor') };
    });

  test('Tab and Shift+Tab leave it, its controls have names, and every image gets alt text', () => {
    const hostState = state.light;
    const context = hostState?.contexts.labManager;
    if (!hostState || !context) throw new Error('The seeding and signing in (beforeAll) failed');
    return withPageIn(context, 'rich-text-keyboard', async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const study = await product.api.call<{ _id: string }>('POST', '/api/studies', { token: hostState.seed.token, body: { chin_name: 'Another study' } });
      await page.goto(urlOf('light', paths.studyEdit.getHref(study._id)));
      let dialog = await consentDialog(page);
      const editor = dialog.getByRole('textbox', { name: 'Consent Content' });

      // Named controls with tooltips.
      for (const name of ['Numbered list', 'Bulleted list', 'Decrease indent', 'Increase indent', 'Bold', 'Image', 'Undo', 'Redo']) {
        expect(await dialog.getByRole('button', { name, exact: true }).getAttribute('title')).toBe(name);
      }
      expect(await dialog.getByRole('button', { name: 'Heading', exact: true }).getAttribute('title')).toBe('Heading');

      // Tab moves on to the dialog's next control and types nothing; Shift+Tab comes back, then to the toolbar.
      await editor.click();
      await page.keyboard.type('I agree.');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toEqual({ name: 'Cancel', inEditor: false });
      expect(await editor.innerText()).toBe('I agree.');
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).inEditor).toBe(true);
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toEqual({ name: 'Redo', inEditor: false });

      // Also inside a list, where Quill would indent.
      await editor.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Numbered list', exact: true }).click();
      await editor.click();
      await page.keyboard.press('End');
      await page.keyboard.type('First point');
      await page.keyboard.press('Tab');
      expect((await focused(page)).inEditor).toBe(false);
      expect(await editor.locator('li').count()).toBe(1);
      expect(await editor.locator('li.ql-indent-1').count()).toBe(0);

      // An image: the dialog insists on a file and on alt text (or the decorative mark).
      await editor.click();
      await page.keyboard.press('Control+End');
      await dialog.getByRole('button', { name: 'Image', exact: true }).click();
      let ask = page.getByRole('dialog', { name: 'Insert Image' });
      await ask.getByRole('button', { name: 'Insert Image' }).click();
      await ask.getByText(richTextMessages.imageFileRequired).waitFor();
      await ask.getByLabel('Image file').setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: PNG });
      await ask.getByRole('button', { name: 'Insert Image' }).click();
      await ask.getByText(richTextMessages.imageAltRequired).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await ask.getByLabel('Alt text').fill('A sleeping cat');
      await ask.getByRole('button', { name: 'Insert Image' }).click();
      await ask.waitFor({ state: 'hidden' });
      await editor.locator('img[alt="A sleeping cat"]').waitFor();
      expect((await focused(page)).inEditor).toBe(true);

      // A decorative one keeps an empty alt text.
      await dialog.getByRole('button', { name: 'Image', exact: true }).click();
      ask = page.getByRole('dialog', { name: 'Insert Image' });
      await ask.getByLabel('Image file').setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: PNG });
      await ask.getByLabel('The image is decorative: it needs no description').check();
      await ask.getByRole('button', { name: 'Insert Image' }).click();
      await ask.waitFor({ state: 'hidden' });
      await editor.locator('img[alt=""]').waitFor();

      // Saved through the server's sanitiser and read back into the editor, both alt texts are kept.
      await dialog.getByRole('button', { name: 'Save Consent Form' }).click();
      await page.getByText(studyMessages.consentUpdated).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.reload();
      dialog = await consentDialog(page);
      await dialog.locator('img[alt="A sleeping cat"]').waitFor();
      expect(await dialog.locator('img[alt=""]').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

describe('Go to on a question card', () => {
  test('is reached with Tab; arrows choose without leaving, Enter goes to the chosen question; a pointer choice goes at once', () => {
    const hostState = state.light;
    const context = hostState?.contexts.labManager;
    if (!hostState || !context) throw new Error('The seeding and signing in (beforeAll) failed');
    return withPageIn(context, 'go-to-keyboard', async (page) => {
      await page.goto(urlOf('light', paths.questionnaireEditor.getHref(hostState.seed.questionnaire._id)));
      const goTo = card(page, 1).getByRole('combobox', { name: 'Go to' });
      await card(page, 1).getByRole('button', { name: 'Visibility Condition' }).focus();
      await page.keyboard.press('Tab');
      await expectFocused(goTo);
      await expectAboveSaveBar(goTo);
      expect(await goTo.locator('option').allTextContents()).toEqual(['Choose a question', 'Question 2 (Q2): What made you feel so?', 'Question 3 (Q3): Look at this picture.']);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await goTo.inputValue()).toBe('seed-q3');
      await expectFocused(goTo);
      await page.keyboard.press('Enter');
      await expectFocused(card(page, 3).getByRole('textbox', { name: 'Question number' }));
      // The pointer comes over the selector before it chooses.
      const fromThird = card(page, 3).getByRole('combobox', { name: 'Go to' });
      await fromThird.hover();
      await fromThird.selectOption({ label: 'Question 1 (Q1): How do you feel?' });
      await expectFocused(card(page, 1).getByRole('textbox', { name: 'Question number' }));
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

/**
 * The focused control is not hidden behind the editor's fixed save bar (WCAG 2.4.11). The cards around it are
 * drawn as they come near the screen, so the page may still move for a moment after the focus: the check waits
 * (up to 5 s) for the layout to settle with the control above the bar.
 */
async function expectAboveSaveBar(locator: Locator): Promise<void> {
  const above = async () => {
    const control = await locator.boundingBox();
    const bar = await locator.page().locator('.questionnaire-save-bar').boundingBox();
    return Boolean(control && bar && control.y + control.height <= bar.y);
  };
  const deadline = Date.now() + 5_000;
  while (!(await above()) && Date.now() < deadline) await locator.page().waitForTimeout(100);
  expect(await above()).toBe(true);
}

async function expectFocused(locator: Locator): Promise<void> {
  await locator.and(locator.page().locator(':focus')).waitFor();
}

describe('the walk', () => {
  test('covers every route of paths.ts', () => {
    const walked = new Set(PAGES.map((row) => row.route));
    const missing = (Object.keys(paths) as RouteName[]).filter((route) => !walked.has(route) && !NOT_WALKED[route]);
    expect(missing).toEqual([]);
  });
});
