// Study editor: a study of 10 stages x 10 groups x 3 EMA settings (bench/support/largeStudy.ts: 91 groups, as
// stage 1 takes no other group), seeded through the API, opened in Chromium on the built server.
//   - open: from navigation to /studies/{id}/edit until every group block is in the page with both of its
//     multi-selects holding all the lab's questionnaires (target 1 s), read in the page as performance.now()
//     (time since the navigation started) at the first animation frame that has them all;
//   - save: from clicking Save Changes until 'Changes have been saved' shows (the PUT of the whole study, its
//     answer, and the editor starting afresh from it), target 300 ms; the PUT's own time in Chromium's network
//     timing is shown beside it.
// Each is measured RUNS times after one warm-up, and the median is held to the target. Beside the open time it
// shows when the last API answer arrived: what is left is the page's own work (scripts and rendering).
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { Api, seedLab } from '../__tests__/e2e/support/api';
import { chromiumPath, launchBrowser, newContext } from '../__tests__/e2e/support/browser';
import { signInAsLabUser } from '../__tests__/e2e/support/pages';
import { startServer } from '../__tests__/e2e/support/server';
import { LARGE_STUDY, seedLargeStudy } from './support/largeStudy';
import type { Benchmark } from './types';
import { median } from './support/stats';

const RUNS = Number(process.env.BENCH_EDITOR_RUNS || 5);
const OPEN_TARGET_MS = 1000;
const SAVE_TARGET_MS = 300;
const SAVED_TEXT = 'Changes have been saved';

const round = (ms: number) => Math.round(ms * 10) / 10;

interface Open {
  /** From navigation start to the first frame with every group and option. */
  rendered: number;
  /** From navigation start to the last API answer the editor waited for (study and questionnaires). */
  answered: number;
}

/** Navigates to the editor and answers when it was rendered, and when its data had arrived. */
async function openEditor(page: Page, url: string, groups: number, options: number): Promise<Open> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    ({ groups, options }) =>
      document.querySelectorAll('.group-block').length >= groups && document.querySelectorAll('.questionnaire-select-option').length >= options
        ? performance.now()
        : false,
    { groups, options },
    { polling: 'raf', timeout: 30_000 },
  );
  const rendered = Number(await handle.jsonValue());
  const answered = await page.evaluate(() =>
    Math.max(...performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).map((e) => (e as PerformanceResourceTiming).responseEnd)),
  );
  return { rendered, answered };
}

/** Clicks Save Changes; answers the ms until a new 'Changes have been saved' toast shows, and the PUT's own ms. */
async function save(page: Page): Promise<{ roundTrip: number; put: number }> {
  return page.evaluate(
    (text) =>
      new Promise<{ roundTrip: number; put: number }>((resolve, reject) => {
        // A new toast, not a count: an earlier toast may hide itself (after 3 s) while this save runs.
        const toasts = () => Array.from(document.querySelectorAll('.toast-body'));
        const before = new Set(toasts());
        const saved = () => toasts().some((e) => !before.has(e) && e.textContent === text);
        const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Save Changes');
        if (!button) return reject(new Error('No Save Changes button'));
        performance.clearResourceTimings();
        const start = performance.now();
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`No '${text}' within 30 s; the page says: ${document.querySelector('[role=alert]')?.textContent ?? 'nothing'}`));
        }, 30_000);
        const observer = new MutationObserver(() => {
          if (!saved()) return;
          const roundTrip = performance.now() - start;
          observer.disconnect();
          clearTimeout(timer);
          const put = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/edit_except_consent')).pop();
          resolve({ roundTrip, put: put ? put.duration : NaN });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        button.click();
      }),
    SAVED_TEXT,
  );
}

export const studyEditor: Benchmark = {
  name: 'study-editor',
  title: `Study editor: open a study of ${LARGE_STUDY.stages} stages x ${LARGE_STUDY.groupsPerStage} groups x ${LARGE_STUDY.emaPerGroup} EMA settings in Chromium, and save it`,
  async run() {
    if (!existsSync(chromiumPath())) {
      return { measures: [{ name: 'skipped: Chromium not found', value: NaN, unit: '' }] };
    }
    const server = await startServer({}, { output: 'ignore' });
    const browser = await launchBrowser();
    try {
      const api = new Api(server);
      const { manager, managerPassword } = await seedLab(api, 1, 'Study Editor Benchmark Lab');
      const { token } = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const large = await seedLargeStudy(api, token);
      // Every group block shows both multi-selects, each with every questionnaire of the lab.
      const options = large.groups * 2 * large.questionnaires.length;

      const context = await newContext(browser);
      const page = await context.newPage();
      await signInAsLabUser(page, server.mainUrl('/login'), manager.email, managerPassword);
      const url = server.mainUrl(`/studies/${large.study._id}/edit`);

      const coldOpen = await openEditor(page, url, large.groups, options);
      const runs: Open[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await openEditor(page, url, large.groups, options));
      const opens = runs.map((r) => r.rendered);

      await save(page);
      const saves: { roundTrip: number; put: number }[] = [];
      for (let i = 0; i < RUNS; i++) saves.push(await save(page));
      await context.close();

      const openMedian = median(opens);
      const saveMedian = median(saves.map((s) => s.roundTrip));
      return {
        measures: [
          { name: `open, ${large.groups} groups rendered (median of ${RUNS})`, value: round(openMedian), unit: 'ms', target: { op: '<=', value: OPEN_TARGET_MS } },
          { name: 'open, slowest run', value: round(Math.max(...opens)), unit: 'ms' },
          { name: 'open, first visit (scripts not cached)', value: round(coldOpen.rendered), unit: 'ms' },
          { name: 'open, of which waiting for the API answers (median)', value: round(median(runs.map((r) => r.answered))), unit: 'ms' },
          { name: `save round trip (median of ${RUNS})`, value: round(saveMedian), unit: 'ms', target: { op: '<=', value: SAVE_TARGET_MS } },
          { name: 'save, the PUT alone (median)', value: round(median(saves.map((s) => s.put))), unit: 'ms' },
        ],
        details: {
          groups: large.groups,
          emaSettings: large.emaSettings,
          questionnaires: large.questionnaires.length,
          seededBodyBytes: large.bodyBytes,
          opensMs: opens.map(round),
          coldOpenMs: round(coldOpen.rendered),
          answeredMs: runs.map((r) => round(r.answered)),
          savesMs: saves.map((s) => ({ roundTrip: round(s.roundTrip), put: round(s.put) })),
        },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
