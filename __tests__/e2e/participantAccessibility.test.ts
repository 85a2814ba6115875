// axe on every screen of the participant app at 390 px, on both hosts (localhost, dark.localhost) and in both
// languages (English, 繁體中文): a serious or critical violation fails, named with the elements it was found on.
// SCREENS is a table: a new screen adds one row, and a route of src/participant/routing/paths.ts without a row
// fails the coverage test below.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { en, type Texts } from '../../src/participant/i18n/en';
import { zhHant } from '../../src/participant/i18n/zh-Hant';
import { paths } from '../../src/participant/routing/paths';
import { Api } from './support/api';
import { APP_STUDY_NAME, LONG_QUESTIONNAIRE, seedAppStudy, SESSION_KEY, type AppParticipant, type AppStudy } from './support/appStudy';
import { withPageIn } from './support/browser';
import { useProduct } from './support/product';

const product = useProduct();

type Host = 'light' | 'dark';
/** The language the app is switched to (kept on the phone under this key, src/participant/i18n). */
type Language = 'en' | 'zh-Hant';
const LANGUAGE_KEY = 'participant-language';
const TEXTS: Record<Language, Texts> = { en, 'zh-Hant': zhHant };
/** Who looks: nobody signed in, the participant who agreed (task list), or the one who has not yet (consent). */
type Visitor = 'guest' | 'enrolled' | 'invited';
type RouteName = keyof typeof paths;

interface ScreenRow {
  name: string;
  route: RouteName;
  as: Visitor;
  href(seed: AppStudy): string;
  /** What the participant does on the screen before it is checked. */
  prepare?(page: Page, texts: Texts): Promise<void>;
  /** Shows once the screen has what it is for on it. */
  ready(page: Page, texts: Texts, seed: AppStudy): Locator;
}

/** The long questionnaire's length here: one question of each kind the seed cycles through. */
const QUESTIONS = 8;
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

const SCREENS: ScreenRow[] = [
  { name: 'Sign in', route: 'signIn', as: 'guest', href: () => paths.signIn(), ready: (p, t) => h1(p, t.account.signInTitle) },
  {
    name: 'Create an account, from a join link',
    route: 'signUp',
    as: 'guest',
    href: (s) => paths.join(s.study.study_code),
    ready: (p, t, s) => p.getByText(t.account.joinAfter.replace('{{code}}', s.study.study_code)),
  },
  { name: 'Sign up', route: 'signUp', as: 'guest', href: () => paths.signUp(), ready: (p, t) => h1(p, t.account.signUpTitle) },
  { name: 'Forgot password', route: 'forgotPassword', as: 'guest', href: () => paths.forgotPassword(), ready: (p, t) => h1(p, t.account.forgotTitle) },
  {
    name: 'Forgot password, the code',
    route: 'forgotPassword',
    as: 'guest',
    href: () => paths.forgotPassword(),
    prepare: (p, t) => p.getByRole('button', { name: t.account.haveCode }).click(),
    ready: (p, t) => p.getByLabel(t.account.code),
  },
  { name: 'My studies', route: 'home', as: 'enrolled', href: () => paths.home(), ready: (p) => p.getByRole('link', { name: new RegExp(APP_STUDY_NAME) }) },
  { name: 'Messages, none yet', route: 'messages', as: 'enrolled', href: () => paths.messages(), ready: (p, t) => h1(p, t.messages.title) },
  { name: 'Join', route: 'join', as: 'enrolled', href: () => paths.join(), ready: (p, t) => p.getByRole('heading', { level: 2, name: t.studies.joinTitle }) },
  { name: 'Join by link, no such study', route: 'join', as: 'enrolled', href: () => paths.join('NOSUCHCODE'), ready: (p) => p.getByRole('alert') },
  {
    name: 'Consent',
    route: 'study',
    as: 'invited',
    href: (s) => paths.study(s.study._id),
    ready: (p, t) => p.getByRole('form', { name: t.consent.title }).getByText('research', { exact: true }),
  },
  {
    name: 'Study with its task list',
    route: 'study',
    as: 'enrolled',
    href: (s) => paths.study(s.study._id),
    ready: (p) => p.getByRole('link', { name: LONG_QUESTIONNAIRE.chin_name }),
  },
  {
    name: 'Withdraw confirmation',
    route: 'study',
    as: 'enrolled',
    href: (s) => paths.study(s.study._id),
    prepare: async (p, t) => {
      await p.getByRole('link', { name: LONG_QUESTIONNAIRE.chin_name }).waitFor();
      await p.getByRole('button', { name: t.study.withdraw }).click();
    },
    ready: (p, t) => p.getByRole('alertdialog', { name: t.study.withdrawConfirm }),
  },
  {
    name: 'Answer page',
    route: 'task',
    as: 'enrolled',
    href: (s) => paths.task(s.study._id, s.longTaskId),
    ready: (p) => p.locator(`.qf-form [id$="-q${QUESTIONS - 1}"]`),
  },
  {
    name: 'Answer page, sent without the required answers',
    route: 'task',
    as: 'enrolled',
    href: (s) => paths.task(s.study._id, s.longTaskId),
    prepare: async (p, t) => {
      await p.locator(`.qf-form [id$="-q${QUESTIONS - 1}"]`).waitFor();
      await p.getByRole('button', { name: t.answer.send, exact: true }).click();
    },
    ready: (p, t) => p.getByRole('alert').filter({ hasText: t.answer.fixProblems_other.split('{{')[0] }),
  },
];

