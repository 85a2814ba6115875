// The calls issue 34 added for staff (allocate, the allocation list, the standing allocation rule, the score per
// day of Study Progress) and the questionnaire edit that now carries scores refuse a credential that no longer
// holds, on both databases: a token whose time is over (401), a session signed out (401), and a participant's
// token (401); the same calls answer with a fresh session of the same user, so the refusal is the credential's.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { send } from '../support/api';
import { appLogin, createParticipant, createStudy } from '../support/participants';
import type { TokenClaims } from '../../../src/server/services/identity/tokens';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(60_000);

function claimsOf(token: string): TokenClaims {
  const p = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; jti: string; kind: TokenClaims['kind']; org: number | null };
  return { sessionId: p.jti, accountId: p.sub, kind: p.kind, organization: p.org };
}

describe.each(databases)('issue 34 staff calls with a credential that no longer holds (%s)', (database) => {
  let t: TestApp;
  let email: string;
  let password: string;
  let study: Study;
  let questionnaireId: string;
  let participantToken: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    const lab = await seedLab(t.app, await ownerToken(t.app));
    email = lab.managerEmail;
    password = lab.managerPassword;
    const manager = await labUserToken(t.app, email, password);
    study = await createStudy(t.app, manager, { stages: 2, active: true });
    const created = await send(t.app, { method: 'POST', url: '/api/qx_list', token: manager, payload: { chin_name: 'Wellbeing', abbrev: 'WB' } });
    questionnaireId = (JSON.parse(created.body) as { _id: string })._id;
    const participant = await createParticipant(t.app, manager, study._id);
    participantToken = (await appLogin(t.app, participant.email)).token;
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const calls = (): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }[] => [
    { method: 'POST', url: `/api/participants/${study._id}/allocate`, payload: { participantIds: [], stageId: study.stage_list[1]._id, groupIds: [], blockSize: 2 } },
    { method: 'GET', url: `/api/participants/${study._id}/allocations` },
    { method: 'GET', url: `/api/participants/${study._id}/allocation_rule` },
    { method: 'PUT', url: `/api/participants/${study._id}/allocation_rule`, payload: { stageId: study.stage_list[1]._id, groupIds: [], blockSize: 2 } },
    { method: 'DELETE', url: `/api/participants/${study._id}/allocation_rule` },
    { method: 'PUT', url: `/api/qx_list/${questionnaireId}/edit`, payload: { chin_content: [], scores: [], shuffle_runs: [] } },
    {
      method: 'POST',
      url: `/api/participants/${study._id}/progress/scores`,
      payload: { stageId: study.stage_list[0]._id, groupId: study.stage_list[0].participant_group_list[0]._id },
    },
  ];
  const statuses = async (token: string): Promise<[string, number][]> => {
    const answers: [string, number][] = [];
    for (const c of calls()) {
      const res: LightMyRequestResponse = await send(t.app, { ...c, token });
      answers.push([`${c.method} ${c.url}`, res.statusCode]);
    }
    return answers;
  };
  const all = (status: number) => calls().map((c): [string, number] => [`${c.method} ${c.url}`, status]);

  it('refuses an expired token, a signed-out session and a participant token; a fresh session is let in', async () => {
    const session = await labUserToken(t.app, email, password);
    const expired = await t.app.ctx.tokens.sign(claimsOf(session), new Date(Date.now() - 1000));
    expect(await statuses(expired)).toEqual(all(401));
    expect(await statuses(participantToken)).toEqual(all(401));

    const signedOut = await labUserToken(t.app, email, password);
    expect((await send(t.app, { method: 'POST', url: '/api/users/logout', token: signedOut })).statusCode).toBe(200);
    expect(await statuses(signedOut)).toEqual(all(401));

    // The same user's live session passes the credential check: none of these answers is 401 (a bad body is 400).
    const fresh = await labUserToken(t.app, email, password);
    for (const [call, status] of await statuses(fresh)) expect([call, status === 401]).toEqual([call, false]);
  });
});
