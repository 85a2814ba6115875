// The participant app's figures (issue 19), each with a reference measured the same way in the same run:
//   - first load: everything /app/join/{code} loads, as Chromium receives it (support/firstLoad.ts, the one
//     measuring function the browser test uses too), target ≤ APP_FIRST_LOAD_BYTES (90 KB); reference: the
//     portal's /login measured the same way;
//   - Lighthouse 12.8.2 (its default mobile settings: Moto G Power screen, simulated slow 4G and 4× CPU) on the
//     task list of a signed-in participant, targets performance ≥ 90 and accessibility 100; reference: the
//     portal's /login. Lighthouse drives the Chromium that playwright-core launched (--remote-debugging-port),
//     whose storage holds the participant's session; it is told not to clear it (--disable-storage-reset);
//   - opening a questionnaire of 60 questions of mixed kinds with the CPU slowed 4× (Emulation.setCPUThrottlingRate):
//     from the click on the task in the task list (once the list's page is idle, as it is when a participant has
//     read it) to the first animation frame with the last question in the page, target ≤ 300 ms; and from
//     navigation start (the app started cold at the task's address, as a tapped notification does), reported
//     with its ratio to the same for one question: there the app's own start is most of the time, and what the
//     questionnaire adds is that ratio; reference for both: a one-question questionnaire of the same study.
// BENCH_APP_RUNS (3) runs of each, alternating app and reference; the medians are held to the targets.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { Api } from '../__tests__/e2e/support/api';
import { seedAppStudy, SESSION_KEY, type AppStudy } from '../__tests__/e2e/support/appStudy';
import { CHROMIUM_FLAGS, chromiumPath, launchBrowser } from '../__tests__/e2e/support/browser';
import { APP_FIRST_LOAD_BYTES, measureFirstLoad, type FirstLoad } from '../__tests__/e2e/support/firstLoad';
import { freePort, projectRoot, startServer, type RunningServer } from '../__tests__/e2e/support/server';
import type { Benchmark, Measure } from './types';
import { median } from './support/stats';

const RUNS = Number(process.env.BENCH_APP_RUNS || 3);
const QUESTIONS = 60;
const OPEN_TARGET_MS = 300;
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };
const LIGHTHOUSE_CLI = path.join(projectRoot, 'node_modules', 'lighthouse', 'cli', 'index.js');
const REPORTS_DIR = path.join(__dirname, 'results', 'lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** A fresh phone-sized context; with a session, the app opens signed in as that participant. */
async function phoneContext(browser: Browser, session?: AppStudy['enrolled']['session']): Promise<BrowserContext> {
  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(20_000);
  if (session) {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
  }
  return context;
}

async function firstLoadOf(browser: Browser, url: string): Promise<FirstLoad> {
  const context = await phoneContext(browser);
  try {
    return await measureFirstLoad(context, await context.newPage(), url);
  } finally {
    await context.close();
  }
}

/** The id of question `n` (0-based) in the answer page's form ends with -q{n} (src/ui/questionnaire). */
const questionSelector = (n: number) => `.qf-form [id$="-q${n}"]`;

async function slowCpu(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Navigation start → the first animation frame with the questionnaire's last question, CPU slowed. */
async function openByNavigation(browser: Browser, server: RunningServer, seed: AppStudy, taskId: string, questions: number): Promise<number> {
  const context = await phoneContext(browser, seed.enrolled.session);
  try {
    const page = await context.newPage();
    await slowCpu(context, page);
    await page.goto(server.mainUrl(`/app/studies/${seed.study._id}/tasks/${taskId}`), { waitUntil: 'commit' });
    const handle = await page.waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : false), questionSelector(questions - 1), {
      polling: 'raf',
      timeout: 20_000,
    });
    return Number(await handle.jsonValue());
  } finally {
    await context.close();
  }
}

