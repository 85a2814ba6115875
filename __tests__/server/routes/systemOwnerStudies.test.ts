// The system owner's study calls (part 2 section 7 "System owner"): the list by lab and managing user with
// its paging, Create Study for a managing user, the lifecycle, the editor's calls on any lab's study, the
// assessment list, and who is refused: lab users on the owner's calls, the owner on the lab user's calls, and
// the owner on another host than the main host.
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, registerUser, send } from '../support/api';
import { assessmentMessages, authMessages, studyMessages } from '../../../src/shared/messages';
import type { AssessmentListItem } from '../../../src/shared/study/assessmentSettings';
import type { QuestionnaireListAnswer } from '../../../src/shared/questionnaire/types';
import type { Study, StudyEditBody, StudyListAnswer } from '../../../src/shared/types/study';

const MISSING_ID = '000000000000000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown; responses?: Record<string, unknown> }>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

jest.setTimeout(60_000);

describe.each(databases)("the system owner's studies (%s)", (database) => {
  let t: TestApp;
  let owner: string;
  let labA: SeededLab;
  let labB: SeededLab;
  let managerA: string;
  let managerB: string;

  function api(method: Method, url: string, token: string | undefined, payload?: unknown, host = 'localhost'): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, headers: { host }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  async function ok<T = Study>(res: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await res;
    if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode}: ${answer.body}`);
    return json<T>(answer);
  }

  const list = (labId: string, managedByUserId: string, page?: number) =>
    api('POST', page === undefined ? '/api/studies/systemowner' : `/api/studies/systemowner?pageNumber=${page}`, owner, { labId, managedByUserId });
  const createFor = (userId: string, chin_name = 'Owner study') => ok(api('POST', '/api/studies/systemowner/create_study', owner, { userId, chin_name }), 201);
  const read = (id: string) => ok(api('GET', `/api/studies/systemowner/${id}`, owner));
  const addStage = (id: string) => api('PUT', `/api/studies/systemowner/${id}/add_stage`, owner);
  const addGroup = (stageId: string) => api('PUT', `/api/studies/systemowner/${stageId}/add_group`, owner);
  const deleteGroup = (id: string, ref: string | number) => api('DELETE', `/api/studies/systemowner/${id}/${ref}/delete_group`, owner);
  const deleteStage = (id: string, num: string | number) => api('DELETE', `/api/studies/systemowner/${id}/${num}/delete_stage`, owner);

  /** A study of lab B (organization 2), made by its own manager on its own host. */
  async function studyOfLabB(): Promise<Study> {
    return ok(api('POST', '/api/studies', managerB, { chin_name: 'Study of B' }, 'dark.localhost'), 201);
  }

  /** Makes a study of lab B one that can be activated, through the owner's editor calls. */
  async function makeRunnable(study: Study): Promise<void> {
    const item = await questionnaire(managerB, 'dark.localhost', 'Mood', `M${Math.random().toString(36).slice(2, 8)}`);
    const stage = study.stage_list[0];
    const stage_list = [{ _id: stage._id, chin_name: 'Stage one', participant_group_list: [{ _id: stage.participant_group_list[0]._id, no_submission_limit_list: [item._id] }] }];
    await ok(api('PUT', `/api/studies/systemowner/${study._id}/edit_except_consent`, owner, { stage_list }));
    await ok(api('PUT', `/api/studies/systemowner/${study._id}/edit_consent`, owner, { consent: '<p>I agree</p>', consentNeeded: true }));
  }

  async function questionnaire(token: string, host: string, chin_name: string, abbrev: string): Promise<AssessmentListItem> {
    const res = await api('POST', '/api/qx_list', token, { chin_name, abbrev }, host);
    expect(res.statusCode).toBe(201);
    return { _id: json<AssessmentListItem>(res)._id, chin_name, abbrev };
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    labA = await seedLab(t.app, owner, 1);
    labB = await seedLab(t.app, owner, 2);
    managerA = await labUserToken(t.app, labA.managerEmail, labA.managerPassword);
    managerB = await labUserToken(t.app, labB.managerEmail, labB.managerPassword, 2);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  describe('POST /api/studies/systemowner?pageNumber=', () => {
    it('lists only the studies the chosen user manages, newest first, 10 a page; a page beyond the last is empty and names the last', async () => {
      const user = await registerUser(t.app, owner, labA.labId);
      expect(await ok<StudyListAnswer>(list(labA.labId, user._id))).toEqual({ studies: [], pages: 1, page: 1 });

      const ofManager = await ok(api('POST', '/api/studies', managerA, { chin_name: 'Of the manager' }), 201);
      const created: Study[] = [];
      for (let i = 0; i < 12; i += 1) {
        created.push(await createFor(user._id));
        await sleep(3);
      }
      const newestFirst = created.map((s) => s._id).reverse();

      const first = await ok<StudyListAnswer>(list(labA.labId, user._id, 1));
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(first.studies.map((s) => s._id)).toEqual(newestFirst.slice(0, 10));
      expect(first.studies[0]).toEqual({
        _id: created[11]._id,
        chin_name: 'Owner study',
        study_code: created[11].study_code,
        active_status: 'inactive',
        createdAt: created[11].createdAt,
      });
      const second = await ok<StudyListAnswer>(list(labA.labId, user._id, 2));
      expect(second).toMatchObject({ page: 2, pages: 2 });
      expect(second.studies.map((s) => s._id)).toEqual(newestFirst.slice(10));
      expect(await ok<StudyListAnswer>(list(labA.labId, user._id))).toEqual(first);
      // The portal goes to the last page when the page asked for is beyond it (part 2 section 9).
      expect(await ok<StudyListAnswer>(list(labA.labId, user._id, 3))).toEqual({ studies: [], pages: 2, page: 3 });
      expect(await ok<StudyListAnswer>(list(labA.labId, user._id, 50))).toEqual({ studies: [], pages: 2, page: 50 });

      // The manager's own study is listed under the manager, not under the other user.
      expect(newestFirst).not.toContain(ofManager._id);
      const managers = await ok<StudyListAnswer>(list(labA.labId, labA.managerId));
      expect(managers.studies.map((s) => s._id)).toContain(ofManager._id);
      expect(managers.studies.filter((s) => newestFirst.includes(s._id))).toEqual([]);
    });

    it('answers 400 for a managing user of another lab than the lab chosen', async () => {
      const res = await list(labA.labId, labB.managerId);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(studyMessages.managedByOtherLab);
      const reverse = await list(labB.labId, labA.managerId);
      expect(reverse.statusCode).toBe(400);
      expect(messageOf(reverse)).toBe(studyMessages.managedByOtherLab);
    });

    it('answers 404 for a lab or a user that does not exist, 400 for a missing field or a page below 1', async () => {
      const noLab = await list(MISSING_ID, labA.managerId);
      expect([noLab.statusCode, messageOf(noLab)]).toEqual([404, authMessages.labNotFound]);
      const noUser = await list(labA.labId, MISSING_ID);
      expect([noUser.statusCode, messageOf(noUser)]).toEqual([404, authMessages.userNotFound]);
      expect((await api('POST', '/api/studies/systemowner', owner, { labId: labA.labId })).statusCode).toBe(400);
      expect((await api('POST', '/api/studies/systemowner', owner, { managedByUserId: labA.managerId })).statusCode).toBe(400);
      expect((await list(labA.labId, labA.managerId, 0)).statusCode).toBe(400);
    });
  });

  describe('POST /api/studies/systemowner/create_study', () => {
    it("makes a blank study with its name, managed by the user, in the user's lab, which the lab's users then see", async () => {
      const study = await createFor(labB.managerId, '  Named by the owner ');
      expect(study).toMatchObject({ lab: labB.labId, active_status: 'inactive', chin_name: 'Named by the owner' });
      expect(study.stage_list).toHaveLength(1);
      expect(study.stage_list[0]).toMatchObject({ stage_num: 1, consent_info: { consent_needed: true } });
      expect(study.stage_list[0].participant_group_list.map((g) => g.group_num)).toEqual([1]);

      const listed = await ok<StudyListAnswer>(list(labB.labId, labB.managerId));
      expect(listed.studies.map((s) => s._id)).toContain(study._id);
      const own = await ok<StudyListAnswer>(api('GET', '/api/studies', managerB, undefined, 'dark.localhost'));
      expect(own.studies.map((s) => s._id)).toContain(study._id);
      // Lab A's manager does not see it.
      expect((await api('GET', `/api/studies/${study._id}`, managerA)).statusCode).toBe(404);
    });

    it('answers 404 for a user that does not exist and 400 without a user', async () => {
      const res = await api('POST', '/api/studies/systemowner/create_study', owner, { userId: MISSING_ID, chin_name: 'Nobody' });
      expect([res.statusCode, messageOf(res)]).toEqual([404, authMessages.userNotFound]);
      expect((await api('POST', '/api/studies/systemowner/create_study', owner, {})).statusCode).toBe(400);
    });

    it('refuses a blank name with the message of the lab user\'s Create Study, making nothing', async () => {
      const before = await ok<StudyListAnswer>(list(labB.labId, labB.managerId));
      const res = await api('POST', '/api/studies/systemowner/create_study', owner, { userId: labB.managerId, chin_name: '   ' });
      expect([res.statusCode, messageOf(res)]).toEqual([400, studyMessages.studyNameRequired]);
      expect(await ok<StudyListAnswer>(list(labB.labId, labB.managerId))).toEqual(before);
    });

    it("still answers the specification's call ({userId} only) with a blank study without a name", async () => {
      const study = await ok<Study>(api('POST', '/api/studies/systemowner/create_study', owner, { userId: labB.managerId }), 201);
      expect(study).toMatchObject({ chin_name: '', active_status: 'inactive' });
    });
  });

  describe('a study of any lab', () => {
    it('reads a study made by a lab user of another organization', async () => {
      const study = await studyOfLabB();
      expect(await read(study._id)).toEqual(study);
      const missing = await api('GET', `/api/studies/systemowner/${MISSING_ID}`, owner);
      expect([missing.statusCode, messageOf(missing)]).toEqual([404, studyMessages.studyNotFound]);
    });

    it('activates, deactivates and deletes only when inactive, with the lab user rules', async () => {
      const study = await studyOfLabB();
      const path = `/api/studies/systemowner/${study._id}`;
      const refused = await api('POST', `${path}/activate`, owner);
      expect([refused.statusCode, json(refused)]).toEqual([
        409,
        { message: studyMessages.activationRefused, problems: [studyMessages.activationConsentEmpty, studyMessages.activationStudyNoAssessment, `Stage 1: ${studyMessages.activationStageUnnamed}`] },
      ]);
      expect((await read(study._id)).active_status).toBe('inactive');
      await makeRunnable(study);
      expect(messageOf(await api('POST', `${path}/activate`, owner))).toBe(studyMessages.studyActivated);
      expect((await read(study._id)).active_status).toBe('active');
      const again = await api('POST', `${path}/activate`, owner);
      expect([again.statusCode, messageOf(again)]).toEqual([409, studyMessages.studyAlreadyActive]);
      const whileActive = await api('DELETE', path, owner);
      expect([whileActive.statusCode, messageOf(whileActive)]).toEqual([409, studyMessages.onlyInactiveDelete]);
      expect(messageOf(await api('POST', `${path}/deactivate`, owner))).toBe(studyMessages.studyDeactivated);
      const inactive = await api('POST', `${path}/deactivate`, owner);
      expect([inactive.statusCode, messageOf(inactive)]).toEqual([409, studyMessages.studyAlreadyInactive]);
      const deleted = await api('DELETE', path, owner);
      expect([deleted.statusCode, messageOf(deleted)]).toEqual([200, studyMessages.studyDeleted]);
      expect((await api('GET', path, owner)).statusCode).toBe(404);
      expect((await api('GET', `/api/studies/${study._id}`, managerB, undefined, 'dark.localhost')).statusCode).toBe(404);
      for (const [method, suffix] of [['POST', '/activate'], ['POST', '/deactivate'], ['DELETE', '']] as const) {
        expect((await api(method, `/api/studies/systemowner/${MISSING_ID}${suffix}`, owner)).statusCode).toBe(404);
      }
    });

    it('adds stages and groups, never a group on stage 1, and deletes a stage by number, never stage 1', async () => {
      const study = await studyOfLabB();
      const two = await ok(addStage(study._id));
      expect(two.stage_list.map((s) => s.stage_num)).toEqual([1, 2]);
      const stage2 = two.stage_list[1];
      const grown = await ok(addGroup(stage2._id));
      expect(grown.stage_list[1].participant_group_list.map((g) => g.group_num)).toEqual([1, 2]);
      const onStageOne = await addGroup(two.stage_list[0]._id);
      expect([onStageOne.statusCode, messageOf(onStageOne)]).toEqual([400, studyMessages.noGroupOnStageOne]);
      const noStage = await addGroup(MISSING_ID);
      expect([noStage.statusCode, messageOf(noStage)]).toEqual([404, studyMessages.stageNotFound]);

      await ok(addStage(study._id));
      const removed = await ok(deleteStage(study._id, 2));
      expect(removed.stage_list.map((s) => s.stage_num)).toEqual([1, 2]);
      expect(removed.stage_list.map((s) => s._id)).not.toContain(stage2._id);
      const first = await deleteStage(study._id, 1);
      expect([first.statusCode, messageOf(first)]).toEqual([400, studyMessages.stageOneNotDeletable]);
      expect((await deleteStage(study._id, 9)).statusCode).toBe(404);
      expect((await addStage(MISSING_ID)).statusCode).toBe(404);
    });

    it("delete_group takes a group's id, or a number only one stage has (else 400); never group 1", async () => {
      const study = await studyOfLabB();
      await ok(addStage(study._id));
      const three = await ok(addStage(study._id));
      const [, stage2, stage3] = three.stage_list;
      await ok(addGroup(stage2._id));
      await ok(addGroup(stage2._id));
      const built = await ok(addGroup(stage3._id));
      // Stage 2 has groups 1..3, stage 3 groups 1..2.
      expect(built.stage_list.map((s) => s.participant_group_list.length)).toEqual([1, 3, 2]);

      // Number 3: only stage 2 has it.
      const byNumber = await ok(deleteGroup(study._id, 3));
      expect(byNumber.stage_list.map((s) => s.participant_group_list.length)).toEqual([1, 2, 2]);
      expect(byNumber.stage_list[1].participant_group_list.map((g) => g._id)).toEqual(built.stage_list[1].participant_group_list.slice(0, 2).map((g) => g._id));

      // Number 2: stages 2 and 3 both have it.
      const unclear = await deleteGroup(study._id, 2);
      expect([unclear.statusCode, messageOf(unclear)]).toEqual([400, studyMessages.groupNumberUnclear]);

      // By id: stage 3's group 2.
      const target = byNumber.stage_list[2].participant_group_list[1];
      const byId = await ok(deleteGroup(study._id, target._id));
      expect(byId.stage_list.map((s) => s.participant_group_list.length)).toEqual([1, 2, 1]);
      // Now number 2 names stage 2's group 2 alone.
      const nowClear = await ok(deleteGroup(study._id, 2));
      expect(nowClear.stage_list.map((s) => s.participant_group_list.length)).toEqual([1, 1, 1]);

      const groupOne = await deleteGroup(study._id, 1);
      expect([groupOne.statusCode, messageOf(groupOne)]).toEqual([400, studyMessages.groupOneNotDeletable]);
      const groupOneById = await deleteGroup(study._id, nowClear.stage_list[2].participant_group_list[0]._id);
      expect([groupOneById.statusCode, messageOf(groupOneById)]).toEqual([400, studyMessages.groupOneNotDeletable]);
      const unknown = await deleteGroup(study._id, MISSING_ID);
      expect([unknown.statusCode, messageOf(unknown)]).toEqual([404, studyMessages.groupNotFound]);
      // Another study's group is not this study's.
      const other = await studyOfLabB();
      await ok(addStage(other._id));
      const otherStudy = await ok(addGroup((await read(other._id)).stage_list[1]._id));
      expect((await deleteGroup(study._id, otherStudy.stage_list[1].participant_group_list[1]._id)).statusCode).toBe(404);
    });

    it("saves the whole study with every part, the study's lab's questionnaires only, and the shared rules' messages", async () => {
      const study = await studyOfLabB();
      const qx = await questionnaire(managerB, 'dark.localhost', 'Mood', `MOOD${database}`);
      const qxOfA = await questionnaire(managerA, 'localhost', 'Sleep', `SLEEP${database}`);
      const stage = study.stage_list[0];
      const group = stage.participant_group_list[0];
      const setting = {
        questionnaire_list: [qx._id],
        time_randomize: false,
        time_list: ['09:00'],
        randomize_settings: [],
        timezone: 'Asia/Hong_Kong',
        number_of_days: 7,
        day_one_eq_same_day: true,
        reminder_interval: 5,
        response_in: 15,
      };
      const body = (changes: Partial<typeof setting>, list: string[] = [qx._id]): StudyEditBody => ({
        chin_name: 'Owner study',
        contact_person_name: 'Ada',
        contact_email: 'ada@lab.org',
        stage_list: [
          {
            _id: stage._id,
            chin_name: 'Baseline',
            chin_progress_message: 'In progress',
            chin_complete_message: 'Done',
            participant_group_list: [{ _id: group._id, name: 'Everyone', ema_list: [{ ...setting, ...changes }], diary_list: [], questionnaire_list: list, no_submission_limit_list: [] }],
          },
        ],
      });
      const path = `/api/studies/systemowner/${study._id}/edit_except_consent`;
      const saved = await ok(api('PUT', path, owner, body({})));
      expect(saved).toMatchObject({ chin_name: 'Owner study', contact_person_name: 'Ada', contact_email: 'ada@lab.org' });
      expect(saved.stage_list[0]).toMatchObject({ chin_name: 'Baseline', chin_progress_message: 'In progress', chin_complete_message: 'Done' });
      const savedGroup = saved.stage_list[0].participant_group_list[0];
      expect(savedGroup.name).toBe('Everyone');
      expect(savedGroup.ema_list[0].questionnaire_list).toEqual([qx]);
      expect(savedGroup.questionnaire_list).toEqual([qx]);
      expect(await read(study._id)).toEqual(saved);

      const ruleBroken = await api('PUT', path, owner, body({ number_of_days: 0 }));
      expect([ruleBroken.statusCode, messageOf(ruleBroken)]).toEqual([400, assessmentMessages.daysLargerThanZero]);
      const otherLab = await api('PUT', path, owner, body({}, [qxOfA._id]));
      expect([otherLab.statusCode, messageOf(otherLab)]).toEqual([400, assessmentMessages.questionnaireNotFound]);
      // Each field read with its type as sent, as on the lab user's call: true is no number of days.
      const daysTrue = await api('PUT', path, owner, { ...body({}), stage_list: [{ ...body({}).stage_list?.[0], participant_group_list: [{ _id: group._id, ema_list: [{ ...setting, number_of_days: true }] }] }] });
      expect([daysTrue.statusCode, messageOf(daysTrue)]).toEqual([400, assessmentMessages.daysWholeNumber]);
      expect(await read(study._id)).toEqual(saved);
    });

    it("saves the basic information on its own, trimmed, with the lab user's toast text, leaving the rest as it was", async () => {
      const study = await studyOfLabB();
      const path = `/api/studies/systemowner/${study._id}/edit_basic`;
      const res = await api('PUT', path, owner, { chin_name: '  Owner named  ', contact_person_name: 'Bo', contact_email: ' bo@lab.org ' });
      expect([res.statusCode, json(res)]).toEqual([200, { message: 'Study information was changed successfully' }]);
      expect(studyMessages.basicInfoChanged).toBe('Study information was changed successfully');
      const saved = await read(study._id);
      expect(saved).toEqual({ ...study, chin_name: 'Owner named', contact_person_name: 'Bo', contact_email: 'bo@lab.org' });
      // The study's own lab user sees it too; a field the body leaves out is kept.
      expect((await ok(api('GET', `/api/studies/${study._id}`, managerB, undefined, 'dark.localhost'))).chin_name).toBe('Owner named');
      await ok(api('PUT', path, owner, { chin_name: 'Renamed' }));
      expect(await read(study._id)).toEqual({ ...saved, chin_name: 'Renamed' });
      const missing = await api('PUT', `/api/studies/systemowner/${MISSING_ID}/edit_basic`, owner, { chin_name: 'x' });
      expect([missing.statusCode, messageOf(missing)]).toEqual([404, studyMessages.studyNotFound]);
    });

    it.each([
      ['an invalid contact email', { contact_email: 'not-an-email' }, authMessages.invalidEmail],
      ['a study name over 500 characters', { chin_name: 'x'.repeat(501) }, studyMessages.studyNameTooLong],
      ['a contact person over 200 characters', { contact_person_name: 'x'.repeat(201) }, studyMessages.contactPersonTooLong],
    ])("refuses %s in the basic information with the lab user's message and changes nothing", async (_what, payload, message) => {
      const study = await studyOfLabB();
      const res = await api('PUT', `/api/studies/systemowner/${study._id}/edit_basic`, owner, { chin_name: 'Kept', ...payload });
      expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
      expect(await read(study._id)).toEqual(study);
    });

    it('saves the consent form through its own call, sanitised', async () => {
      const study = await studyOfLabB();
      const path = `/api/studies/systemowner/${study._id}/edit_consent`;
      const res = await api('PUT', path, owner, { consent: '<p>I agree</p><script>alert(1)</script>', consentNeeded: false });
      expect([res.statusCode, messageOf(res)]).toEqual([200, studyMessages.consentUpdated]);
      const consent = (await read(study._id)).stage_list[0].consent_info;
      expect(consent.consent_needed).toBe(false);
      expect(consent.chin_content).toContain('I agree');
      expect(consent.chin_content).not.toContain('script');
      expect((await api('PUT', path, owner, { consent: 'x' })).statusCode).toBe(400);
      expect((await api('PUT', `/api/studies/systemowner/${MISSING_ID}/edit_consent`, owner, { consent: 'x', consentNeeded: true })).statusCode).toBe(404);
    });
  });

  describe('POST /api/qx_list/systemowner?pageNumber=', () => {
    it("lists the managing user's lab's questionnaires only, paged, with the last page named", async () => {
      const lab = await seedLab(t.app, owner, 1);
      const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      const user = await registerUser(t.app, owner, lab.labId);
      const path = (page?: number) => (page === undefined ? '/api/qx_list/systemowner' : `/api/qx_list/systemowner?pageNumber=${page}`);
      expect(await ok<QuestionnaireListAnswer>(api('POST', path(), owner, { managedByUserId: user._id }))).toEqual({ qx_list: [], pages: 1, page: 1 });
      const made: AssessmentListItem[] = [];
      for (let i = 0; i < 11; i += 1) {
        made.push(await questionnaire(manager, 'localhost', `Q${i}`, `Q${i}`));
        await sleep(3);
      }
      await questionnaire(managerA, 'localhost', 'Elsewhere', `ELSE${database}`);
      const first = await ok<QuestionnaireListAnswer>(api('POST', path(1), owner, { managedByUserId: user._id }));
      expect(first).toMatchObject({ page: 1, pages: 2 });
      const second = await ok<QuestionnaireListAnswer>(api('POST', path(2), owner, { managedByUserId: lab.managerId }));
      const listed = [...first.qx_list, ...second.qx_list].map(({ _id, chin_name, abbrev }) => ({ _id, chin_name, abbrev }));
      expect(listed).toEqual([...made].reverse());
      expect(await ok<QuestionnaireListAnswer>(api('POST', path(3), owner, { managedByUserId: user._id }))).toEqual({ qx_list: [], pages: 2, page: 3 });
      const noUser = await api('POST', path(), owner, { managedByUserId: MISSING_ID });
      expect([noUser.statusCode, messageOf(noUser)]).toEqual([404, authMessages.userNotFound]);
      expect((await api('POST', path(), owner, {})).statusCode).toBe(400);
    });
  });

  describe('who is refused', () => {
    interface Fixture {
      study: Study;
      stage2: string;
    }

    /** A study of lab A with a second stage, so that every owner call has something to change. */
    async function fixture(): Promise<Fixture> {
      const study = await createFor(labA.managerId);
      const grown = await ok(addStage(study._id));
      await ok(addGroup(grown.stage_list[1]._id));
      return { study: await read(study._id), stage2: grown.stage_list[1]._id };
    }

    function ownerCalls({ study, stage2 }: Fixture): Array<[Method, string, unknown?]> {
      const id = study._id;
      return [
        ['POST', '/api/studies/systemowner?pageNumber=1', { labId: labA.labId, managedByUserId: labA.managerId }],
        ['POST', '/api/studies/systemowner/create_study', { userId: labA.managerId, chin_name: 'Refused' }],
        ['POST', `/api/studies/systemowner/${id}/activate`],
        ['POST', `/api/studies/systemowner/${id}/deactivate`],
        ['DELETE', `/api/studies/systemowner/${id}`],
        ['GET', `/api/studies/systemowner/${id}`],
        ['PUT', `/api/studies/systemowner/${id}/add_stage`],
        ['PUT', `/api/studies/systemowner/${id}/edit_except_consent`, { chin_name: 'Changed' }],
        ['PUT', `/api/studies/systemowner/${id}/edit_consent`, { consent: 'Changed', consentNeeded: false }],
        ['PUT', `/api/studies/systemowner/${id}/edit_basic`, { chin_name: 'Changed' }],
        ['POST', `/api/studies/systemowner/${id}/download_resp_time`, { stageId: study.stage_list[0]._id }],
        ['DELETE', `/api/studies/systemowner/${id}/2/delete_group`],
        ['DELETE', `/api/studies/systemowner/${id}/2/delete_stage`],
        ['PUT', `/api/studies/systemowner/${stage2}/add_group`],
        ['POST', '/api/qx_list/systemowner?pageNumber=1', { managedByUserId: labA.managerId }],
      ];
    }

    /** Every study of lab A, with its status: a refused call creates, deletes or changes none. */
    async function studyCount(): Promise<string[]> {
      const rows = await t.app.ctx.db.selectFrom('studies').select(['id', 'active_status', 'chin_name']).where('lab_id', '=', labA.labId).orderBy('id').execute();
      return rows.map((r) => `${r.id}:${r.active_status}:${r.chin_name}`);
    }

    it("refuses a lab user's token on every owner call with 403 and changes nothing, even for the user's own lab's study", async () => {
      const f = await fixture();
      const before = await studyCount();
      const member = await registerUser(t.app, owner, labA.labId);
      const memberToken = await labUserToken(t.app, member.email, member.password);
      for (const token of [managerA, memberToken]) {
        for (const [method, url, payload] of ownerCalls(f)) {
          const res = await api(method, url, token, payload);
          expect([method, url, res.statusCode, messageOf(res)]).toEqual([method, url, 403, authMessages.systemOwnerOnly]);
        }
      }
      expect(await read(f.study._id)).toEqual(f.study);
      expect(await studyCount()).toEqual(before);
    });

    it('refuses every owner call without a token with 401', async () => {
      const f = await fixture();
      for (const [method, url, payload] of ownerCalls(f)) {
        const res = await api(method, url, undefined, payload);
        expect([method, url, res.statusCode]).toEqual([method, url, 401]);
      }
      expect(await read(f.study._id)).toEqual(f.study);
    });

    it("refuses the owner's token on another host than the main host with 403 and changes nothing", async () => {
      const f = await fixture();
      const before = await studyCount();
      for (const host of ['dark.localhost', 'lab.localhost', 'portal.example.org']) {
        for (const [method, url, payload] of ownerCalls(f)) {
          const res = await api(method, url, owner, payload, host);
          expect([host, method, url, res.statusCode, messageOf(res)]).toEqual([host, method, url, 403, authMessages.systemOwnerMainHostOnly]);
        }
      }
      expect(await read(f.study._id)).toEqual(f.study);
      expect(await studyCount()).toEqual(before);
    });

    it("gets nothing from the lab user's study calls with the owner's token: 403 and no change", async () => {
      const f = await fixture();
      const id = f.study._id;
      const labUserCalls: Array<[Method, string, unknown?]> = [
        ['GET', '/api/studies?pageNumber=1'],
        ['POST', '/api/studies'],
        ['GET', `/api/studies/${id}`],
        ['DELETE', `/api/studies/${id}`],
        ['POST', `/api/studies/${id}/activate`],
        ['POST', `/api/studies/${id}/deactivate`],
        ['PUT', `/api/studies/${id}/add_stage`],
        ['PUT', `/api/studies/${f.stage2}/add_group`],
        ['DELETE', `/api/studies/${id}/2/delete_group`],
        ['DELETE', `/api/studies/${id}/2/delete_stage`],
        ['PUT', `/api/studies/${id}/edit_except_consent`, { chin_name: 'Changed' }],
        ['PUT', `/api/studies/${id}/edit_basic`, { chin_name: 'Changed' }],
        ['PUT', `/api/studies/${id}/edit_consent`, { consent: 'Changed', consentNeeded: false }],
        ['GET', '/api/qx_list?pageNumber=1'],
      ];
      const before = await studyCount();
      for (const [method, url, payload] of labUserCalls) {
        const res = await api(method, url, owner, payload);
        expect([method, url, res.statusCode, messageOf(res)]).toEqual([method, url, 403, authMessages.labUserOnly]);
      }
      expect(await read(id)).toEqual(f.study);
      expect(await studyCount()).toEqual(before);
    });
  });

  it('describes every owner call in the OpenAPI document with the bearer scheme, its body and its answers', async () => {
    // The description names the sign-in's password field, so it is read without the secrets scan.
    const doc = json<OpenApiDocument>(await call(t.app, { method: 'GET', url: '/api/docs/json' }));
    const calls: Array<[string, string, boolean, string?]> = [
      ['post', '/api/studies/systemowner', true],
      ['post', '/api/studies/systemowner/create_study', true, '201'],
      ['post', '/api/studies/systemowner/{id}/activate', false],
      ['post', '/api/studies/systemowner/{id}/deactivate', false],
      ['delete', '/api/studies/systemowner/{id}', false],
      ['get', '/api/studies/systemowner/{id}', false],
      ['put', '/api/studies/systemowner/{id}/add_stage', false],
      ['put', '/api/studies/systemowner/{id}/edit_except_consent', true],
      ['put', '/api/studies/systemowner/{studyId}/edit_consent', true],
      ['put', '/api/studies/systemowner/{id}/edit_basic', true],
      ['post', '/api/studies/systemowner/{id}/download_resp_time', true],
      ['delete', '/api/studies/systemowner/{studyId}/{groupNum}/delete_group', false],
      ['delete', '/api/studies/systemowner/{studyId}/{stageNum}/delete_stage', false],
      ['put', '/api/studies/systemowner/{stageId}/add_group', false],
      ['post', '/api/qx_list/systemowner', true],
    ];
    for (const [method, path, hasBody, success = '200'] of calls) {
      const operation = doc.paths[path]?.[method];
      expect([method, path, operation !== undefined]).toEqual([method, path, true]);
      expect(operation?.security).toEqual([{ bearerAuth: [] }]);
      expect([method, path, operation?.requestBody !== undefined]).toEqual([method, path, hasBody]);
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining([success, '400', '401', '403', '404']));
    }
  });
});
