// The system owner requires a second factor (issue 36 part 1): for a lab's users and for owners. An account
// required to have one and without one signs in to a session that reaches only the calls adding it; once added,
// the same session serves everything, the next sign-in asks for the code, and the factor cannot be removed.
import { generate } from 'otplib';
import { createTestApp, databases, call, json, ownerToken, seedLab, labUserToken, OWNER_EMAIL, OWNER_PASSWORD, type TestApp } from '../support/testApp';
import { messageOf, registerUser } from '../support/api';
import { appSignup } from '../support/participants';
import { authMessages, participantMessages, secondFactorMessages } from '../../../src/shared/messages';
import type { LabUserSession, SystemOwnerSession } from '../../../src/shared/types/identity';
import type { RecoveryCodes, SecondFactorChallenge, SecondFactorStatus, TotpEnrolment } from '../../../src/shared/types/secondFactor';

jest.setTimeout(60_000);

describe.each(databases)('requiring a second factor (%s)', (database) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
  });
  afterAll(async () => t.close());

  const labRequirement = (labId: string, token: string | undefined, required?: unknown) =>
    call(t.app, {
      method: required === undefined ? 'GET' : 'PUT',
      url: `/api/labs/systemowner/${labId}/second_factor`,
      token,
      ...(required === undefined ? {} : { payload: { required } }),
    });
  const ownersRequirement = (token: string | undefined, required?: unknown) =>
    call(t.app, {
      method: required === undefined ? 'GET' : 'PUT',
      url: '/api/users/systemowner/second_factor_requirement',
      token,
      ...(required === undefined ? {} : { payload: { required } }),
    });

  async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const started = await call(t.app, { method: 'POST', url: '/api/users/me/totp', token });
    expect(started.statusCode).toBe(200);
    const { secret } = json<TotpEnrolment>(started);
    const confirmed = await call(t.app, { method: 'POST', url: '/api/users/me/totp/confirm', token, payload: { code: await generate({ secret }) } });
    expect(confirmed.statusCode).toBe(200);
    return { secret, recoveryCodes: json<RecoveryCodes>(confirmed).recoveryCodes };
  }

  it('lets the owner set a lab\'s requirement, in the audit trail', async () => {
    const lab = await seedLab(t.app, owner);
    expect(json(await labRequirement(lab.labId, owner))).toEqual({ required: false });
    const set = await labRequirement(lab.labId, owner, true);
    expect(set.statusCode).toBe(200);
    expect(json(set)).toEqual({ required: true });
    expect(json(await labRequirement(lab.labId, owner))).toEqual({ required: true });
    const entries = await t.app.ctx.db.selectFrom('audit_entries').select(['kind', 'changes', 'actor_kind']).where('entity_id', '=', lab.labId).where('kind', '=', 'secondFactor.requirementChanged').execute();
    expect(entries).toHaveLength(1);
    expect(entries[0].actor_kind).toBe('system_owner');
    expect(JSON.parse(entries[0].changes)).toEqual([{ field: 'secondFactorRequired', before: false, after: true }]);
  });

  it('refuses the requirement calls to a lab manager, a participant, signed out; an unknown lab 404; a bad body 400', async () => {
    const lab = await seedLab(t.app, owner);
    const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const participant = await appSignup(t.app);
    for (const res of [await labRequirement(lab.labId, manager), await labRequirement(lab.labId, manager, true), await ownersRequirement(manager), await ownersRequirement(manager, true)]) {
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(authMessages.systemOwnerOnly);
    }
    for (const res of [await labRequirement(lab.labId, participant.token, true), await ownersRequirement(participant.token, true)]) {
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe(participantMessages.wrongTokenKind);
    }
    for (const res of [await labRequirement(lab.labId, undefined, true), await ownersRequirement(undefined)]) {
      expect(res.statusCode).toBe(401);
      expect(messageOf(res)).toBe(authMessages.sessionMissing);
    }
    const unknown = await labRequirement('no-such-lab', owner, true);
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe(authMessages.labNotFound);
    expect((await labRequirement(lab.labId, owner, 'yes')).statusCode).toBe(400);
    expect((await call(t.app, { method: 'PUT', url: `/api/labs/systemowner/${lab.labId}/second_factor`, token: owner, payload: {} })).statusCode).toBe(400);
    expect(json(await labRequirement(lab.labId, owner))).toEqual({ required: false });
  });

  it('makes a user of the lab without a factor add one before using the portal; then the code is asked and it stays', async () => {
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    const user = await registerUser(t.app, owner, lab.labId);
    const before = await labUserToken(t.app, user.email, user.password);
    await labRequirement(lab.labId, owner, true);

    // A session from before the requirement goes on; the other lab's users are not concerned.
    expect((await call(t.app, { method: 'GET', url: '/api/access/get_all_access', token: before })).statusCode).toBe(200);
    const otherLogin = await call(t.app, { method: 'POST', url: '/api/users/login', payload: { email: other.managerEmail, password: other.managerPassword, organization: 1 } });
    expect(json(otherLogin).secondFactorSetupRequired).toBeUndefined();

    const res = await call(t.app, { method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password, organization: 1 } });
    expect(res.statusCode).toBe(200);
    const session = json<LabUserSession>(res);
    expect(session).toMatchObject({ _id: user._id, secondFactorSetupRequired: true });
    const refused = await call(t.app, { method: 'GET', url: '/api/access/get_all_access', token: session.token });
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(secondFactorMessages.setupRequired);
    expect((await call(t.app, { method: 'GET', url: '/api/studies/1', token: session.token })).statusCode).toBe(403);
    const status = json<SecondFactorStatus>(await call(t.app, { method: 'GET', url: '/api/users/me/second_factor', token: session.token }));
    expect(status).toEqual({ totp: false, recoveryCodesLeft: 0, required: true });

    const enrolled = await enrol(session.token);
    expect((await call(t.app, { method: 'GET', url: '/api/access/get_all_access', token: session.token })).statusCode).toBe(200);
    const next = json<SecondFactorChallenge>(await call(t.app, { method: 'POST', url: '/api/users/login', payload: { email: user.email, password: user.password, organization: 1 } }));
    expect(next.secondFactorRequired).toBe(true);
    const signedIn = await call(t.app, { method: 'POST', url: '/api/users/login/second_factor', payload: { challengeToken: next.challengeToken, code: enrolled.recoveryCodes[0] } });
    expect(json(signedIn).secondFactorSetupRequired).toBeUndefined();

    const remove = await call(t.app, { method: 'POST', url: '/api/users/me/totp/remove', token: session.token, payload: { password: user.password, code: enrolled.recoveryCodes[1] } });
    expect(remove.statusCode).toBe(409);
    expect(messageOf(remove)).toBe(secondFactorMessages.requiredCannotRemove);
  });

  it('lets a session in setup sign out', async () => {
    const lab = await seedLab(t.app, owner);
    await labRequirement(lab.labId, owner, true);
    const session = json<LabUserSession>(await call(t.app, { method: 'POST', url: '/api/users/login', payload: { email: lab.managerEmail, password: lab.managerPassword, organization: 1 } }));
    expect(session.secondFactorSetupRequired).toBe(true);
    expect((await call(t.app, { method: 'POST', url: '/api/users/logout', token: session.token })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/users/me/second_factor', token: session.token })).statusCode).toBe(401);
  });

  // Last: the owner ends with a factor of their own, removed once the requirement is off.
  it('makes an owner without a factor add one when owners are required to', async () => {
    expect(json(await ownersRequirement(owner))).toEqual({ required: false });
    expect(json(await ownersRequirement(owner, true))).toEqual({ required: true });
    const ownerLogin = () => call(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD } });
    const session = json<SystemOwnerSession>(await ownerLogin());
    expect(session.secondFactorSetupRequired).toBe(true);
    const refused = await call(t.app, { method: 'GET', url: '/api/labs', token: session.token });
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(secondFactorMessages.setupRequired);
    const enrolled = await enrol(session.token);
    expect((await call(t.app, { method: 'GET', url: '/api/labs', token: session.token })).statusCode).toBe(200);
    expect(json(await ownerLogin()).secondFactorRequired).toBe(true);

    const kept = await call(t.app, { method: 'POST', url: '/api/users/me/totp/remove', token: session.token, payload: { password: OWNER_PASSWORD, code: enrolled.recoveryCodes[0] } });
    expect(kept.statusCode).toBe(409);
    expect(messageOf(kept)).toBe(secondFactorMessages.requiredCannotRemove);
    expect(json(await ownersRequirement(session.token, false))).toEqual({ required: false });
    const removed = await call(t.app, { method: 'POST', url: '/api/users/me/totp/remove', token: session.token, payload: { password: OWNER_PASSWORD, code: enrolled.recoveryCodes[0] } });
    expect(removed.statusCode).toBe(200);
    expect(json(await ownerLogin()).secondFactorSetupRequired).toBeUndefined();
  });
});