/** The click on the task in the task list → the first animation frame with the last question, CPU slowed. */
async function openByClick(browser: Browser, server: RunningServer, seed: AppStudy, taskId: string, questions: number): Promise<number> {
  const context = await phoneContext(browser, seed.enrolled.session);
  try {
    const page = await context.newPage();
    await page.goto(server.mainUrl(`/app/studies/${seed.study._id}`));
    const href = `/app/studies/${seed.study._id}/tasks/${taskId}`;
    await page.locator(`a[href="${href}"]`).waitFor();
    // A participant reads the list before tapping: by then its calls (the questionnaires kept for offline use)
    // have answered and the page is idle, as it is here once the network is.
    await page.waitForLoadState('networkidle');
    await slowCpu(context, page);
    return await page.evaluate(
      ({ href, selector }) =>
        new Promise<number>((resolve, reject) => {
          const link = document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`);
          if (!link) return reject(new Error(`No link to ${href}`));
          const timer = setTimeout(() => reject(new Error(`${selector} did not show within 20 s`)), 20_000);
          const start = performance.now();
          const check = () => {
            if (!document.querySelector(selector)) return requestAnimationFrame(check);
            clearTimeout(timer);
            resolve(performance.now() - start);
          };
          link.click();
          requestAnimationFrame(check);
        }),
      { href, selector: questionSelector(questions - 1) },
    );
  } finally {
    await context.close();
  }
}

interface LighthouseResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits that cost points (score below 1 with weight in a category), with what they say. */
  lost: { category: string; id: string; title: string; score: number | null; displayValue?: string }[];
  metrics: Record<string, number>;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number }>;
}

function runLighthouse(url: string, port: number, outputPath: string): Promise<void> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    `--port=${port}`,
    '--disable-storage-reset',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${outputPath}`,
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 180_000, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`Lighthouse on ${url} failed: ${error.message}\n${stderr}`)) : resolve(),
    );
  });
}

function readLighthouse(file: string): LighthouseResult {
  const report = JSON.parse(readFileSync(file, 'utf8')) as LighthouseReport;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? NaN) * 100)])) as LighthouseResult['scores'];
  const lost: LighthouseResult['lost'] = [];
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative') {
        lost.push({ category, id: ref.id, title: audit.title, score: audit.score, displayValue: audit.displayValue });
      }
    }
  }
  const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
  const metrics = Object.fromEntries(metricIds.map((id) => [id, Math.round((report.audits[id]?.numericValue ?? NaN) * 1000) / 1000]));
  return { scores, lost, metrics };
}

/**
 * Lighthouse on the participant's task list and on the portal's /login, in one Chromium whose default storage
 * holds the session: it is written from an address of the app's origin that loads no app (so no service worker
 * or cache is left for Lighthouse to find).
 */
async function lighthouseRun(server: RunningServer, seed: AppStudy, run: number): Promise<{ app: LighthouseResult; reference: LighthouseResult }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.mainUrl('/api/app/site'));
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(seed.enrolled.session)] as const);
    await page.close();
    const appFile = path.join(dir, 'app.json');
    const referenceFile = path.join(dir, 'reference.json');
    await runLighthouse(server.mainUrl(`/app/studies/${seed.study._id}`), port, appFile);
    await runLighthouse(server.mainUrl('/login'), port, referenceFile);
    // The whole reports, for reading which elements and scripts cost the points (bench/results is not committed).
    mkdirSync(REPORTS_DIR, { recursive: true });
    copyFileSync(appFile, path.join(REPORTS_DIR, `app-task-list-run${run + 1}.json`));
    copyFileSync(referenceFile, path.join(REPORTS_DIR, `portal-login-run${run + 1}.json`));
    return { app: readLighthouse(appFile), reference: readLighthouse(referenceFile) };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one part; a part that cannot run is reported by name and counts as missed, the others still run. */
