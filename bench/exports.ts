// Exports: a study of 1,000 participants × 30 days × 6 EMA prompts, every prompt answered with 10 text items
// (180,000 tasks, 1.8 M answer items), seeded straight into SQLite, and the same at a tenth. Each download (text
// zip, response-time xlsx, analysis zip) is taken in its streamed form over HTTP from a server process of its
// own, so that the process's peak memory (VmHWM) is that of one export. Run RUNS times (3 by default); medians
// are reported. Targets: xlsx >= 50,000 rows/s; peak memory at full size <= 1.2 × at a tenth; text zip <= 300 s.
// The xlsx figure is also given as a share of exceljs alone writing as many rows of the same shape with the same
// options in a process of its own (support/xlsxReference.ts), measured in the same runs, next to each download.
import fs from 'node:fs';
import { execFile } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { applySqlitePragmas } from '../src/server/db/database';
import { newIds } from '../src/server/ids';
import { makeQuestion } from '../src/shared/questionnaire/operations';
import { XLSX_MEDIA_TYPE, ZIP_MEDIA_TYPE } from '../src/shared/types/dataDownloads';
import { projectRoot } from '../__tests__/e2e/support/server';
import { startTsHelper } from './support/process';
import type { ReferenceFigures } from './support/xlsxReference';
import type { Benchmark, Measure } from './types';
import { median } from './support/stats';

const PARTICIPANTS = Number(process.env.BENCH_EXPORT_PARTICIPANTS || 1000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS || 3);
const DAYS = 30;
const TIMES = ['08:00', '10:30', '13:00', '15:30', '18:00', '20:30'];
const ITEMS = 10;
const OWNER = { email: 'owner@bench.test', password: 'owner-bench-password' };
const MANAGER = { email: 'manager@bench.test', password: 'manager-password' };

interface Seeded {
  dataDir: string;
  studyId: string;
  stageId: string;
  groupId: string;
  tasks: number;
}

function env(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER.email, SYSTEM_OWNER_PASSWORD: OWNER.password, PUBLIC_DIR: path.join(dataDir, 'none'), LOG_LEVEL: 'warn' };
}

