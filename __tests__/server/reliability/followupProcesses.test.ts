// A follow-up prompt is planned exactly once across server processes (issue 34 part 1): two real server processes
// on one PostgreSQL database receive the same triggering answer (same submission id) at the same moment, round
// after round as an app's retries would, and different triggering answers at once against the rule's max_per_day.
// Each answer is stored once, each triggering submission has one follow-up (its prompt and reminders) and a day
// never more than max_per_day. Needs TEST_DATABASE_URL (skipped without it); the test works in a database of its own.
import { postgresUrl, ProcessScratch } from '../support/ownDatabases';
import { openDatabase } from '../../../src/server/db/database';
import { setGroupSettings } from '../support/participants';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, request, seedStudyOverHttp, startServerProcess, type JsonAnswer, type ServerProcess } from '../support/serverProcess';
import type { AppSession, ResponseAnswer } from '../../../src/shared/types/participantApp';
import type { StoredFollowupRule } from '../../../src/server/services/studies/followupLists';

jest.setTimeout(240_000);

/** Participants sending one answer to both processes, round after round. */
const RETRYING = 3;
const ROUNDS = 5;
/** Participants sending more different triggering answers at once than the rule allows a day. */
const CROWDED = 6;
const TRIGGERS_EACH = 8;
const MAX_PER_DAY = 2;
/** A follow-up: its prompt and the reminders 5 and 10 minutes later within its 15-minute window. */
const ROWS_PER_FOLLOWUP = 3;

