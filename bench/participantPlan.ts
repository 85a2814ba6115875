// Plan: 1,000 participants arriving into a group with 2 EMA settings (6 fixed times, and 3 randomised periods),
// 30 days, reminders every 10 minutes in a 30-minute window. Each arrival is what the first tasks call does
// (services/plan/arrival.ts: claim, enrolment time, questionnaire versions, plan rows, one transaction each, on
// SQLite with synchronous=FULL). Against it, in the same run and database: a plain bulk insert of as many task
// rows into the same table (one prepared INSERT, one transaction), the fastest that table takes rows.
// Each is run RUNS times (3 by default) on a fresh database; medians are reported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { arrive } from '../src/server/services/plan/arrival';
import { newId, newIds, nowIso } from '../src/server/ids';
import { newEmaSetting } from '../src/shared/study/assessmentSettings';
import { setGroupSettings } from '../__tests__/server/support/participants';
import type { TaskRow } from '../src/server/db/types';
import type { Benchmark } from './types';
import { median } from './support/stats';

const PARTICIPANTS = Number(process.env.BENCH_PLAN_PARTICIPANTS || 1000);
const RUNS = Number(process.env.BENCH_PLAN_RUNS || 3);
const OWNER = { email: 'owner@bench.test', password: 'owner-bench-password' };

interface RunFigures {
  rows: number;
  planMs: number;
  bulkMs: number;
}

async function oneRun(): Promise<RunFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-plan-'));
  const config = loadConfig({ DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER.email, SYSTEM_OWNER_PASSWORD: OWNER.password, PUBLIC_DIR: path.join(dataDir, 'none'), LOG_LEVEL: 'warn' });
  const app = await buildApp(config, { logger: false });
  try {
    const inject = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object): Promise<T> => {
      const res = await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as T;
    };
    const owner = (await inject<{ token: string }>('POST', '/api/users/systemowner/login', undefined, OWNER)).token;
    const created = await inject<{ lab: { _id: string } }>('POST', '/api/labs/systemowner/createlab', owner, { labName: 'Plan lab', email: 'm@bench.test', password: 'manager-password', organization: 1 });
    const manager = (await inject<{ token: string }>('POST', '/api/users/login', undefined, { email: 'm@bench.test', password: 'manager-password', organization: 1 })).token;
    const study = await inject<{ _id: string; stage_list: { _id: string; participant_group_list: { _id: string }[] }[] }>('POST', '/api/studies', manager, { chin_name: 'Plan benchmark' });
    const questionnaires = [];
    for (const abbrev of ['FIX', 'RND']) questionnaires.push(await inject<{ _id: string }>('POST', '/api/qx_list', manager, { chin_name: abbrev, abbrev }));
    const stageId = study.stage_list[0]._id;
    const groupId = study.stage_list[0].participant_group_list[0]._id;
    const timing = { number_of_days: 30, day_one_eq_same_day: false, reminder_interval: 10, response_in: 30 };
    await setGroupSettings(app.ctx.db, groupId, {
      ema: [
        { ...newEmaSetting(), ...timing, questionnaire_list: [{ _id: questionnaires[0]._id, chin_name: '', abbrev: '' }], time_list: ['08:00', '10:30', '13:00', '15:30', '18:00', '20:30'] },
        {
          ...newEmaSetting(),
          ...timing,
          questionnaire_list: [{ _id: questionnaires[1]._id, chin_name: '', abbrev: '' }],
          time_randomize: true,
          time_list: [],
          randomize_settings: [
            { start_time: '09:00', end_time: '12:00' },
            { start_time: '13:00', end_time: '17:00' },
            { start_time: '18:00', end_time: '22:00' },
          ],
        },
      ],
    });

    // The participants and their participations are written directly: they are not what is measured.
    const db = app.ctx.db;
    const participations = [];
    const now = nowIso();
    for (let i = 0; i < PARTICIPANTS; i += 1) {
      const participantId = newId();
      await db.insertInto('participants').values({ id: participantId, participant_code: `B${String(i).padStart(7, '0')}`, email: `p${i}@bench.test`, password_hash: 'x', created_by: null, created_at: now }).execute();
      const row = { id: newId(), participant_id: participantId, study_id: study._id, status: 'enrolled', current_stage_id: stageId, current_group_id: groupId, arrive_assigned: 0, assignment_num: 1, assigned_at: now, joined_at: now, consent_text: null, consented_at: null, withdrawn_at: null, completed_at: null, pilot_offset_ms: null };
      await db.insertInto('participations').values(row).execute();
      participations.push(row);
    }

    const planStarted = process.hrtime.bigint();
    for (const participation of participations) await arrive(db, participation, created.lab._id);
    const planMs = Number(process.hrtime.bigint() - planStarted) / 1e6;

    const sample = (await db.selectFrom('tasks').selectAll().execute()) as TaskRow[];
    const rows = sample.length;

    // The reference: as many rows again, through one prepared statement in one transaction, on its own
    // connection to the same file with the server's settings.
    const sqlite = new SQLite(path.join(dataDir, 'portal.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('cache_size = -65536');
    const columns = Object.keys(sample[0]) as (keyof TaskRow)[];
    const insert = sqlite.prepare(`INSERT INTO tasks (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    const ids = newIds(rows);
    const values = sample.map((row, i) => columns.map((c) => (c === 'id' ? ids[i] : row[c])));
    const bulkStarted = process.hrtime.bigint();
    sqlite.transaction(() => {
      for (const v of values) insert.run(v);
    })();
    const bulkMs = Number(process.hrtime.bigint() - bulkStarted) / 1e6;
    sqlite.close();
    return { rows, planMs, bulkMs };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const participantPlan: Benchmark = {
  name: 'plan',
  title: `Plan: ${PARTICIPANTS.toLocaleString('en-US')} arrivals (2 EMA settings, 30 days, reminders) vs a plain bulk insert into tasks`,
  async run() {
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await oneRun());
      console.log(`run ${i + 1}: ${runs[i].rows} rows, plan ${Math.round(runs[i].planMs)} ms, bulk insert ${Math.round(runs[i].bulkMs)} ms`);
    }
    const planRates = runs.map((r) => r.rows / (r.planMs / 1000));
    const bulkRates = runs.map((r) => r.rows / (r.bulkMs / 1000));
    const ratios = runs.map((r) => r.bulkMs / r.planMs);
    return {
      measures: [
        { name: `rows planned per second (median of ${RUNS})`, value: median(planRates), unit: 'rows/s' },
        { name: 'plain bulk insert, rows per second (median)', value: median(bulkRates), unit: 'rows/s' },
        { name: 'ratio plan / bulk insert (median)', value: median(ratios), unit: '', target: { op: '>=', value: 0.25 } },
        { name: 'rows per arrival', value: runs[0].rows / PARTICIPANTS, unit: 'rows' },
      ],
      details: { participants: PARTICIPANTS, runs },
    };
  },
};
