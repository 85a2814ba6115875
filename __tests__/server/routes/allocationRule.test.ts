// The standing allocation rule (issue 34, part 4) on both databases: GET/PUT/DELETE allocation_rule with each
// message and who may call them; participants who consent in the app (or join without a consent form) take the
// rule's slots in order, as the one-off allocation predicts; a consent sent twice allocates once; ten in a row
// are balanced per block; a changed rule starts again at slot 1; turned off, it allocates no one; the CSV lists them.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { addGroup, appLogin, appSignup, createParticipant, createStudy, setConsent } from '../support/participants';
import { allocationMessages, allocationSlots, type AllocationRule } from '../../../src/shared/allocation';
import { authMessages, participantMessages } from '../../../src/shared/messages';
import type { ActivityPage } from '../../../src/shared/audit';
import type { GetParticipantsAnswer, Participant } from '../../../src/shared/types/participant';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(120_000);

describe.each(databases)('the allocation rule (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let otherLab: string;
  let study: Study;
  let stage1: string;
  let stage2: string;
  let groupA: string;
  let groupB: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const other = await seedLab(t.app, owner);
    otherLab = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    study = await createStudy(t.app, manager, { stages: 3, active: true });
    stage1 = study.stage_list[0]._id;
    stage2 = study.stage_list[1]._id;
    groupA = study.stage_list[1].participant_group_list[0]._id;
    groupB = await addGroup(t.app, manager, stage2, 'Group B');
    await setConsent(t.app.ctx.db, study._id, true);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const url = () => `/api/participants/${study._id}/allocation_rule`;
  const rule = (method: 'GET' | 'PUT' | 'DELETE', payload?: Record<string, unknown>, token: string | undefined = manager): Promise<LightMyRequestResponse> =>
    send(t.app, { method, url: url(), token, payload });

  async function listed(): Promise<Map<string, Participant>> {
    const answer = json<GetParticipantsAnswer>(await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/get_participants`, token: manager }));
    return new Map(answer.participantsData.participants.map((p) => [p._id, p]));
  }

  /** A participant the researcher made (invited: the study asks for consent), who then consents in the app. */
  async function consenting(): Promise<{ participant: Participant; consent: () => Promise<LightMyRequestResponse> }> {
    const participant = await createParticipant(t.app, manager, study._id);
    const { token } = await appLogin(t.app, participant.email);
    const consent = () => send(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/consent`, token, payload: { agree: true } });
    return { participant, consent };
  }

  async function placeOf(participantId: string): Promise<{ stage: string; group: string }> {
    const participation = (await listed()).get(participantId)?.participation[0];
    return { stage: participation?.current_stage._id ?? '', group: participation?.current_group._id ?? '' };
  }

  it('answers null before a rule is set, refuses each rule message, and saves, reads, changes and turns off the rule with audit entries', async () => {
    expect(json<AllocationRule | null>(await rule('GET'))).toBeNull();

    const valid = { stageId: stage2, groupIds: [groupA, groupB], blockSize: 4 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stageId: '' }, allocationMessages.stageRequired],
      [{ groupIds: [groupA] }, allocationMessages.groupsRequired],
      [{ groupIds: [groupA, groupA] }, allocationMessages.groupsRepeated],
      [{ ratios: [1] }, allocationMessages.ratiosMismatch],
      [{ ratios: [0, 1] }, allocationMessages.ratioInvalid],
      [{ blockSize: 1 }, allocationMessages.blockSizeInvalid],
      [{ blockSize: 5 }, allocationMessages.blockSizeNotMultiple(2)],
      [{ seed: -1 }, allocationMessages.seedInvalid],
      [{ stageId: stage1, groupIds: [study.stage_list[0].participant_group_list[0]._id, groupB] }, allocationMessages.stageNotLater],
      [{ stageId: study.stage_list[2]._id, groupIds: [study.stage_list[2].participant_group_list[0]._id, groupB] }, allocationMessages.groupNotOfStage],
    ];
    for (const [change, message] of cases) {
      const res = await rule('PUT', { ...valid, ...change });
      expect([JSON.stringify(change), res.statusCode, messageOf(res)]).toEqual([JSON.stringify(change), 400, message]);
    }
    // A body of the wrong shape is refused by the schema.
    expect((await rule('PUT', { ...valid, blockSize: 'four' })).statusCode).toBe(400);
    expect(json<AllocationRule | null>(await rule('GET'))).toBeNull();

    const drawn = await rule('PUT', valid);
    expect(drawn.statusCode).toBe(200);
    const first = json<AllocationRule>(drawn);
    expect(first).toMatchObject({ stageId: stage2, groupIds: [groupA, groupB], ratios: [1, 1], blockSize: 4, allocatedCount: 0 });
    expect(Number.isInteger(first.seed) && first.seed >= 0 && first.seed <= 2_147_483_647).toBe(true);
    expect(json<AllocationRule>(await rule('GET'))).toEqual(first);

    const changed = json<AllocationRule>(await rule('PUT', { ...valid, ratios: [2, 1], blockSize: 3, seed: 5 }));
    expect(changed).toMatchObject({ ratios: [2, 1], blockSize: 3, seed: 5 });
    expect(json<AllocationRule | null>(await rule('DELETE'))).toBeNull();
    expect(json<AllocationRule | null>(await rule('GET'))).toBeNull();

    const kinds = ['allocationRule.set', 'allocationRule.changed', 'allocationRule.turnedOff'];
    for (const kind of kinds) {
      const page = json<ActivityPage>(await send(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=${kind}`, token: manager }));
      expect([kind, page.entries.length]).toEqual([kind, 1]);
    }
    const set = json<ActivityPage>(await send(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=allocationRule.set`, token: manager }));
    expect(set.entries[0].changes).toEqual(expect.arrayContaining([{ field: 'seed', before: null, after: first.seed }]));
  });

  it('allocates each consenting participant to the slot the shared allocation predicts, once, balanced per block, and lists them in the CSV', async () => {
    const seed = 424242;
    expect((await rule('PUT', { stageId: stage2, groupIds: [groupA, groupB], blockSize: 4, seed })).statusCode).toBe(200);
    const people: Participant[] = [];
    for (let i = 0; i < 10; i += 1) {
      const { participant, consent } = await consenting();
      // Invited: not allocated until they consent.
      expect((await placeOf(participant._id)).stage).toBe(stage1);
      expect((await consent()).statusCode).toBe(200);
      if (i === 0) {
        // The same consent again: refused as before, and nothing allocated twice.
        const again = await consent();
        expect([again.statusCode, messageOf(again)]).toEqual([409, participantMessages.alreadyEnrolled]);
      }
      people.push(participant);
    }
    const slots = allocationSlots(10, [groupA, groupB], [1, 1], 4, seed);
    const now = await listed();
    const groups = people.map((p) => now.get(p._id)?.participation[0].current_group._id);
    expect(groups).toEqual(slots.map((s) => s.groupId));
    for (const p of people) expect(now.get(p._id)?.participation[0].current_stage._id).toBe(stage2);
    for (const block of [groups.slice(0, 4), groups.slice(4, 8)]) expect(block.filter((g) => g === groupA)).toHaveLength(2);
    expect(json<AllocationRule>(await rule('GET')).allocatedCount).toBe(10);

    const file = await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/allocations`, token: manager });
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    const groupName = (id: string) => (id === groupA ? study.stage_list[1].participant_group_list[0].name : 'Group B');
    expect(lines.map((l) => l.split(',').slice(0, 4).join(','))).toEqual(
      people.map((p, i) => `${p.participant_code},${groupName(slots[i].groupId)},${slots[i].block},${slots[i].position}`),
    );

    // Each allocation is in the trail, by the participant, with its slot.
    const allocated = json<ActivityPage>(await send(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=participants.allocated`, token: manager }));
    expect(allocated.entries).toHaveLength(10);

    // Allocated before: the one-off allocation refuses them.
    const oneOff = await send(t.app, { method: 'POST', url: `/api/participants/${study._id}/allocate`, token: manager, payload: { participantIds: [people[0]._id], stageId: stage2, groupIds: [groupA, groupB], blockSize: 2 } });
    expect(oneOff.statusCode).toBe(409);

    // Two consenting at once take the next two slots, one each; one consent sent twice at once allocates once.
    const [x, y] = [await consenting(), await consenting()];
    const both = await Promise.all([x.consent(), y.consent()]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const twelve = allocationSlots(13, [groupA, groupB], [1, 1], 4, seed);
    const placed = await Promise.all([placeOf(x.participant._id), placeOf(y.participant._id)]);
    expect(placed.map((p) => p.group).sort()).toEqual([twelve[10].groupId, twelve[11].groupId].sort());
    const z = await consenting();
    const twice = await Promise.all([z.consent(), z.consent()]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await placeOf(z.participant._id)).group).toBe(twelve[12].groupId);
    expect(json<AllocationRule>(await rule('GET')).allocatedCount).toBe(13);

    // Changed, the rule starts a new sequence at slot 1; turned off, it allocates no one.
    expect((await rule('PUT', { stageId: stage2, groupIds: [groupA, groupB], blockSize: 2, seed: 9 })).statusCode).toBe(200);
    const next = await consenting();
    await next.consent();
    expect((await placeOf(next.participant._id)).group).toBe(allocationSlots(1, [groupA, groupB], [1, 1], 2, 9)[0].groupId);
    await rule('DELETE');
    const after = await consenting();
    expect((await after.consent()).statusCode).toBe(200);
    expect(await placeOf(after.participant._id)).toEqual({ stage: stage1, group: study.stage_list[0].participant_group_list[0]._id });
  });

  it('allocates a participant who joins a study without a consent form in the app, and one the researcher creates there', async () => {
    const open = await createStudy(t.app, manager, { stages: 2, active: true });
    const openStage2 = open.stage_list[1]._id;
    const a = open.stage_list[1].participant_group_list[0]._id;
    const b = await addGroup(t.app, manager, openStage2, 'Group B');
    const put = await send(t.app, { method: 'PUT', url: `/api/participants/${open._id}/allocation_rule`, token: manager, payload: { stageId: openStage2, groupIds: [a, b], blockSize: 2, seed: 77 } });
    expect(put.statusCode).toBe(200);
    const slots = allocationSlots(2, [a, b], [1, 1], 2, 77);

    const session = await appSignup(t.app);
    const joined = await send(t.app, { method: 'POST', url: '/api/app/studies/join', token: session.token, payload: { studyCode: open.study_code } });
    expect(joined.statusCode).toBe(201);
    expect(json<{ current_stage: { _id: string }; current_group: { _id: string } }>(joined)).toMatchObject({ current_stage: { _id: openStage2 }, current_group: { _id: slots[0].groupId } });

    const created = await createParticipant(t.app, manager, open._id);
    expect(created.participation[0].current_group._id).toBe(slots[1].groupId);
  });

  it('refuses another lab, a participant token and no token on each of the rule calls', async () => {
    const body = { stageId: stage2, groupIds: [groupA, groupB], blockSize: 2 };
    const participant = await createParticipant(t.app, manager, study._id);
    const { token: participantToken } = await appLogin(t.app, participant.email);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? body : undefined;
      expect([method, (await rule(method, payload, otherLab)).statusCode]).toEqual([method, 404]);
      const asParticipant = await rule(method, payload, participantToken);
      expect([method, asParticipant.statusCode, messageOf(asParticipant)]).toEqual([method, 401, participantMessages.wrongTokenKind]);
      const anonymous = await send(t.app, { method, url: url(), payload });
      expect([method, anonymous.statusCode, messageOf(anonymous)]).toEqual([method, 401, authMessages.sessionMissing]);
    }
    // None of them set a rule.
    expect(json<AllocationRule | null>(await rule('GET'))).toBeNull();
  });
});
