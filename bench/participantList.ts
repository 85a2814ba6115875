// Participant List render: a study of 10,000 participants (seeded straight into the server's SQLite file, as
// the server writes them: an account, a participation in stage 1 group 1, and for half of them an arrival with
// its plan: a week of EMA prompts, and for half of those two diary tasks, cancelled for every other one),
// opened in Chromium on the built server.
//   - open: from navigation (from a blank page) to /participants/{studyId} until the first animation frame
//     with the first rows, and with all 10,000 rows, in the table (read in the page as performance.now(), the
//     time since navigation started);
//   - render: the part of each after the list's answer arrived (the answer's responseEnd in Chromium's resource
//     timing), i.e. what the portal itself spends: parsing, the store and React;
//   - filter: choosing stage 1 and group 1 until every row shows its action buttons.
// Each is measured RUNS times (3 by default) after one warm-up; the median is reported.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { PARTICIPANT_CODE_ALPHABET, PARTICIPANT_CODE_LENGTH } from '../src/shared/participants';
import type { Study } from '../src/shared/types/study';
import { Api, seedLab } from '../__tests__/e2e/support/api';
import { chromiumPath, launchBrowser, newContext } from '../__tests__/e2e/support/browser';
import { signInAsLabUser } from '../__tests__/e2e/support/pages';
import { markActive } from '../__tests__/e2e/support/plan';
import { startServer } from '../__tests__/e2e/support/server';
import type { Benchmark } from './types';
import { median } from './support/stats';

export const PARTICIPANTS_IN_STUDY = 10_000;
const RUNS = Number(process.env.BENCH_PARTICIPANT_RUNS || 3);
const ROWS = '.participant-table tbody tr';

const id = () => randomBytes(16).toString('hex');

function codeOf(n: number): string {
  let code = '';
  let rest = n;
  for (let i = 0; i < PARTICIPANT_CODE_LENGTH; i += 1) {
    code = PARTICIPANT_CODE_ALPHABET[rest % PARTICIPANT_CODE_ALPHABET.length] + code;
    rest = Math.floor(rest / PARTICIPANT_CODE_ALPHABET.length);
  }
  return code;
}

/** EMA prompts in an arrived participant's seeded plan: 4 a day for a week, with two reminders each. */
const EMA_TASKS_PER_PLAN = 4 * 7 * 3;

/**
 * Writes `count` participants of the study into stage 1, group 1; every other one has arrived, with a plan (the
 * list reads it: completion by the plan's end, and whether it holds diary tasks). Answers the ms it took.
 */
