// Study List throughput: GET /api/studies?pageNumber=500 for a lab holding 10,000 studies (session check,
// count, an OFFSET page on the lab's index, schema serialisation) against a bare Fastify route answering the
// same JSON, under the same autocannon load in one run. The studies are written straight into the server's
// SQLite file (as the server would write them: each with its stage and participant group), which takes about
// a second where 10,000 POST /api/studies would take minutes.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { STUDY_CODE_ALPHABET, STUDY_CODE_LENGTH } from '../src/shared/studyRules';
import type { StudyListAnswer } from '../src/shared/types/study';
import { Api, seedLab } from '../__tests__/e2e/support/api';
import { startServer } from '../__tests__/e2e/support/server';
import { loadSettings, measure } from './support/load';
import { startTsHelper } from './support/process';
import type { Benchmark } from './types';

export const STUDIES_IN_LAB = 10_000;
export const PAGE = 500;

const id = () => randomBytes(16).toString('hex');

/** The n-th code of the study-code alphabet: distinct for every n below 31^6. */
function codeOf(n: number): string {
  let code = '';
  let rest = n;
  for (let i = 0; i < STUDY_CODE_LENGTH; i += 1) {
    code = STUDY_CODE_ALPHABET[rest % STUDY_CODE_ALPHABET.length] + code;
    rest = Math.floor(rest / STUDY_CODE_ALPHABET.length);
  }
  return code;
}

/** How SQLite runs the list's page query (the repository's ORDER BY and OFFSET), for reading the figures. */
export function pageQueryPlan(dataDir: string, labId: string, page: number): string[] {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM studies WHERE lab_id = ? ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET ?')
      .all(labId, (page - 1) * 10) as { detail: string }[];
    return rows.map((r) => r.detail);
  } finally {
    db.close();
  }
}

/** Writes `count` studies of the lab into the server's database, newest last written first, and how long it took. */
export function seedStudies(dataDir: string, labId: string, managedBy: string, count: number): number {
  const started = Date.now();
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  db.pragma('busy_timeout = 5000');
  const study = db.prepare(
    `INSERT INTO studies (id, lab_id, managed_by, study_code, chin_name, contact_person_name, contact_email, active_status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, '', '', ?, ?, ?)`,
  );
  const stage = db.prepare(
    `INSERT INTO stages (id, study_id, stage_num, chin_name, chin_progress_message, chin_complete_message, consent_needed, consent_content)
     VALUES (?, ?, 1, '', '', '', 1, '')`,
  );
  const group = db.prepare(`INSERT INTO participant_groups (id, stage_id, group_num, name) VALUES (?, ?, 1, '')`);
  const base = Date.now() - count * 1000;
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const studyId = id();
      const stageId = id();
      const at = new Date(base + i * 1000).toISOString();
      study.run(studyId, labId, managedBy, codeOf(i + 1), `Benchmark study ${i + 1}`, i % 3 === 0 ? 'active' : 'inactive', at, at);
      stage.run(stageId, studyId);
      group.run(id(), stageId);
    }
  })();
  db.close();
  return Date.now() - started;
}

export const studyList: Benchmark = {
  name: 'studyList',
  title: `Study List: GET /api/studies?pageNumber=${PAGE} with ${STUDIES_IN_LAB.toLocaleString('en-US')} studies vs a bare Fastify route`,
  async run() {
    const settings = loadSettings();
    const logLevel = process.env.BENCH_LOG_LEVEL || 'info';
    const server = await startServer({ LOG_LEVEL: logLevel }, { output: 'ignore' });
    try {
      const api = new Api(server);
      const { lab, manager, managerPassword } = await seedLab(api, 1, 'Study List Benchmark Lab');
      const seedMs = seedStudies(server.dataDir, lab._id, manager._id, STUDIES_IN_LAB);
      const queryPlan = pageQueryPlan(server.dataDir, lab._id, PAGE);
      const session = await api.login({ email: manager.email, password: managerPassword, organization: 1 });
      const headers = { authorization: `Bearer ${session.token}` };
      const url = `/api/studies?pageNumber=${PAGE}`;
      const sample = await api.call<StudyListAnswer>('GET', url, { token: session.token });
      if (sample.pages !== STUDIES_IN_LAB / 10 || sample.studies.length !== 10) {
        throw new Error(`Unexpected answer for ${url}: ${sample.studies.length} studies, ${sample.pages} pages`);
      }

      const real = await measure(server.apiUrl(url), headers, settings);
      const bareServer = await startTsHelper(path.join(__dirname, 'support', 'bareServer.ts'), { BARE_BODY: JSON.stringify(sample) });
      let bare;
      try {
        bare = await measure(`http://127.0.0.1:${bareServer.port}/bare`, {}, settings);
      } finally {
        await bareServer.stop();
      }

      return {
        measures: [
          { name: `studies page ${PAGE} requests/s`, value: real.requestsPerSecond, unit: 'req/s' },
          { name: `studies page ${PAGE} p99 latency`, value: real.p99Ms, unit: 'ms', target: { op: '<', value: 100 } },
          { name: 'studies failed answers', value: real.errors + real.non2xx, unit: 'count', target: { op: '<=', value: 0 } },
          { name: 'bare Fastify requests/s', value: bare.requestsPerSecond, unit: 'req/s' },
          { name: 'bare Fastify p99 latency', value: bare.p99Ms, unit: 'ms' },
          { name: 'ratio studies / bare', value: real.requestsPerSecond / bare.requestsPerSecond, unit: '' },
        ],
        details: {
          settings,
          logLevel,
          studiesInLab: STUDIES_IN_LAB,
          page: PAGE,
          seedMs,
          queryPlan,
          answerBytes: JSON.stringify(sample).length,
          real,
          bare,
        },
      };
    } finally {
      await server.stop();
    }
  },
};
