// The researcher's participant calls (part 2 section 7): list, filter, create and assign, with the
// specification's messages, the permission entry and another lab's 404.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { addGroup, assign, createParticipant, createStudy, PARTICIPANT_PASSWORD } from '../support/participants';
import { ACCESS, ALL_ACCESS, accessKey } from '../../../src/shared/access';
import { authMessages, participantMessages, studyMessages } from '../../../src/shared/messages';
import type { Study } from '../../../src/shared/types/study';
import type {
  FilteredParticipantsAnswer,
  GetParticipantsAnswer,
  Participant,
} from '../../../src/shared/types/participant';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const MISSING_ID = '000000000000000000000000';

jest.setTimeout(30_000);

describe.each(databases)('researcher participant calls (%s)', (database) => {
  let t: TestApp;
  let labA: SeededLab;
  let managerA: string;
  let managerB: string;
  let study: Study;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    labA = await seedLab(t.app, owner, 1);
    const labB = await seedLab(t.app, owner, 1);
    managerA = await labUserToken(t.app, labA.managerEmail, labA.managerPassword);
    managerB = await labUserToken(t.app, labB.managerEmail, labB.managerPassword);
    study = await createStudy(t.app, managerA, { stages: 2, consent: true });
    await addGroup(t.app, managerA, study.stage_list[1]._id, 'Second group');
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: Method, url: string, token: string | undefined, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }

  async function list(studyId = study._id): Promise<Participant[]> {
    const res = await api('GET', `/api/participants/${studyId}/get_participants`, managerA);
    expect(res.statusCode).toBe(200);
    return json<GetParticipantsAnswer>(res).participantsData.participants;
  }

  const stage = (n: number) => study.stage_list[n - 1];
  const groupsOf = async (n: number) =>
    t.app.ctx.db.selectFrom('participant_groups').select(['id', 'group_num']).where('stage_id', '=', stage(n)._id).orderBy('group_num').execute();

  describe('POST /api/participants/{studyId}/create', () => {
    const url = () => `/api/participants/${study._id}/create`;
    const body = (changes: Record<string, unknown> = {}) => ({
      studyId: study._id,
      email: uniqueEmail('p'),
      password: PARTICIPANT_PASSWORD,
      confirmPassword: PARTICIPANT_PASSWORD,
      ...changes,
    });

    it('creates the participant in stage 1, group 1, invited while stage 1 asks for consent', async () => {
      const email = uniqueEmail('Created');
      const res = await api('POST', url(), managerA, body({ email }));
      expect(res.statusCode).toBe(201);
      const { message, participant } = json<{ message: string; participant: Participant }>(res);
      expect(message).toBe(participantMessages.participantCreated);
      expect(participant).toEqual({
        _id: expect.any(String),
        participant_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
        email: email.toLowerCase(),
        study: study._id,
        current_stage: stage(1)._id,
        current_group: stage(1).participant_group_list[0]._id,
        pilot: false,
        // Its app has not reported yet (issue 33).
        device: null,
        participation: [
          {
            _id: expect.any(String),
            status: 'invited',
            study: study._id,
            current_stage: { _id: stage(1)._id, chin_name: '', stage_num: 1 },
            current_group: { _id: stage(1).participant_group_list[0]._id, name: '', group_num: 1 },
            arrive_assigned: false,
            has_diary_tasks: false,
            enrolment_time: [],
          },
        ],
      });
      expect((await list()).map((p) => p._id)).toContain(participant._id);
    });

    it.each([
      [{ email: '' }, participantMessages.emailRequired],
      [{ email: '   ', password: '' }, participantMessages.emailRequired],
      [{ password: '' }, participantMessages.passwordsRequired],
      [{ confirmPassword: '' }, participantMessages.passwordsRequired],
      [{ confirmPassword: 'another-password' }, participantMessages.confirmDifferent],
      [{ email: 'not-an-email' }, authMessages.invalidEmail],
      [{ password: 'short', confirmPassword: 'short' }, authMessages.passwordTooShort],
    ])('refuses %j with its message', async (changes, message) => {
      const res = await api('POST', url(), managerA, body(changes));
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
    });

    it('refuses an email another participant has (case-insensitive) with 409', async () => {
      const email = uniqueEmail('twice');
      expect((await api('POST', url(), managerA, body({ email }))).statusCode).toBe(201);
      const again = await api('POST', url(), managerA, body({ email: email.toUpperCase() }));
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(participantMessages.emailTaken);
    });

    it('needs PARTICIPANT/CREATE/NEW_PARTICIPANT', async () => {
      const email = uniqueEmail('member');
      const reg = await api('POST', '/api/users/lm/register', managerA, { email, password: USER_PASSWORD });
      const { user } = json<{ user: { _id: string } }>(reg);
      const narrowed = ALL_ACCESS.filter((e) => accessKey(e) !== accessKey(ACCESS.createParticipant));
      await api('PUT', `/api/users/lm/users/${user._id}/access`, managerA, { access: narrowed });
      const member = await labUserToken(t.app, email, USER_PASSWORD);
      const res = await api('POST', url(), member, body());
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe('You do not have the permission PARTICIPANT/CREATE/NEW_PARTICIPANT');
      // The member still reads the list: the entry gates creating only.
      expect((await api('GET', `/api/participants/${study._id}/get_participants`, member)).statusCode).toBe(200);
    });

    it("answers 404 for another lab's study and for a body naming another study", async () => {
      const res = await api('POST', url(), managerB, body());
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(studyMessages.studyNotFound);
      const mismatch = await api('POST', url(), managerA, body({ studyId: MISSING_ID }));
      expect(mismatch.statusCode).toBe(400);
    });
  });

  describe('PATCH /api/participants/{participantId}/assign_group', () => {
    it('moves the participant and sets arrive_assigned false, with the specification toast', async () => {
      const p = await createParticipant(t.app, managerA, study._id);
      const [g1, g2] = await groupsOf(2);
      const res = await api('PATCH', `/api/participants/${p._id}/assign_group`, managerA, { studyId: study._id, stageId: stage(2)._id, groupId: g2.id });
      expect(res.statusCode).toBe(200);
      const answer = json<{ message: string; participant: Participant }>(res);
      expect(answer.message).toBe(participantMessages.assigned);
      expect(answer.participant.participation[0]).toMatchObject({
        current_stage: { _id: stage(2)._id, stage_num: 2 },
        current_group: { _id: g2.id, group_num: 2, name: 'Second group' },
        arrive_assigned: false,
      });
      expect(answer.participant.current_group).toBe(g2.id);
      const back = await assign(t.app, managerA, study._id, p._id, stage(2)._id, g1.id);
      expect(back.participation[0].current_group.group_num).toBe(1);
    });

    it.each([
      [{ stageId: '' }, participantMessages.stageRequired],
      [{ stageId: undefined }, participantMessages.stageRequired],
      [{ groupId: '' }, participantMessages.groupRequired],
    ])('refuses %j with its message', async (changes, message) => {
      const p = await createParticipant(t.app, managerA, study._id);
      const res = await api('PATCH', `/api/participants/${p._id}/assign_group`, managerA, {
        studyId: study._id,
        stageId: stage(2)._id,
        groupId: (await groupsOf(2))[0].id,
        ...changes,
      });
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
    });

    it('refuses a group of another stage, an unknown stage, an unknown participant and another lab', async () => {
      const p = await createParticipant(t.app, managerA, study._id);
      const otherStagesGroup = stage(1).participant_group_list[0]._id;
      const wrongGroup = await api('PATCH', `/api/participants/${p._id}/assign_group`, managerA, { studyId: study._id, stageId: stage(2)._id, groupId: otherStagesGroup });
      expect(wrongGroup.statusCode).toBe(404);
      expect(messageOf(wrongGroup)).toBe(studyMessages.groupNotFound);
      const unknownStage = await api('PATCH', `/api/participants/${p._id}/assign_group`, managerA, { studyId: study._id, stageId: MISSING_ID, groupId: otherStagesGroup });
      expect(messageOf(unknownStage)).toBe(studyMessages.stageNotFound);
      const unknown = await api('PATCH', `/api/participants/${MISSING_ID}/assign_group`, managerA, { studyId: study._id, stageId: stage(2)._id, groupId: otherStagesGroup });
      expect(unknown.statusCode).toBe(404);
      expect(messageOf(unknown)).toBe(participantMessages.participantNotFound);
      const otherLab = await api('PATCH', `/api/participants/${p._id}/assign_group`, managerB, { studyId: study._id, stageId: stage(2)._id, groupId: otherStagesGroup });
      expect(otherLab.statusCode).toBe(404);
      expect(messageOf(otherLab)).toBe(studyMessages.studyNotFound);
    });
  });

  describe('listing, filtering and counting', () => {
    let fresh: Study;
    let people: Participant[];

    beforeAll(async () => {
      fresh = await createStudy(t.app, managerA, { stages: 2 });
      const g2 = await addGroup(t.app, managerA, fresh.stage_list[1]._id);
      people = [];
      for (let i = 0; i < 4; i += 1) people.push(await createParticipant(t.app, managerA, fresh._id));
      await assign(t.app, managerA, fresh._id, people[1]._id, fresh.stage_list[1]._id, fresh.stage_list[1].participant_group_list[0]._id);
      await assign(t.app, managerA, fresh._id, people[2]._id, fresh.stage_list[1]._id, g2);
      await assign(t.app, managerA, fresh._id, people[3]._id, fresh.stage_list[1]._id, g2);
    });

    it('lists every participant in the order they were created; enrolled at once without consent', async () => {
      const all = await list(fresh._id);
      expect(all.map((p) => p._id)).toEqual(people.map((p) => p._id));
      expect(all[0].participation[0].status).toBe('enrolled');
    });

    it('filters by stage, and by stage and group', async () => {
      const filter = async (body: Record<string, unknown>) => {
        const res = await api('POST', `/api/participants/${fresh._id}/get_filtered_participants`, managerA, body);
        expect(res.statusCode).toBe(200);
        return json<FilteredParticipantsAnswer>(res).participants.map((p) => p._id);
      };
      const stage2 = fresh.stage_list[1];
      expect(await filter({ currentStageId: fresh.stage_list[0]._id })).toEqual([people[0]._id]);
      expect(await filter({ currentStageId: stage2._id })).toEqual([people[1]._id, people[2]._id, people[3]._id]);
      expect(await filter({ currentStageId: stage2._id, currentGroupId: stage2.participant_group_list[0]._id })).toEqual([people[1]._id]);
      expect(await filter({ currentStageId: MISSING_ID })).toEqual([]);
      const noStage = await api('POST', `/api/participants/${fresh._id}/get_filtered_participants`, managerA, {});
      expect(noStage.statusCode).toBe(400);
    });

    it("answers 404 for another lab's study on every list call", async () => {
      for (const [method, url, body] of [
        ['GET', `/api/participants/${fresh._id}/get_participants`, undefined],
        ['POST', `/api/participants/${fresh._id}/get_filtered_participants`, { currentStageId: fresh.stage_list[0]._id }],
        ['GET', `/api/ema_tasks/${fresh._id}/${people[0]._id}`, undefined],
        ['GET', `/api/diary_ax_tasks/${fresh._id}/${people[0]._id}`, undefined],
      ] as const) {
        const res = await api(method, url, managerB, body);
        expect(res.statusCode).toBe(404);
        expect(messageOf(res)).toBe(studyMessages.studyNotFound);
      }
    });

    it('an empty study lists no one', async () => {
      const empty = await createStudy(t.app, managerA);
      expect(await list(empty._id)).toEqual([]);
    });
  });

  describe('deleting a stage or group that holds participants', () => {
    it('answers 409 with the message, keeps the study as it was, and deletes once the participants are moved', async () => {
      const s = await createStudy(t.app, managerA, { stages: 2 });
      const stage2 = s.stage_list[1];
      const g2 = await addGroup(t.app, managerA, stage2._id);
      const person = await createParticipant(t.app, managerA, s._id);
      await assign(t.app, managerA, s._id, person._id, stage2._id, g2);

      const group = await api('DELETE', `/api/studies/${s._id}/${g2}/delete_group`, managerA);
      expect(group.statusCode).toBe(409);
      expect(messageOf(group)).toBe(studyMessages.groupHasParticipants);
      const stage = await api('DELETE', `/api/studies/${s._id}/2/delete_stage`, managerA);
      expect(stage.statusCode).toBe(409);
      expect(messageOf(stage)).toBe(studyMessages.stageHasParticipants);
      const kept = json<Study>(await api('GET', `/api/studies/${s._id}`, managerA));
      expect(kept.stage_list.map((st) => st.participant_group_list.length)).toEqual([1, 2]);

      await assign(t.app, managerA, s._id, person._id, s.stage_list[0]._id, s.stage_list[0].participant_group_list[0]._id);
      expect((await api('DELETE', `/api/studies/${s._id}/${g2}/delete_group`, managerA)).statusCode).toBe(200);
      expect((await api('DELETE', `/api/studies/${s._id}/2/delete_stage`, managerA)).statusCode).toBe(200);
    });
  });
});