/** Routes that need no row of their own, and why. */
const NOT_WALKED: Partial<Record<RouteName, string>> = {};

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** A violation as the failure names it: rule, help, how many elements, the first few and why the first fails. */
function describeViolation(v: Result): string {
  const targets = v.nodes.map((n) => n.target.join(' '));
  const shown = targets.slice(0, 3).join(', ') + (targets.length > 3 ? ` and ${targets.length - 3} more` : '');
  const why = v.nodes[0]?.any[0]?.message ?? v.nodes[0]?.failureSummary ?? '';
  return `${v.impact}: ${v.id} (${v.help}) on ${shown}: ${why}`;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describeViolation);
}

interface HostState {
  seed: AppStudy;
  /** One phone-sized context per language and visitor, with the language chosen and the session kept. */
  contexts: Record<Language, Record<Visitor, BrowserContext>>;
}

const state: Partial<Record<Host, HostState>> = {};

const urlOf = (host: Host, pathname: string) => (host === 'light' ? product.server.mainUrl(pathname) : product.server.darkUrl(pathname));

async function phoneContext(language: Language, participant: AppParticipant | null): Promise<BrowserContext> {
  const context = await product.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  context.setDefaultTimeout(10_000);
  const storage: Record<string, string> = { [LANGUAGE_KEY]: language };
  if (participant) storage[SESSION_KEY] = JSON.stringify(participant.session);
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  return context;
}

// The contexts close with the browser, after the file.
beforeAll(async () => {
  for (const host of ['light', 'dark'] as const) {
    const api = host === 'light' ? product.api : new Api(product.server, product.server.darkHost);
    const seed = await seedAppStudy(product.api, api, product.server, host === 'light' ? 1 : 2, QUESTIONS);
    const contexts = {} as HostState['contexts'];
    for (const language of ['en', 'zh-Hant'] as const) {
      contexts[language] = {
        guest: await phoneContext(language, null),
        enrolled: await phoneContext(language, seed.enrolled),
        invited: await phoneContext(language, seed.invited),
      };
    }
    state[host] = { seed, contexts };
  }
}, 120_000);

function hostState(host: Host): HostState {
  const found = state[host];
  if (!found) throw new Error('The seeding (beforeAll) failed');
  return found;
}

describe.each(['light', 'dark'] as const)('the participant app on the %s host', (host) => {
  describe.each(['en', 'zh-Hant'] as const)('in %s', (language) => {
    test.each(SCREENS.map((row) => [row.name, row] as const))('%s has no serious accessibility violations', (_name, row) => {
      const { seed, contexts } = hostState(host);
      const texts = TEXTS[language];
      return withPageIn(contexts[language][row.as], `app-axe-${host}-${language}-${row.name}`, async (page) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(urlOf(host, row.href(seed)));
        await row.prepare?.(page, texts);
        await row.ready(page, texts, seed).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  });
});

describe('the walk', () => {
  test('covers every route of the app', () => {
    const walked = new Set(SCREENS.map((row) => row.route));
    const missing = (Object.keys(paths) as RouteName[]).filter((route) => !walked.has(route) && !NOT_WALKED[route]);
    expect(missing).toEqual([]);
  });
});
