// The plan is made once across server processes: two real server processes on one PostgreSQL database receive
// the same participants' first tasks calls at the same moment, and each participant gets one arrival and one
// plan. Needs TEST_DATABASE_URL (skipped without it); the test works in a database of its own.
import { postgresUrl, ProcessScratch } from '../support/ownDatabases';
import { openDatabase } from '../../../src/server/db/database';
import { newEmaSetting } from '../../../src/shared/study/assessmentSettings';
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
import type { AppSession, AppTasksAnswer } from '../../../src/shared/types/participantApp';

jest.setTimeout(240_000);

const PARTICIPANTS = 12;
const CALLS_EACH = 4;

(postgresUrl ? describe : describe.skip)('two server processes on one PostgreSQL racing on arrivals', () => {
  const scratch = new ProcessScratch('race');
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

  it('each participant gets one arrival and one plan, whichever process answers', async () => {
    const env = () => ({
      DATA_DIR: scratch.dataDir(),
      DATABASE_URL: databaseUrl,
      SYSTEM_OWNER_EMAIL: OWNER_EMAIL,
      SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD,
      // Both processes sign tokens with one secret, as a deployment behind a load balancer would.
      SESSION_SECRET: 'a-shared-session-secret-of-32-characters!',
    });
    servers = [await startServerProcess(env())];
    servers.push(await startServerProcess(env()));
    const seeded = await seedStudyOverHttp(servers[0]);
    const { db } = openDatabase({ url: databaseUrl, sqliteFile: '' });
    await setGroupSettings(db, seeded.groupId, {
      ema: [{ ...newEmaSetting(), questionnaire_list: [{ _id: seeded.questionnaireId, chin_name: '', abbrev: '' }], time_list: ['00:00', '06:00', '12:00', '18:00'], number_of_days: 30 }],
      anytime: [seeded.questionnaireId],
    });

    const tokens: string[] = [];
    for (let i = 0; i < PARTICIPANTS; i += 1) {
      const session = await request<AppSession>(servers[i % 2], 'POST', '/api/app/signup', undefined, { email: `race-${i}@process.test`, password: 'participant-pass-1' });
      await request(servers[i % 2], 'POST', '/api/app/studies/join', session.body.token, { studyCode: seeded.studyCode });
      tokens.push(session.body.token);
    }

    // Every participant's first tasks calls go to both processes at once.
    const answers = await Promise.all(
      tokens.map((token) =>
        Promise.all(Array.from({ length: CALLS_EACH * 2 }, (_, k) => request<AppTasksAnswer>(servers[k % 2], 'GET', `/api/app/studies/${seeded.studyId}/tasks`, token))),
      ),
    );

    try {
      for (const perParticipant of answers) {
        expect(perParticipant.map((a) => a.status)).toEqual(Array(CALLS_EACH * 2).fill(200));
        const plans = new Set(perParticipant.map((a) => a.body.ema.map((e) => e._id).join()));
        expect(plans.size).toBe(1);
        expect(perParticipant[0].body.ema.length).toBeGreaterThan(100);
      }
      const arrivals = await db
        .selectFrom('enrolment_times')
        .select(['participation_id'])
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .groupBy('participation_id')
        .execute();
      expect(arrivals).toHaveLength(PARTICIPANTS);
      expect(arrivals.map((a) => Number(a.n))).toEqual(Array(PARTICIPANTS).fill(1));
      // The stored plan of each participant is exactly the plan every call answered.
      const stored = await db
        .selectFrom('tasks as t')
        .innerJoin('participations as pa', 'pa.id', 't.participation_id')
        .innerJoin('participants as p', 'p.id', 'pa.participant_id')
        .select('p.email')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .groupBy('p.email')
        .execute();
      const byEmail = new Map(stored.map((r) => [r.email, Number(r.n)]));
      answers.forEach((perParticipant, i) => {
        const answered = perParticipant[0].body.ema.length + perParticipant[0].body.anytime.length;
        expect([i, byEmail.get(`race-${i}@process.test`)]).toEqual([i, answered]);
      });
    } finally {
      await db.destroy();
    }
  });
});
