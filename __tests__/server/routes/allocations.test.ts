// Assign at random (issue 34, part 4) on both databases: enrolled participants of stage 1 are allocated to groups
// of a later stage by balanced blocks and moved there as Assign To Another Stage moves one; the same seed gives
// the same list; each rule's message; the refusals (not of the study, not in stage 1, not enrolled, allocated
// already); the audit entry with the seed and the list; the CSV download; and who may make each call.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { addGroup, appLogin, createParticipant, createStudy, setConsent } from '../support/participants';
import { allocationMessages, allocationSlots, type AllocateAnswer } from '../../../src/shared/allocation';
import { authMessages, participantMessages } from '../../../src/shared/messages';
import type { ActivityPage } from '../../../src/shared/audit';
import type { GetParticipantsAnswer, Participant } from '../../../src/shared/types/participant';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(90_000);

describe.each(databases)('random allocation (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let otherLab: string;
  let study: Study;
  let stage2: string;
  let groupA: string;
  let groupB: string;
  let stage2Other: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const other = await seedLab(t.app, owner);
    otherLab = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    study = await createStudy(t.app, manager, { stages: 3, active: true });
    stage2 = study.stage_list[1]._id;
    groupA = study.stage_list[1].participant_group_list[0]._id;
    groupB = await addGroup(t.app, manager, stage2, 'Group B');
    stage2Other = study.stage_list[2]._id;
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function allocate(body: Record<string, unknown>, token = manager, studyId = study._id): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'POST', url: `/api/participants/${studyId}/allocate`, token, payload: body });
  }

  async function participants(count: number): Promise<Participant[]> {
    const made: Participant[] = [];
    for (let i = 0; i < count; i += 1) made.push(await createParticipant(t.app, manager, study._id));
    return made;
  }

  async function listed(): Promise<Map<string, Participant>> {
    const answer = json<GetParticipantsAnswer>(await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/get_participants`, token: manager }));
    return new Map(answer.participantsData.participants.map((p) => [p._id, p]));
  }

  it('allocates by balanced blocks, moves each participant as an assignment does, and records the seed and the list', async () => {
    const chosen = await participants(9);
    const body = { participantIds: chosen.map((p) => p._id), stageId: stage2, groupIds: [groupA, groupB], blockSize: 4, seed: 20260 };
    const res = await allocate(body);
    expect(res.statusCode).toBe(200);
    const answer = json<AllocateAnswer>(res);
    expect(answer.seed).toBe(20260);
    const slots = allocationSlots(9, [groupA, groupB], [1, 1], 4, 20260);
    expect(answer.allocations).toEqual(chosen.map((p, i) => ({ participantId: p._id, groupId: slots[i].groupId })));
    // Two of each group in each full block of four.
    for (const block of [answer.allocations.slice(0, 4), answer.allocations.slice(4, 8)]) {
      expect(block.filter((a) => a.groupId === groupA)).toHaveLength(2);
    }

    const now = await listed();
    for (const a of answer.allocations) {
      const participation = now.get(a.participantId)?.participation[0];
      expect(participation?.current_stage._id).toBe(stage2);
      expect(participation?.current_group._id).toBe(a.groupId);
      // A new assignment: the app makes its plan when it next loads its tasks.
      expect(participation?.arrive_assigned).toBe(false);
    }

    const activity = json<ActivityPage>(await send(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=participants.allocated`, token: manager }));
    expect(activity.entries).toHaveLength(1);
    const changes = activity.entries[0].changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'seed', before: null, after: 20260 },
        { field: 'blockSize', before: null, after: 4 },
        { field: 'allocations[0].participantId', before: null, after: chosen[0]._id },
        { field: 'allocations[0].participantCode', before: null, after: chosen[0].participant_code },
        { field: 'allocations[0].groupId', before: null, after: slots[0].groupId },
        { field: 'allocations[8].block', before: null, after: 3 },
        { field: 'allocations[8].position', before: null, after: 1 },
      ]),
    );
    const assigned = json<ActivityPage>(await send(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=participant.assigned`, token: manager }));
    expect(new Set(assigned.entries.map((e) => e.entityId))).toEqual(new Set(chosen.map((p) => p._id)));

    // The download: the list in order, named as the other downloads are, and recorded as a download.
    const file = await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/allocations`, token: manager });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${study.study_code}_allocations_\\d{8}-\\d{4}\\.csv"$`));
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('participant_code,group,block,position,stage,seed,allocated_at');
    const groupName = (id: string) => (id === groupA ? study.stage_list[1].participant_group_list[0].name : 'Group B');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual(
      chosen.map((p, i) => `${p.participant_code},${groupName(slots[i].groupId)},${slots[i].block},${slots[i].position}`),
    );
    const downloads = json<ActivityPage>(await send(t.app, { method: 'GET', url: `/api/activity?studyId=${study._id}&kind=data.downloaded`, token: manager }));
    expect(downloads.entries.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the same allocation for the same seed and input, honours ratios, and draws a seed when none is given', async () => {
    const first = await participants(6);
    const second = await participants(6);
    const body = (ids: Participant[]) => ({ participantIds: ids.map((p) => p._id), stageId: stage2, groupIds: [groupA, groupB], ratios: [2, 1], blockSize: 6, seed: 7 });
    const one = json<AllocateAnswer>(await allocate(body(first)));
    const two = json<AllocateAnswer>(await allocate(body(second)));
    expect(two.allocations.map((a) => a.groupId)).toEqual(one.allocations.map((a) => a.groupId));
    expect(one.allocations.filter((a) => a.groupId === groupA)).toHaveLength(4);

    const third = await participants(2);
    const drawn = await allocate({ participantIds: third.map((p) => p._id), stageId: stage2, groupIds: [groupA, groupB], blockSize: 2 });
    expect(drawn.statusCode).toBe(200);
    const seed = json<AllocateAnswer>(drawn).seed;
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 2_147_483_647).toBe(true);
  });

  it('answers 400 with each rule message', async () => {
    const [p] = await participants(1);
    const valid = { participantIds: [p._id], stageId: stage2, groupIds: [groupA, groupB], blockSize: 4 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ participantIds: [] }, allocationMessages.participantsRequired],
      [{ participantIds: [p._id, p._id] }, allocationMessages.participantsRepeated],
      [{ participantIds: Array.from({ length: 1001 }, (_, i) => `p${i}`) }, allocationMessages.tooManyParticipants],
      [{ stageId: '' }, allocationMessages.stageRequired],
      [{ groupIds: [groupA] }, allocationMessages.groupsRequired],
      [{ groupIds: [groupA, groupA] }, allocationMessages.groupsRepeated],
      [{ ratios: [1] }, allocationMessages.ratiosMismatch],
      [{ ratios: [0, 1] }, allocationMessages.ratioInvalid],
      [{ blockSize: 1 }, allocationMessages.blockSizeInvalid],
      [{ blockSize: 2.5 }, allocationMessages.blockSizeInvalid],
      [{ blockSize: 5 }, allocationMessages.blockSizeNotMultiple(2)],
      [{ ratios: [2, 1], blockSize: 4 }, allocationMessages.blockSizeNotMultiple(3)],
      [{ seed: -1 }, allocationMessages.seedInvalid],
      [{ seed: 1.5 }, allocationMessages.seedInvalid],
      [{ stageId: study.stage_list[0]._id, groupIds: [study.stage_list[0].participant_group_list[0]._id, groupB] }, allocationMessages.stageNotLater],
      [{ stageId: stage2Other, groupIds: [study.stage_list[2].participant_group_list[0]._id, groupB] }, allocationMessages.groupNotOfStage],
    ];
    for (const [change, message] of cases) {
      const res = await allocate({ ...valid, ...change });
      expect([JSON.stringify(change), res.statusCode, messageOf(res)]).toEqual([JSON.stringify(change), 400, message]);
    }
    // A body of the wrong shape is refused by the schema.
    expect((await allocate({ ...valid, blockSize: 'four' })).statusCode).toBe(400);
    // Nothing was allocated or moved.
    expect((await listed()).get(p._id)?.participation[0].current_stage._id).toBe(study.stage_list[0]._id);
  });

  it('refuses a participant allocated already, one not in stage 1, one not enrolled and one of another study, moving no one', async () => {
    const [done, waiting] = await participants(2);
    expect((await allocate({ participantIds: [done._id], stageId: stage2, groupIds: [groupA, groupB], blockSize: 2, seed: 1 })).statusCode).toBe(200);
    const again = await allocate({ participantIds: [waiting._id, done._id], stageId: stage2, groupIds: [groupA, groupB], blockSize: 2 });
    expect([again.statusCode, messageOf(again)]).toEqual([409, allocationMessages.alreadyAllocated(done.participant_code)]);
    expect((await listed()).get(waiting._id)?.participation[0].current_stage._id).toBe(study.stage_list[0]._id);

    const [moved] = await participants(1);
    const assign = await send(t.app, { method: 'PATCH', url: `/api/participants/${moved._id}/assign_group`, token: manager, payload: { studyId: study._id, stageId: stage2, groupId: groupA } });
    expect(assign.statusCode).toBe(200);
    const notFirst = await allocate({ participantIds: [moved._id], stageId: stage2, groupIds: [groupA, groupB], blockSize: 2 });
    expect([notFirst.statusCode, messageOf(notFirst)]).toEqual([409, allocationMessages.notInFirstStage(moved.participant_code)]);

    await setConsent(t.app.ctx.db, study._id, true);
    const [invited] = await participants(1);
    await setConsent(t.app.ctx.db, study._id, false);
    const notEnrolled = await allocate({ participantIds: [invited._id], stageId: stage2, groupIds: [groupA, groupB], blockSize: 2 });
    expect([notEnrolled.statusCode, messageOf(notEnrolled)]).toEqual([409, allocationMessages.notEnrolled(invited.participant_code)]);

    const otherStudy = await createStudy(t.app, manager, { stages: 2 });
    const stranger = await createParticipant(t.app, manager, otherStudy._id);
    const foreign = await allocate({ participantIds: [stranger._id], stageId: stage2, groupIds: [groupA, groupB], blockSize: 2 });
    expect([foreign.statusCode, messageOf(foreign)]).toEqual([404, participantMessages.participantNotFound]);
  });

  it('refuses another lab, a participant token and no token, on both calls', async () => {
    const [p] = await participants(1);
    const body = { participantIds: [p._id], stageId: stage2, groupIds: [groupA, groupB], blockSize: 2 };
    const { token: participantToken } = await appLogin(t.app, p.email);

    const foreign = await allocate(body, otherLab);
    expect(foreign.statusCode).toBe(404);
    expect((await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/allocations`, token: otherLab })).statusCode).toBe(404);

    const asParticipant = await allocate(body, participantToken);
    expect(asParticipant.statusCode).toBe(401);
    expect(messageOf(asParticipant)).toBe(participantMessages.wrongTokenKind);
    expect((await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/allocations`, token: participantToken })).statusCode).toBe(401);

    const anonymous = await send(t.app, { method: 'POST', url: `/api/participants/${study._id}/allocate`, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(messageOf(anonymous)).toBe(authMessages.sessionMissing);
    expect((await send(t.app, { method: 'GET', url: `/api/participants/${study._id}/allocations` })).statusCode).toBe(401);

    // None of them moved the participant.
    expect((await listed()).get(p._id)?.participation[0].current_stage._id).toBe(study.stage_list[0]._id);
  });
});