(postgresUrl ? describe : describe.skip)('two server processes on one PostgreSQL planning follow-ups', () => {
  const scratch = new ProcessScratch('followups');
  let databaseUrl: string;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureServerBuild();
    databaseUrl = await scratch.database();
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await scratch.remove();
  });

  it('plans one follow-up per triggering submission and at most max_per_day, each answer stored once', async () => {
    const env = () => ({
      DATA_DIR: scratch.dataDir(),
      DATABASE_URL: databaseUrl,
      SYSTEM_OWNER_EMAIL: OWNER_EMAIL,
      SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD,
      // Both processes sign tokens with one secret, as a deployment behind a load balancer would.
      SESSION_SECRET: 'a-shared-session-secret-of-32-characters!',
    });
    servers = await Promise.all([startServerProcess(env()), startServerProcess(env())]);
    const seeded = await seedStudyOverHttp(servers[0]);
    const { db } = openDatabase({ url: databaseUrl, sqliteFile: '' });
    // An answer "bad" to the check-in's text question prompts the check-in again a minute later.
    const rule: StoredFollowupRule = {
      trigger_questionnaire: seeded.questionnaireId,
      when: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'is', criterion_value: 'bad' }] }],
      score_when: [],
      questionnaire_list: [seeded.questionnaireId],
      after_minutes: 1,
      response_in: 15,
      reminder_interval: 5,
      max_per_day: MAX_PER_DAY,
    };
    await setGroupSettings(db, seeded.groupId, { anytime: [seeded.questionnaireId], followups: [rule] });

    const join = async (name: string, i: number): Promise<string> => {
      const server = servers[i % 2];
      const session = await request<AppSession>(server, 'POST', '/api/app/signup', undefined, { email: `${name}-${i}@process.test`, password: 'participant-pass-1' });
      expect((await request(server, 'POST', '/api/app/studies/join', session.body.token, { studyCode: seeded.studyCode })).status).toBe(201);
      // The first tasks call records the arrival and plans the anytime questionnaire that answers go to.
      expect((await request(server, 'GET', `/api/app/studies/${seeded.studyId}/tasks`, session.body.token)).status).toBe(200);
      return session.body.token;
    };
    const retrying = await Promise.all(Array.from({ length: RETRYING }, (_, i) => join('retry', i)));
    const crowded = await Promise.all(Array.from({ length: CROWDED }, (_, i) => join('crowd', i)));

    // One moment for every answer, so every follow-up falls on one day of the rule.
    const at = new Date().toISOString();
    const answer = (server: ServerProcess, token: string, submissionId: string, value: string): Promise<JsonAnswer<ResponseAnswer>> =>
      request<ResponseAnswer>(server, 'POST', `/api/app/studies/${seeded.studyId}/responses`, token, {
        submissionId,
        taskId: null,
        questionnaireId: seeded.questionnaireId,
        startedAt: at,
        submittedAt: at,
        answers: [{ question_pos: 0, response_pos: 0, value }],
      });
    const toBoth = (token: string, submissionId: string, value: string) => Promise.all(servers.map((server) => answer(server, token, submissionId, value)));

    const [retried, crowdedAnswers] = await Promise.all([
      // Each round sends the same answer to both processes at once; the next round is the app's retry.
      Promise.all(
        retrying.map(async (token) => {
          const rounds: JsonAnswer<ResponseAnswer>[][] = [];
          for (let round = 0; round < ROUNDS; round += 1) rounds.push(await toBoth(token, 'same-trigger', 'bad'));
          return rounds.flat();
        }),
      ),
      // Different triggering answers at once, each also to both processes, and one answer that triggers nothing.
      Promise.all(crowded.map((token) => Promise.all([...Array.from({ length: TRIGGERS_EACH }, (_, k) => toBoth(token, `trigger-${k}`, 'bad')), toBoth(token, 'calm', 'fine')]))),
    ]);

    try {
      // A refused call (a deadlock between the processes' transactions, say) fails with what the servers logged.
      const failed = [...retried.flat(), ...crowdedAnswers.flat(2)].filter((c) => c.status >= 500);
      if (failed.length > 0) throw new Error(`${failed.length} calls answered ${failed[0].status}:\n${servers.map((s) => s.logs().slice(-4000)).join('\n')}`);
      for (const calls of retried) {
        // The first stored it (201); every other call, on either process, answered the stored submission (200).
        expect(calls.map((c) => c.status).sort()).toEqual([...Array(ROUNDS * 2 - 1).fill(200), 201]);
        expect(new Set(calls.map((c) => c.body._id)).size).toBe(1);
      }
      for (const perParticipant of crowdedAnswers) {
        for (const pair of perParticipant) {
          expect(pair.map((c) => c.status).sort()).toEqual([200, 201]);
          expect(pair[0].body._id).toBe(pair[1].body._id);
        }
      }

      // Every answer stored once, with its one item.
      const stored = await db
        .selectFrom('submissions as s')
        .innerJoin('participants as p', 'p.id', 's.participant_id')
        .leftJoin('answer_items as i', 'i.submission_id', 's.id')
        .select(['p.email', 's.client_submission_id', 's.id'])
        .select((eb) => eb.fn.count<string>('i.submission_id').as('items'))
        .where('s.study_id', '=', seeded.studyId)
        .groupBy(['p.email', 's.client_submission_id', 's.id'])
        .execute();
      const submissionsOf = (email: string) => stored.filter((s) => s.email === email);
      retrying.forEach((_, i) => {
        expect(submissionsOf(`retry-${i}@process.test`).map((s) => [s.client_submission_id, Number(s.items)])).toEqual([['same-trigger', 1]]);
      });
      crowded.forEach((_, i) => {
        const ids = submissionsOf(`crowd-${i}@process.test`).map((s) => [s.client_submission_id, Number(s.items)]);
        expect(ids.sort()).toEqual([...Array.from({ length: TRIGGERS_EACH }, (_, k) => [`trigger-${k}`, 1]), ['calm', 1]].sort());
      });

      // The follow-up tasks by triggering submission: a whole follow-up or none, never two.
      const followups = await db
        .selectFrom('tasks')
        .select(['trigger_submission_id'])
        .select((eb) => eb.fn.countAll<string>().as('rows'))
        .select((eb) => eb.fn.count<string>('prompt_task_id').as('reminders'))
        .where('study_id', '=', seeded.studyId)
        .where('trigger_submission_id', 'is not', null)
        .groupBy('trigger_submission_id')
        .execute();
      const byTrigger = new Map(followups.map((f) => [f.trigger_submission_id, [Number(f.rows), Number(f.reminders)]]));
      const whole = [ROWS_PER_FOLLOWUP, ROWS_PER_FOLLOWUP - 1];
      retrying.forEach((_, i) => {
        const [submission] = submissionsOf(`retry-${i}@process.test`);
        expect(byTrigger.get(submission.id)).toEqual(whole);
      });
      crowded.forEach((_, i) => {
        const mine = submissionsOf(`crowd-${i}@process.test`);
        const planned = mine.filter((s) => byTrigger.has(s.id));
        expect(planned).toHaveLength(MAX_PER_DAY);
        expect(planned.every((s) => s.client_submission_id.startsWith('trigger-'))).toBe(true);
        for (const s of planned) expect(byTrigger.get(s.id)).toEqual(whole);
      });
      expect(byTrigger.size).toBe(RETRYING + CROWDED * MAX_PER_DAY);
    } finally {
      await db.destroy();
    }
  });
});
