// The sign-in limit holds across server processes: two real server processes on one PostgreSQL database receive
// wrong passwords for one account at the same moment, and no more than the limit of them are checked (401); the
// rest answer 429. Needs TEST_DATABASE_URL (skipped without it); the test works in a database of its own.
import { authMessages } from '../../../src/shared/messages';
import { postgresUrl, ProcessScratch } from '../support/ownDatabases';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, request, startServerProcess, type ServerProcess } from '../support/serverProcess';

jest.setTimeout(240_000);

/** LOGIN_MAX_ATTEMPTS_PER_ACCOUNT's default. */
const LIMIT = 10;

(postgresUrl ? describe : describe.skip)('wrong passwords for one account sent to two server processes at once', () => {
  const scratch = new ProcessScratch('signin_race');
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureServerBuild();
    const databaseUrl = await scratch.database();
    const env = () => ({
      DATA_DIR: scratch.dataDir(),
      DATABASE_URL: databaseUrl,
      SYSTEM_OWNER_EMAIL: OWNER_EMAIL,
      SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD,
      // Every attempt comes from 127.0.0.1: only the account's limit is under test.
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '10000',
    });
    servers = [await startServerProcess(env())];
    servers.push(await startServerProcess(env()));
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await scratch.remove();
  });

  /** `count` calls at once, alternating between the processes; answers the statuses, sorted, and the 429s' messages. */
  async function atOnce(count: number, pathname: string, body: Record<string, unknown>) {
    const answers = await Promise.all(Array.from({ length: count }, (_, i) => request<{ message: string }>(servers[i % 2], 'POST', pathname, undefined, body)));
    return {
      statuses: answers.map((a) => a.status).sort(),
      limitedMessages: new Set(answers.filter((a) => a.status === 429).map((a) => a.body.message)),
    };
  }

  const expected = (count: number) => [...Array<number>(LIMIT).fill(401), ...Array<number>(count - LIMIT).fill(429)];

  it('20 for the system owner: the limit answer 401, the rest 429, and then the right password too', async () => {
    const { statuses, limitedMessages } = await atOnce(20, '/api/users/systemowner/login', { email: OWNER_EMAIL, password: 'wrong-password' });
    expect(statuses).toEqual(expected(20));
    expect(limitedMessages).toEqual(new Set([authMessages.tooManyAttempts]));
    expect((await request(servers[1], 'POST', '/api/users/systemowner/login', undefined, { email: OWNER_EMAIL, password: OWNER_PASSWORD })).status).toBe(429);
  });

  it('100 for a participant: the limit answer 401, the rest 429, and then the right password too', async () => {
    const email = 'burst@process.test';
    expect((await request(servers[0], 'POST', '/api/app/signup', undefined, { email, password: 'participant-pass-1' })).status).toBe(201);
    const { statuses, limitedMessages } = await atOnce(100, '/api/app/login', { email, password: 'wrong-password' });
    expect(statuses).toEqual(expected(100));
    expect(limitedMessages).toEqual(new Set([authMessages.tooManyAttempts]));
    expect((await request(servers[0], 'POST', '/api/app/login', undefined, { email, password: 'participant-pass-1' })).status).toBe(429);
  });
});