async function attempt<T>(what: string, errors: string[], fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    errors.push(`${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return null;
  }
}

export const participantApp: Benchmark = {
  name: 'app',
  title: `Participant app: first load on the wire, Lighthouse (mobile) on the task list, and opening a ${QUESTIONS}-question questionnaire at 4× slower CPU`,
  async run() {
    const server = await startServer({}, { output: 'ignore' });
    const browser = await launchBrowser();
    const errors: string[] = [];
    const runs: Record<string, number>[] = [];
    const lighthouse: { app: LighthouseResult; reference: LighthouseResult }[] = [];
    let firstFiles: FirstLoad['files'] = [];
    try {
      const seed = await seedAppStudy(new Api(server), new Api(server), server, 1, QUESTIONS);
      const joinUrl = server.mainUrl(`/app/join/${seed.study.study_code}`);
      for (let run = 0; run < RUNS; run += 1) {
        const figures: Record<string, number> = {};
        const app = await attempt('first load', errors, () => firstLoadOf(browser, joinUrl));
        const portal = await attempt('first load reference', errors, () => firstLoadOf(browser, server.mainUrl('/login')));
        if (app && run === 0) firstFiles = app.files;
        figures.firstLoad = app?.bytes ?? NaN;
        figures.portalFirstLoad = portal?.bytes ?? NaN;
        figures.openNavigation = (await attempt('open by navigation', errors, () => openByNavigation(browser, server, seed, seed.longTaskId, QUESTIONS))) ?? NaN;
        figures.openNavigationOne = (await attempt('open by navigation, 1 question', errors, () => openByNavigation(browser, server, seed, seed.shortTaskId, 1))) ?? NaN;
        figures.openClick = (await attempt('open by click', errors, () => openByClick(browser, server, seed, seed.longTaskId, QUESTIONS))) ?? NaN;
        figures.openClickOne = (await attempt('open by click, 1 question', errors, () => openByClick(browser, server, seed, seed.shortTaskId, 1))) ?? NaN;
        const scores = await attempt('Lighthouse', errors, () => lighthouseRun(server, seed, run));
        if (scores) lighthouse.push(scores);
        runs.push(figures);
        console.log(`run ${run + 1}: ${JSON.stringify(figures)}${scores ? ` lighthouse app ${JSON.stringify(scores.app.scores)} /login ${JSON.stringify(scores.reference.scores)}` : ''}`);
      }
    } finally {
      await browser.close();
      await server.stop();
    }

    const med = (key: string) => median(runs.map((r) => r[key]));
    const score = (which: 'app' | 'reference', category: (typeof CATEGORIES)[number]) => median(lighthouse.map((l) => l[which].scores[category]));
    const openTarget = { op: '<=' as const, value: OPEN_TARGET_MS };
    const measures: Measure[] = [
      { name: 'first load of /app/join/{code} on the wire', value: kib(med('firstLoad')), unit: 'KiB', target: { op: '<=', value: APP_FIRST_LOAD_BYTES / 1024 } },
      { name: 'reference: the portal /login first load on the wire', value: kib(med('portalFirstLoad')), unit: 'KiB' },
      { name: 'first load, app / portal', value: med('firstLoad') / med('portalFirstLoad'), unit: '' },
      { name: 'Lighthouse performance, task list (mobile)', value: score('app', 'performance'), unit: '', target: { op: '>=', value: 90 } },
      { name: 'Lighthouse accessibility, task list', value: score('app', 'accessibility'), unit: '', target: { op: '>=', value: 100 } },
      { name: 'Lighthouse best practices, task list', value: score('app', 'best-practices'), unit: '' },
      { name: 'Lighthouse SEO, task list', value: score('app', 'seo'), unit: '' },
      { name: 'reference: Lighthouse performance, portal /login', value: score('reference', 'performance'), unit: '' },
      { name: 'reference: Lighthouse accessibility, portal /login', value: score('reference', 'accessibility'), unit: '' },
      { name: `open ${QUESTIONS} questions, CPU 4× (click on the task → last question)`, value: round(med('openClick')), unit: 'ms', target: openTarget },
      { name: 'reference: open 1 question from the click', value: round(med('openClickOne')), unit: 'ms' },
      { name: `open ${QUESTIONS} questions, CPU 4×, app started cold at the task (navigation → last question)`, value: round(med('openNavigation')), unit: 'ms' },
      { name: 'reference: open 1 question, same way', value: round(med('openNavigationOne')), unit: 'ms' },
      { name: `cold open, ${QUESTIONS} questions / 1 question`, value: med('openNavigation') / med('openNavigationOne'), unit: '' },
    ];
    return {
      measures,
      details: {
        runs,
        questions: QUESTIONS,
        cpuSlowdown: CPU_SLOWDOWN,
        firstLoadFiles: firstFiles,
        lighthouse,
        errors,
      },
    };
  },
};
