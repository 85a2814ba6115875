// Several server processes started at the same moment on an empty PostgreSQL database all come up: the
// migrations, the system owner, the session secret and the VAPID key pair are each made once, whichever process
// gets there first.
// Needs TEST_DATABASE_URL (skipped without it); each case works in a database of its own.
import { postgresUrl, ProcessScratch, query } from '../support/ownDatabases';
import { ensureServerBuild, OWNER_EMAIL, OWNER_PASSWORD, request, startServerProcess, type ServerProcess } from '../support/serverProcess';

jest.setTimeout(240_000);

(postgresUrl ? describe : describe.skip)('server processes starting together on an empty PostgreSQL database', () => {
  const scratch = new ProcessScratch('first_start');
  let servers: ServerProcess[] = [];

  beforeAll(() => ensureServerBuild(), 180_000);

  afterEach(async () => {
    for (const s of servers) await s.stop();
    servers = [];
  });

  afterAll(() => scratch.remove());

  /** Starts `count` processes at once; every one must come up (a process that exits fails here with its output). */
  async function startTogether(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
    const started = await Promise.allSettled(
      Array.from({ length: count }, () => startServerProcess({ DATA_DIR: scratch.dataDir(), ...env })),
    );
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
    return servers;
  }

  it.each([2, 4])('%i processes with the owner password set all come up, and the owner can sign in on each', async (count) => {
    const databaseUrl = await scratch.database();
    const started = await startTogether(count, {
      DATABASE_URL: databaseUrl,
      SYSTEM_OWNER_EMAIL: OWNER_EMAIL,
      SYSTEM_OWNER_PASSWORD: OWNER_PASSWORD,
    });
    for (const server of started) {
      expect((await request(server, 'GET', '/api/config')).status).toBe(200);
      const login = await request(server, 'POST', '/api/users/systemowner/login', undefined, { email: OWNER_EMAIL, password: OWNER_PASSWORD });
      expect(login.status).toBe(200);
    }
    expect(await query(databaseUrl, 'SELECT email FROM system_owners')).toEqual([{ email: OWNER_EMAIL }]);
    expect(await query(databaseUrl, "SELECT count(*)::int AS n FROM settings WHERE key = 'session_secret'")).toEqual([{ n: 1 }]);
    // Every process pushes with the one stored VAPID pair: a participant subscribed through one is pushed by any.
    const stored = await query<{ value: string }>(databaseUrl, "SELECT value FROM settings WHERE key = 'vapid_keys'");
    expect(stored).toHaveLength(1);
    const signup = await request<{ token: string }>(started[0], 'POST', '/api/app/signup', undefined, { email: 'first-start@lab.org', password: 'participant-pass-1' });
    expect(signup.status).toBe(201);
    for (const server of started) {
      const key = await request<{ publicKey: string }>(server, 'GET', '/api/app/push/key', signup.body.token);
      expect(key.body.publicKey).toBe((JSON.parse(stored[0].value) as { publicKey: string }).publicKey);
    }
  });

  it('4 processes with a generated owner password: one creates the owner and prints its password, and it signs in on every process', async () => {
    const databaseUrl = await scratch.database();
    const started = await startTogether(4, { DATABASE_URL: databaseUrl, SYSTEM_OWNER_EMAIL: OWNER_EMAIL });
    const printed = started.flatMap((s) => [...s.logs().matchAll(/Password \(shown only now\): (\S+)/g)].map((m) => m[1]));
    expect(printed).toHaveLength(1);
    expect(await query(databaseUrl, 'SELECT email FROM system_owners')).toEqual([{ email: OWNER_EMAIL }]);
    for (const server of started) {
      expect((await request(server, 'GET', '/api/config')).status).toBe(200);
      const login = await request(server, 'POST', '/api/users/systemowner/login', undefined, { email: OWNER_EMAIL, password: printed[0] });
      expect(login.status).toBe(200);
    }
  });
});