export function seedParticipants(dataDir: string, study: Study, createdBy: string, count: number): number {
  const started = Date.now();
  const stage = study.stage_list[0];
  const group = stage.participant_group_list[0];
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  db.pragma('busy_timeout = 5000');
  const account = db.prepare(
    `INSERT INTO participants (id, participant_code, email, password_hash, created_by, created_at) VALUES (?, ?, ?, 'not-a-hash', ?, ?)`,
  );
  const participation = db.prepare(
    `INSERT INTO participations (id, participant_id, study_id, status, current_stage_id, current_group_id, arrive_assigned,
       assignment_num, assigned_at, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const arrival = db.prepare(
    `INSERT INTO enrolment_times (id, participation_id, assignment_num, stage_id, group_id, start_datetime, plan_seed)
     VALUES (?, ?, 1, ?, ?, ?, ?)`,
  );
  // Every column named, as the server's own insert does (repositories/tasks.ts).
  const task = db.prepare(
    `INSERT INTO tasks (id, participation_id, enrolment_time_id, study_id, stage_id, group_id, kind, questionnaire_id,
       questionnaire_version_id, setting_index, prompt_task_id, notification_datetime, timezone, reminder, window_closes_at,
       diary_start_date, number_of_days, status, delivered_at, opened_at, completed_at, cancelled_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'bench-questionnaire', 'bench-version', 0, NULL, ?, 'Asia/Hong_Kong', ?, ?, ?, ?, ?, NULL, NULL, NULL, ?)`,
  );
  const base = Date.now() - count * 60_000;
  const soon = Date.now() + 3_600_000;
  const plan = (participationId: string, arrivalId: string, i: number) => {
    for (let k = 0; k < EMA_TASKS_PER_PLAN; k += 1) {
      const at = new Date(soon + Math.floor(k / 3) * 6 * 3_600_000 + (k % 3) * 5 * 60_000);
      const closes = new Date(soon + Math.floor(k / 3) * 6 * 3_600_000 + 15 * 60_000).toISOString();
      task.run(id(), participationId, arrivalId, study._id, stage._id, group._id, 'ema', at.toISOString(), k % 3 === 0 ? 0 : 1, closes, null, null, 'planned', null);
    }
    if (i % 4 !== 0) return;
    const cancelled = i % 8 === 0;
    for (let k = 0; k < 2; k += 1) {
      const startDate = new Date(soon).toISOString().slice(0, 10);
      task.run(id(), participationId, arrivalId, study._id, stage._id, group._id, 'diary', null, 0, null, startDate, 7, cancelled ? 'cancelled' : 'planned', cancelled ? new Date().toISOString() : null);
    }
  };
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const participantId = id();
      const participationId = id();
      const at = new Date(base + i * 60_000).toISOString();
      const arrived = i % 2 === 0;
      account.run(participantId, codeOf(i + 1), `participant${i + 1}@bench.test`, createdBy, at);
      participation.run(participationId, participantId, study._id, arrived ? 'enrolled' : 'invited', stage._id, group._id, arrived ? 1 : 0, at, at);
      if (arrived) {
        const arrivalId = id();
        arrival.run(arrivalId, participationId, stage._id, group._id, at, randomBytes(8).toString('hex'));
        plan(participationId, arrivalId, i);
      }
    }
  })();
  db.close();
  return Date.now() - started;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

interface OpenTimes {
  firstRows: number;
  open: number;
  listAnswered: number;
  listCall: number;
  /** When the list call started, and when the page's HTML had arrived: what came before the list. */
  listStart: number;
  documentAt: number;
}

/**
 * Navigates to the list from a blank page; answers when the first and all rows were on screen, and when the
 * list's answer had arrived. From the blank page, because Chromium tears the previous page down in the same
 * renderer: reloading straight from a list of 10,000 rows with their buttons delays the new page by seconds
 * (measured: 7 to 15 s on this machine under load), which is not what the list's own render costs.
 */
async function openList(page: Page, url: string): Promise<OpenTimes> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    ({ selector, count }) => {
      const shown = document.querySelectorAll(selector).length;
      const marks = window as unknown as { firstRowsAt?: number };
      if (shown > 0 && marks.firstRowsAt === undefined) marks.firstRowsAt = performance.now();
      return shown >= count ? [marks.firstRowsAt ?? NaN, performance.now()] : false;
    },
    { selector: ROWS, count: PARTICIPANTS_IN_STUDY },
    { polling: 'raf', timeout: 60_000 },
  );
  const [firstRows, open] = (await handle.jsonValue()) as [number, number];
  const call = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .filter((e): e is PerformanceResourceTiming => e.name.endsWith('/get_participants'))
      .pop();
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return entry
      ? { responseEnd: entry.responseEnd, duration: entry.duration, listStart: entry.startTime, documentAt: navigation?.responseEnd ?? NaN }
      : null;
  });
  if (!call) throw new Error('The page did not call get_participants');
  return { firstRows, open, listAnswered: call.responseEnd, listCall: call.duration, listStart: call.listStart, documentAt: call.documentAt };
}

/** Chooses all stages, then stage 1 and group 1; answers the ms until every row shows its actions. */
async function filterToGroup(page: Page): Promise<number> {
  const stageList = page.waitForResponse((r) => r.url().endsWith('/get_filtered_participants'));
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Stage 1' });
  await stageList;
  await page.waitForFunction(({ selector, count }) => document.querySelectorAll(selector).length >= count, { selector: ROWS, count: PARTICIPANTS_IN_STUDY }, {
    polling: 'raf',
    timeout: 60_000,
  });
  return page.evaluate(
    ({ selector, count }) =>
      new Promise<number>((resolve, reject) => {
        const select = document.getElementById('participant-filter-group') as HTMLSelectElement | null;
        const option = select ? Array.from(select.options).find((o) => o.textContent === 'Group 1') : undefined;
        if (!select || !option) return reject(new Error('No Group 1 in the group filter'));
        const start = performance.now();
        const timer = setTimeout(() => reject(new Error('The rows did not show their actions within 60 s')), 60_000);
        const check = () => {
          const withActions = document.querySelectorAll(`${selector} td:last-child button`).length;
          if (withActions >= count * 2) {
            clearTimeout(timer);
            resolve(performance.now() - start);
          } else requestAnimationFrame(check);
        };
        select.value = option.value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
        requestAnimationFrame(check);
      }),
    { selector: ROWS, count: PARTICIPANTS_IN_STUDY },
  );
}

export const participantList: Benchmark = {
  name: 'participantList',
  title: `Participant List: open a study of ${PARTICIPANTS_IN_STUDY.toLocaleString('en-US')} participants in Chromium`,
  async run() {
    if (!existsSync(chromiumPath())) {
      return { measures: [{ name: 'skipped: Chromium not found', value: NaN, unit: '' }] };
    }
    const server = await startServer({}, { output: 'ignore' });
    const browser = await launchBrowser();
    try {
      const api = new Api(server);
      const { manager, managerPassword } = await seedLab(api, 1, 'Participant List Benchmark Lab');
      const session = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const token = session.token;
      const created = await api.call<Study>('POST', '/api/studies', { token, body: { chin_name: 'Participant List Benchmark' } });
      // The list is measured, not activation's check: the study is marked active as the e2e fixtures do.
      markActive(server.dataDir, created._id);
      const seedMs = seedParticipants(server.dataDir, created, manager._id, PARTICIPANTS_IN_STUDY);

      const context = await newContext(browser);
      const page = await context.newPage();
      await signInAsLabUser(page, server.mainUrl('/login'), manager.email, managerPassword);
      const url = server.mainUrl(`/participants/${created._id}`);

      const cold = await openList(page, url);
      const runs: OpenTimes[] = [];
      const filters: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await openList(page, url));
        filters.push(await filterToGroup(page));
      }
      await context.close();

      const opens = runs.map((r) => r.open);
      const renders = runs.map((r) => r.open - r.listAnswered);
      return {
        measures: [
          { name: `open, first rows on screen (median of ${RUNS})`, value: round(median(runs.map((r) => r.firstRows))), unit: 'ms' },
          { name: 'first rows after the list arrived (median)', value: round(median(runs.map((r) => r.firstRows - r.listAnswered))), unit: 'ms' },
          { name: `open, all ${PARTICIPANTS_IN_STUDY} rows on screen (median)`, value: round(median(opens)), unit: 'ms' },
          { name: 'all rows after the list arrived (median)', value: round(median(renders)), unit: 'ms' },
          { name: 'get_participants in the browser (median)', value: round(median(runs.map((r) => r.listCall))), unit: 'ms' },
          { name: 'stage 1 + group 1 chosen, row actions on screen (median)', value: round(median(filters)), unit: 'ms' },
          { name: 'open, first visit (scripts not cached)', value: round(cold.open), unit: 'ms' },
        ],
        details: {
          participants: PARTICIPANTS_IN_STUDY,
          seedMs,
          runs: runs.map((r) => ({ firstRowsMs: round(r.firstRows), openMs: round(r.open), listAnsweredMs: round(r.listAnswered), listStartMs: round(r.listStart), documentMs: round(r.documentAt), renderMs: round(r.open - r.listAnswered), listCallMs: round(r.listCall) })),
          filterMs: filters.map(round),
          coldOpenMs: round(cold.open),
        },
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
