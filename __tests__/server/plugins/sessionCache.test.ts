// Staff sessions remembered between calls (plugins/sessionCache.ts): a remembered session is used only while
// nothing has been written, it is live and young; and through the app, every change to a session or its account
// takes effect at the very next call, as when each call read its row.
import { createSessionCache } from '../../../src/server/plugins/sessionCache';
import { endSession } from '../../../src/server/repositories/sessions';
import { authMessages } from '../../../src/shared/messages';
import { createTestApp, databases, ownerToken, seedLab, labUserToken, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

const NOW_MS = Date.parse('2030-01-01T00:00:00.000Z');
const LATER = '2030-01-01T12:00:00.000Z';

describe('the session cache', () => {
  function cache() {
    const writes = { count: 0 };
    return { writes, sessions: createSessionCache<string>(() => writes.count)! };
  }

  it('is not made without a write count (PostgreSQL)', () => {
    expect(createSessionCache<string>(null)).toBeNull();
  });

  it('answers a remembered session until anything is written', () => {
    const { writes, sessions } = cache();
    expect(sessions.get('s1', NOW_MS)).toBeUndefined();
    sessions.remember('s1', 'first', LATER, sessions.mark(), NOW_MS);
    sessions.remember('s2', 'second', LATER, sessions.mark(), NOW_MS);
    expect(sessions.get('s1', NOW_MS + 10)).toBe('first');
    writes.count++;
    expect(sessions.get('s1', NOW_MS + 10)).toBeUndefined();
    expect(sessions.get('s2', NOW_MS + 10)).toBeUndefined();
  });

  it('does not keep a read made while something was written', () => {
    const { writes, sessions } = cache();
    const mark = sessions.mark();
    writes.count++;
    sessions.remember('s1', 'read before the write', LATER, mark, NOW_MS);
    expect(sessions.get('s1', NOW_MS)).toBeUndefined();
  });

  it('forgets a session when it expires and after a second', () => {
    const { sessions } = cache();
    sessions.remember('s1', 'expiring', '2030-01-01T00:00:00.500Z', sessions.mark(), NOW_MS);
    expect(sessions.get('s1', NOW_MS + 499)).toBe('expiring');
    expect(sessions.get('s1', NOW_MS + 500)).toBeUndefined();
    sessions.remember('s2', 'old', LATER, sessions.mark(), NOW_MS);
    expect(sessions.get('s2', NOW_MS + 999)).toBe('old');
    expect(sessions.get('s2', NOW_MS + 1000)).toBeUndefined();
  });
});

describe.each(databases)('remembered sessions in the app (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let lab: SeededLab;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner, 1);
  });
  afterAll(async () => t.close());

  function sessionIdOf(token: string): string {
    return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string }).jti;
  }

  const getUsers = (token: string) => send(t.app, { method: 'GET', url: '/api/users/lm/getUsers', token });

  it('are kept on SQLite only', async () => {
    const token = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    expect((await getUsers(token)).statusCode).toBe(200);
    const remembered = t.app.ctx.sessions?.get(sessionIdOf(token), Date.now());
    if (database === 'sqlite') expect(remembered).toMatchObject({ kind: 'lab_user', user: { email: lab.managerEmail } });
    else expect(t.app.ctx.sessions).toBeNull();
  });

  it('follow a change of role, an ended session and a deleted account at the next call', async () => {
    const managerId = await send(t.app, { method: 'GET', url: `/api/labs/systemowner/${lab.labId}`, token: owner }).then(
      (res) => (JSON.parse(res.body) as { users: { _id: string; email: string }[] }).users.find((u) => u.email === lab.managerEmail)!._id,
    );
    const token = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const other = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const setRole = (isLabManager: boolean) =>
      send(t.app, { method: 'PUT', url: `/api/users/systemowner/users/${managerId}`, token: owner, payload: { email: lab.managerEmail, isLabManager } });

    expect((await getUsers(token)).statusCode).toBe(200);
    expect((await setRole(false)).statusCode).toBe(200);
    const demoted = await getUsers(token);
    expect(demoted.statusCode).toBe(403);
    expect(messageOf(demoted)).toBe(authMessages.labManagerOnly);
    expect((await setRole(true)).statusCode).toBe(200);
    expect((await getUsers(token)).statusCode).toBe(200);

    // Ended by any code that writes, not only by the logout route.
    expect((await getUsers(other)).statusCode).toBe(200);
    await endSession(t.app.ctx.db, sessionIdOf(other), new Date().toISOString());
    const ended = await getUsers(other);
    expect(ended.statusCode).toBe(401);
    expect(messageOf(ended)).toBe(authMessages.sessionExpired);

    expect((await getUsers(token)).statusCode).toBe(200);
    expect((await send(t.app, { method: 'DELETE', url: `/api/users/systemowner/users/${managerId}`, token: owner })).statusCode).toBe(200);
    expect((await getUsers(token)).statusCode).toBe(401);
  });
});
