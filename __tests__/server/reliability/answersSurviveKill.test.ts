// Nothing acknowledged is lost, nothing is stored twice: 50 participants submit answers to the real server
// process and retry each until they get an answer, while the server is killed with SIGKILL and started again
// on the same data. Every answer that got a 2xx is stored exactly once, with its items; no answer twice. A third
// of the answers are sent with an EMA reminder's task id (stored under its prompt): a retry of one whose reply
// the kill cut answers as the first try did, 200 with the same _id, never 409 or 422.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import { setGroupSettings } from '../support/participants';
import {
  ensureServerBuild,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  request,
  seedStudyOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../support/serverProcess';
import type { AppSession, AppTasksAnswer, ResponseBody } from '../../../src/shared/types/participantApp';
import { newEmaSetting } from '../../../src/shared/study/assessmentSettings';

jest.setTimeout(240_000);

const CLIENTS = 50;
const ANSWERS_EACH = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('answers and a killed server (SQLite, synchronous=FULL)', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(() => {
    ensureServerBuild();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-kill-'));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens SQLite with synchronous=FULL: a commit is on disk before it returns', async () => {
    const { db } = openDatabase({ url: null, sqliteFile: path.join(dataDir, 'pragma.sqlite') });
    try {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(rows[0].synchronous).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it('every acknowledged answer is stored once, and none twice', async () => {
    const env = { DATA_DIR: dataDir, SYSTEM_OWNER_EMAIL: OWNER_EMAIL, SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD };
    server = await startServerProcess(env);
    const port = server.port;
    const seeded = await seedStudyOverHttp(server);
    // Group settings are written straight to the database file, as the test helper does everywhere.
    const { db } = openDatabase({ url: null, sqliteFile: path.join(dataDir, 'portal.sqlite') });
    const item = { _id: seeded.questionnaireId, chin_name: '', abbrev: '' };
    await setGroupSettings(db, seeded.groupId, {
      anytime: [seeded.questionnaireId],
      ema: [{ ...newEmaSetting(), questionnaire_list: [item], time_list: ['00:00', '06:00', '12:00', '18:00'], number_of_days: 3 }],
    });
    await db.destroy();

    const clients: { token: string; taskId: string; reminderIds: string[] }[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const session = await request<AppSession>(server, 'POST', '/api/app/signup', undefined, { email: `kill-${i}@process.test`, password: 'participant-pass-1' });
      const token = session.body.token;
      await request(server, 'POST', '/api/app/studies/join', token, { studyCode: seeded.studyCode });
      const tasks = await request<AppTasksAnswer>(server, 'GET', `/api/app/studies/${seeded.studyId}/tasks`, token);
      // One reminder of each prompt: a prompt takes one answer.
      const reminderIds = [...new Map(tasks.body.ema.filter((e) => e.reminder).map((e) => [e.prompt_id, e._id])).values()];
      expect(reminderIds.length).toBeGreaterThanOrEqual(ANSWERS_EACH / 3);
      clients.push({ token, taskId: tasks.body.anytime[0]._id, reminderIds });
    }

    /** submissionId → the _id its first 2xx named. */
    const acknowledged = new Map<string, string>();
    /** What each reminder's answer sent, to send again once the server has stopped being killed. */
    const sentWithReminder = new Map<string, ResponseBody>();
    const statuses = new Map<number, number>();
    let failures = 0;
    const submitAll = async (client: (typeof clients)[number], c: number) => {
      for (let i = 0; i < ANSWERS_EACH; i += 1) {
        const submissionId = `client-${c}-answer-${i}`;
        const now = new Date().toISOString();
        const taskId = i % 3 === 2 ? client.reminderIds[(i - 2) / 3] : client.taskId;
        const body: ResponseBody = { submissionId, taskId, questionnaireId: seeded.questionnaireId, startedAt: now, submittedAt: now, answers: [{ question_pos: 0, response_pos: 0, value: `answer ${c}/${i}` }] };
        if (taskId !== client.taskId) sentWithReminder.set(submissionId, body);
        // Retry until an answer comes back, as the app does.
        for (;;) {
          try {
            const res = await request<{ _id: string }>({ url: (p) => `http://127.0.0.1:${port}${p}` }, 'POST', `/api/app/studies/${seeded.studyId}/responses`, client.token, body);
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 200 || res.status === 201) {
              const known = acknowledged.get(submissionId);
              if (known !== undefined) expect(res.body._id).toBe(known);
              acknowledged.set(submissionId, res.body._id);
              break;
            }
            if (res.status !== 503) throw new Error(`unexpected ${res.status} ${JSON.stringify(res.body)}`);
          } catch (error) {
            if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
            failures += 1;
          }
          await sleep(20);
        }
      }
    };

    const running = Promise.all(clients.map((client, c) => submitAll(client, c)));
    // Kill the server twice while the answers are coming in, starting it again on the same data and port.
    for (let round = 0; round < 2; round += 1) {
      while (acknowledged.size < (round + 1) * (CLIENTS * ANSWERS_EACH) * 0.3) await sleep(5);
      await server.kill();
      await sleep(300);
      server = await startServerProcess(env, port);
    }
    await running;

    expect(failures).toBeGreaterThan(0);
    expect(acknowledged.size).toBe(CLIENTS * ANSWERS_EACH);
    // Every answer sent with a reminder's id, sent again after the kills: the first _id, as a retry.
    for (const [submissionId, body] of sentWithReminder) {
      const c = Number(submissionId.split('-')[1]);
      const again = await request<{ _id: string }>(server, 'POST', `/api/app/studies/${seeded.studyId}/responses`, clients[c].token, body);
      expect([submissionId, again.status, again.body._id]).toEqual([submissionId, 200, acknowledged.get(submissionId)]);
    }
    await server.stop();

    const reopened = openDatabase({ url: null, sqliteFile: path.join(dataDir, 'portal.sqlite') });
    try {
      const rows = await reopened.db.selectFrom('submissions').select(['id', 'client_submission_id']).execute();
      const byClientId = new Map<string, string[]>();
      for (const r of rows) byClientId.set(r.client_submission_id, [...(byClientId.get(r.client_submission_id) ?? []), r.id]);
      // Nothing twice.
      expect([...byClientId.values()].filter((ids) => ids.length > 1)).toEqual([]);
      expect(rows).toHaveLength(CLIENTS * ANSWERS_EACH);
      // Every acknowledged answer stored, under the id that was acknowledged, with its item.
      for (const [submissionId, id] of acknowledged) expect([submissionId, byClientId.get(submissionId)]).toEqual([submissionId, [id]]);
      const items = await reopened.db.selectFrom('answer_items').select('submission_id').execute();
      expect(items).toHaveLength(CLIENTS * ANSWERS_EACH);
    } finally {
      await reopened.db.destroy();
    }
  });
});