/** The lab, study and questionnaire through the app; the participants, plan and answers straight into SQLite. */
export async function seed(participants: number): Promise<Seeded> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-exports-'));
  const app = await buildApp(loadConfig(env(dataDir)), { logger: false });
  let studyId: string;
  let stageId: string;
  let groupId: string;
  let questionnaireId: string;
  try {
    const inject = async <T>(method: 'POST' | 'PUT' | 'GET', url: string, token?: string, payload?: object): Promise<T> => {
      const res = await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as T;
    };
    const owner = (await inject<{ token: string }>('POST', '/api/users/systemowner/login', undefined, OWNER)).token;
    await inject('POST', '/api/labs/systemowner/createlab', owner, { labName: 'Export lab', ...MANAGER, organization: 1 });
    const manager = (await inject<{ token: string }>('POST', '/api/users/login', undefined, { ...MANAGER, organization: 1 })).token;
    const study = await inject<{ _id: string; stage_list: { _id: string; participant_group_list: { _id: string }[] }[] }>('POST', '/api/studies', manager, { chin_name: 'Export benchmark' });
    studyId = study._id;
    stageId = study.stage_list[0]._id;
    groupId = study.stage_list[0].participant_group_list[0]._id;
    const created = await inject<{ _id: string; chin_name: string; abbrev: string; createdAt: string }>('POST', '/api/qx_list', manager, { chin_name: 'Momentary mood', abbrev: 'MOOD' });
    questionnaireId = created._id;
    const questions = Array.from({ length: ITEMS }, (_, i) => ({ ...makeQuestion(`q${i}`, `r${i}`), question_num: String(i + 1), html_question: `<p>Question <b>${i + 1}</b></p>`, position: i }));
    await inject('PUT', `/api/qx_list/${questionnaireId}/edit`, manager, { ...created, user: null, chin_content: questions });
  } finally {
    await app.close();
  }

  const sqlite = new SQLite(path.join(dataDir, 'portal.sqlite'));
  applySqlitePragmas(sqlite);
  sqlite.pragma('synchronous = OFF');
  const content = sqlite.prepare('SELECT content FROM questionnaires WHERE id = ?').get(questionnaireId) as { content: string };
  const versionId = `bench-${questionnaireId}`;
  const now = new Date().toISOString();
  const start = Date.parse('2030-01-01T00:00:00+08:00');
  const insert = {
    version: sqlite.prepare('INSERT INTO questionnaire_versions (id, questionnaire_id, chin_name, abbrev, content, mc_sets, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    participant: sqlite.prepare('INSERT INTO participants (id, participant_code, email, password_hash, created_by, created_at) VALUES (?, ?, ?, ?, NULL, ?)'),
    participation: sqlite.prepare(
      "INSERT INTO participations (id, participant_id, study_id, status, current_stage_id, current_group_id, arrive_assigned, assignment_num, assigned_at, joined_at) VALUES (?, ?, ?, 'enrolled', ?, ?, 1, 1, ?, ?)",
    ),
    arrival: sqlite.prepare('INSERT INTO enrolment_times (id, participation_id, assignment_num, stage_id, group_id, start_datetime, plan_seed) VALUES (?, ?, 1, ?, ?, ?, ?)'),
    task: sqlite.prepare(
      "INSERT INTO tasks (id, participation_id, enrolment_time_id, study_id, stage_id, group_id, kind, questionnaire_id, questionnaire_version_id, setting_index, notification_datetime, timezone, reminder, window_closes_at, status, delivered_at, opened_at, completed_at) VALUES (?, ?, ?, ?, ?, ?, 'ema', ?, ?, 0, ?, 'Asia/Hong_Kong', 0, ?, 'completed', ?, ?, ?)",
    ),
    submission: sqlite.prepare(
      'INSERT INTO submissions (id, participant_id, participation_id, client_submission_id, study_id, stage_id, group_id, task_id, questionnaire_id, questionnaire_version_id, started_at, submitted_at, received_at, late, exclusive_task_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)',
    ),
    item: sqlite.prepare('INSERT INTO answer_items (submission_id, question_pos, response_pos, value) VALUES (?, ?, 0, ?)'),
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  let tasks = 0;
  sqlite.transaction(() => {
    insert.version.run(versionId, questionnaireId, 'Momentary mood', 'MOOD', content.content, '[]', now);
    for (let p = 0; p < participants; p += 1) {
      const [participantId, participationId, arrivalId] = newIds(3);
      insert.participant.run(participantId, `X${String(p).padStart(7, '0')}`, `p${p}@bench.test`, 'x', now);
      insert.participation.run(participationId, participantId, studyId, stageId, groupId, now, now);
      insert.arrival.run(arrivalId, participationId, stageId, groupId, iso(start), 'seed');
      const ids = newIds(DAYS * TIMES.length * 2);
      let n = 0;
      for (let d = 0; d < DAYS; d += 1) {
        for (const time of TIMES) {
          const [h, m] = time.split(':').map(Number);
          const at = start + d * 86_400_000 + (h * 60 + m) * 60_000;
          const taskId = ids[n++];
          const submissionId = ids[n++];
          insert.task.run(taskId, participationId, arrivalId, studyId, stageId, groupId, questionnaireId, versionId, iso(at), iso(at + 30 * 60_000), iso(at + 5_000), iso(at + 60_000), iso(at + 180_000));
          insert.submission.run(submissionId, participantId, participationId, submissionId, studyId, stageId, groupId, taskId, questionnaireId, versionId, iso(at + 60_000), iso(at + 180_000), iso(at + 181_000), taskId);
          for (let i = 0; i < ITEMS; i += 1) insert.item.run(submissionId, i, JSON.stringify(`answer ${i + 1} on day ${d + 1}, "quoted" 好`));
          tasks += 1;
        }
      }
    }
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { dataDir, studyId, stageId, groupId, tasks };
}

interface Download {
  name: 'text' | 'xlsx' | 'analysis';
  path: string;
  accept: string;
  body: Record<string, unknown>;
}

function downloads(s: Seeded): Download[] {
  return [
    { name: 'text', path: `/api/data/${s.studyId}/download_text_resp`, accept: ZIP_MEDIA_TYPE, body: { stageId: s.stageId, excludedParticipantsIds: [] } },
    { name: 'xlsx', path: `/api/data/${s.studyId}/download_resp_time`, accept: XLSX_MEDIA_TYPE, body: { stageId: s.stageId } },
    { name: 'analysis', path: `/api/data/${s.studyId}/download_analysis`, accept: ZIP_MEDIA_TYPE, body: { stageId: s.stageId } },
  ];
}

function post(port: number, urlPath: string, body: object, headers: Record<string, string>): Promise<{ status: number; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (res) => {
      let bytes = 0;
      let text = '';
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (text.length < 2000) text += chunk.toString('latin1');
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Peak and current resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { peakMb: number; rssMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Figures {
  ms: number;
  /** CPU time the server spent on the download: on a shared machine, steadier than the time it took. */
  cpuMs: number;
  bytes: number;
  peakMb: number;
  idleMb: number;
}

async function measure(s: Seeded, download: Download): Promise<Figures> {
  const server = await startTsHelper(path.join(__dirname, 'support', 'exportServer.ts'), env(s.dataDir));
  try {
    const login = await post(server.port, '/api/users/login', { ...MANAGER, organization: 1 }, {});
    const token = (JSON.parse(login.text) as { token: string }).token;
    const idleMb = memoryOf(server.pid).rssMb;
    const cpuBefore = cpuMsOf(server.pid);
    const started = process.hrtime.bigint();
    const res = await post(server.port, download.path, download.body, { authorization: `Bearer ${token}`, accept: download.accept });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== 200) throw new Error(`${download.name}: ${res.status} ${res.text.slice(0, 300)}`);
    return { ms, cpuMs: cpuMsOf(server.pid) - cpuBefore, bytes: res.bytes, peakMb: memoryOf(server.pid).peakMb, idleMb };
  } finally {
    await server.stop();
  }
}

/** exceljs alone writing `rows` rows of the response-time sheet's shape (support/xlsxReference.ts). */
function xlsxReference(rows: number): Promise<ReferenceFigures> {
  const args = ['--require', path.join(projectRoot, 'scripts', 'lib', 'register-ts.cjs'), path.join(__dirname, 'support', 'xlsxReference.ts'), String(rows)];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: projectRoot }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as ReferenceFigures);
    });
  });
}

export const exportsBenchmark: Benchmark = {
  name: 'exports',
  title: `Exports: ${PARTICIPANTS.toLocaleString('en-US')} participants × ${DAYS} days × ${TIMES.length} prompts, ${ITEMS}-item answers (and a tenth), streamed downloads`,
  async run() {
    const sizes = [Math.max(1, Math.round(PARTICIPANTS / 10)), PARTICIPANTS];
    const figures: Record<string, Record<string, Figures[]>> = {};
    const taskCounts: Record<string, number> = {};
    const references: ReferenceFigures[] = [];
    for (const size of sizes) {
      const seedStarted = Date.now();
      const seeded = await seed(size);
      console.log(`seeded ${size} participants (${seeded.tasks} tasks, ${seeded.tasks * ITEMS} items) in ${Math.round((Date.now() - seedStarted) / 1000)} s`);
      taskCounts[size] = seeded.tasks;
      figures[size] = {};
      try {
        for (let run = 0; run < RUNS; run += 1) {
          for (const download of downloads(seeded)) {
            const f = await measure(seeded, download);
            (figures[size][download.name] ??= []).push(f);
            console.log(`${size} participants, ${download.name}: ${Math.round(f.ms)} ms (server CPU ${Math.round(f.cpuMs)} ms), ${(f.bytes / 1e6).toFixed(1)} MB, peak ${f.peakMb.toFixed(0)} MB (idle ${f.idleMb.toFixed(0)} MB)`);
            if (download.name === 'xlsx' && size === PARTICIPANTS) {
              const reference = await xlsxReference(seeded.tasks);
              references.push(reference);
              console.log(`exceljs alone, ${reference.rows} rows: ${Math.round(reference.ms)} ms (CPU ${Math.round(reference.cpuMs)} ms), ${(reference.bytes / 1e6).toFixed(1)} MB`);
            }
          }
        }
      } finally {
        fs.rmSync(seeded.dataDir, { recursive: true, force: true });
      }
    }
    const [tenth, full] = sizes;
    const measures: Measure[] = [];
    for (const name of ['text', 'xlsx', 'analysis'] as const) {
      const at = (size: number) => figures[size][name];
      const seconds = median(at(full).map((f) => f.ms)) / 1000;
      const rowsPerSecond = taskCounts[full] / seconds;
      const rowsPerCpuSecond = taskCounts[full] / (median(at(full).map((f) => f.cpuMs)) / 1000);
      const peakFull = median(at(full).map((f) => f.peakMb));
      const peakTenth = median(at(tenth).map((f) => f.peakMb));
      measures.push(
        { name: `${name}: time at full size (median of ${RUNS})`, value: seconds, unit: 's', ...(name === 'text' ? { target: { op: '<=' as const, value: 300 } } : {}) },
        { name: `${name}: rows per second at full size`, value: rowsPerSecond, unit: 'rows/s', ...(name === 'xlsx' ? { target: { op: '>=' as const, value: 50_000 } } : {}) },
        { name: `${name}: rows per second of server CPU time`, value: rowsPerCpuSecond, unit: 'rows/s' },
        { name: `${name}: peak memory at full size`, value: peakFull, unit: 'MB' },
        { name: `${name}: peak memory at a tenth`, value: peakTenth, unit: 'MB' },
        { name: `${name}: peak memory full / tenth`, value: peakFull / peakTenth, unit: '', target: { op: '<=', value: 1.2 } },
      );
    }
    const xlsxRowsPerSecond = taskCounts[full] / (median(figures[full].xlsx.map((f) => f.ms)) / 1000);
    const referenceRowsPerSecond = taskCounts[full] / (median(references.map((r) => r.ms)) / 1000);
    measures.push(
      { name: 'xlsx: exceljs alone, same rows and options, rows per second', value: referenceRowsPerSecond, unit: 'rows/s' },
      { name: 'xlsx: exceljs alone, rows per second of CPU time', value: taskCounts[full] / (median(references.map((r) => r.cpuMs)) / 1000), unit: 'rows/s' },
      { name: 'xlsx: rows per second / exceljs alone', value: xlsxRowsPerSecond / referenceRowsPerSecond, unit: '' },
    );
    return { measures, details: { sizes, taskCounts, figures, references } };
  },
};
