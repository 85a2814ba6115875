// A participation's end (PARTICIPANTS.md step 6): the researcher withdraws or marks completed (tasks still to
// come cancelled, answers kept, the app sees it, meaningless moves refused with 409, another lab 404), and a
// participation completes by itself when read once its last stage's plan has ended.
import type { LightMyRequestResponse } from 'fastify';
import { DateTime } from 'luxon';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings, type GroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Questionnaire } from '../../../src/shared/questionnaire/types';
import { participantMessages, studyMessages } from '../../../src/shared/messages';
import { participationStatusMessages } from '../../../src/shared/participationStatus';
import { DEFAULT_TIMEZONE, newDiarySetting, newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { ActivityPage } from '../../../src/shared/audit';
import type { GetParticipantsAnswer, Participant, ParticipationStatus } from '../../../src/shared/types/participant';
import type { AppParticipation, AppTasksAnswer } from '../../../src/shared/types/participantApp';

jest.setTimeout(60_000);

type Method = 'GET' | 'POST' | 'PATCH';

describe.each(databases)('participation status (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let otherManager: string;
  let q: Questionnaire;
  let study: Study;

  const item = (id: string) => ({ _id: id, chin_name: '', abbrev: '' });

  /** EMA on three days, a four-day diary, one-time and anytime tasks, all with the one questionnaire. */
  const fullPlan = (): GroupSettings => ({
    ema: [{ ...newEmaSetting(), questionnaire_list: [item(q._id)], time_list: ['00:00', '06:00', '12:00', '18:00'], number_of_days: 3 }],
    diary: [{ ...newDiarySetting(), questionnaire_list: [item(q._id)], number_of_days: 4 }],
    once: [q._id],
    anytime: [q._id],
  });

  /** An active two-stage study without consent; each stage's group 1 gets the given settings. */
  async function twoStageStudy(stage1: GroupSettings, stage2: GroupSettings): Promise<Study> {
    const s = await createStudy(t.app, manager, { active: true, stages: 2 });
    await setGroupSettings(t.app.ctx.db, s.stage_list[0].participant_group_list[0]._id, stage1);
    await setGroupSettings(t.app.ctx.db, s.stage_list[1].participant_group_list[0]._id, stage2);
    return s;
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    q = await createQuestionnaire(t.app, manager, () => [
      { ...makeQuestion('q0', 'r0'), question_num: '1', position: 0, other_info: [{ ...makeResponse('r0', 'text'), position: 0 }] },
    ]);
    study = await twoStageStudy(fullPlan(), fullPlan());
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function api(method: Method, url: string, token: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  }

  const setStatus = (participantId: string, status: string, s: Study = study, token = manager) =>
    api('PATCH', `/api/participants/${participantId}/status`, token, { studyId: s._id, status });

  interface Joined {
    participant: Participant;
    token: string;
  }

  /** A participant of the study, in the given stage's group 1, arrived (the plan made) unless told not to. */
  async function joined(s: Study, stageNum = 1, arrive = true): Promise<Joined> {
    const participant = await createParticipant(t.app, manager, s._id);
    const token = (await appLogin(t.app, participant.email)).token;
    if (stageNum > 1) {
      const stage = s.stage_list[stageNum - 1];
      const res = await api('PATCH', `/api/participants/${participant._id}/assign_group`, manager, {
        studyId: s._id,
        stageId: stage._id,
        groupId: stage.participant_group_list[0]._id,
      });
      expect(res.statusCode).toBe(200);
    }
    if (arrive) await tasks(s, token);
    return { participant, token };
  }

  async function tasks(s: Study, token: string): Promise<AppTasksAnswer> {
    const res = await api('GET', `/api/app/studies/${s._id}/tasks`, token);
    expect(res.statusCode).toBe(200);
    return json<AppTasksAnswer>(res);
  }

  let seq = 0;
  async function answer(s: Study, token: string, taskId: string | null): Promise<string> {
    seq += 1;
    const now = new Date().toISOString();
    const res = await api('POST', `/api/app/studies/${s._id}/responses`, token, {
      submissionId: `status-${seq}-${Date.now()}`,
      taskId,
      questionnaireId: q._id,
      startedAt: now,
      submittedAt: now,
      answers: [{ question_pos: 0, response_pos: 0, value: 'fine' }],
    });
    expect([res.statusCode, res.body]).toEqual([201, res.body]);
    return json<{ _id: string }>(res)._id;
  }

  async function appStatus(s: Study, token: string): Promise<ParticipationStatus | undefined> {
    const res = await api('GET', '/api/app/studies', token);
    return json<{ participations: AppParticipation[] }>(res).participations.find((p) => p.study._id === s._id)?.status;
  }

  async function listed(s: Study, participantId: string): Promise<Participant | undefined> {
    const res = await api('GET', `/api/participants/${s._id}/get_participants`, manager);
    expect(res.statusCode).toBe(200);
    return json<GetParticipantsAnswer>(res).participantsData.participants.find((p) => p._id === participantId);
  }

  const participationOf = (participantId: string, s: Study = study) =>
    t.app.ctx.db.selectFrom('participations').selectAll().where('participant_id', '=', participantId).where('study_id', '=', s._id).executeTakeFirstOrThrow();

  const tasksOf = async (participantId: string, s: Study = study) =>
    t.app.ctx.db.selectFrom('tasks').selectAll().where('participation_id', '=', (await participationOf(participantId, s)).id).execute();

  const submissionCount = async (participantId: string) =>
    (await t.app.ctx.db.selectFrom('submissions').select('id').where('participant_id', '=', participantId).execute()).length;

  /** Moves the participant's EMA windows into the past and their diary periods to a finished one. */
  async function endThePlan(participantId: string, s: Study): Promise<void> {
    const { id } = await participationOf(participantId, s);
    await t.app.ctx.db
      .updateTable('tasks')
      .set({ notification_datetime: '2020-01-01T00:00:00.000Z', window_closes_at: '2020-01-01T00:15:00.000Z' })
      .where('participation_id', '=', id)
      .where('kind', '=', 'ema')
      .execute();
    await t.app.ctx.db.updateTable('tasks').set({ diary_start_date: '2020-01-01' }).where('participation_id', '=', id).where('kind', '=', 'diary').execute();
  }

  describe('the researcher withdraws', () => {
    it('cancels the tasks still to come, keeps every answer, and the app and the list show it', async () => {
      const { participant, token } = await joined(study);
      const plan = await tasks(study, token);
      await answer(study, token, plan.once[0]._id);
      await answer(study, token, null);
      const res = await setStatus(participant._id, 'withdrawn');
      expect(res.statusCode).toBe(200);
      const body = json<{ message: string; participant: Participant }>(res);
      expect(body.message).toBe(participationStatusMessages.withdrawn);
      expect(body.participant.participation[0].status).toBe('withdrawn');

      const after = await tasksOf(participant._id);
      expect(after.filter((x) => x.kind === 'ema').every((x) => x.status === 'cancelled' && x.cancelled_at !== null)).toBe(true);
      expect(after.filter((x) => x.kind === 'diary' || x.kind === 'anytime').map((x) => x.status)).toEqual(['cancelled', 'cancelled']);
      expect(after.find((x) => x.kind === 'once')?.status).toBe('completed');
      expect(await submissionCount(participant._id)).toBe(2);
      expect((await participationOf(participant._id)).withdrawn_at).not.toBeNull();
      expect(await appStatus(study, token)).toBe('withdrawn');
      expect((await listed(study, participant._id))?.participation[0].status).toBe('withdrawn');
      const refused = await api('POST', `/api/app/studies/${study._id}/responses`, token, {
        submissionId: `late-${Date.now()}`,
        taskId: null,
        questionnaireId: q._id,
        startedAt: new Date().toISOString(),
        submittedAt: new Date().toISOString(),
        answers: [],
      });
      expect([refused.statusCode, messageOf(refused)]).toEqual([409, participantMessages.alreadyWithdrawn]);
    });

    it('refuses a second withdrawal, completing, the participant’s own withdrawal and a new assignment (409)', async () => {
      const { participant, token } = await joined(study);
      expect((await setStatus(participant._id, 'withdrawn')).statusCode).toBe(200);
      const { withdrawn_at: first } = await participationOf(participant._id);
      for (const status of ['withdrawn', 'completed']) {
        const res = await setStatus(participant._id, status);
        expect([status, res.statusCode, messageOf(res)]).toEqual([status, 409, participantMessages.participantWithdrawn]);
      }
      const own = await api('POST', `/api/app/studies/${study._id}/withdraw`, token);
      expect([own.statusCode, messageOf(own)]).toEqual([409, participantMessages.alreadyWithdrawn]);
      const stage = study.stage_list[1];
      const assign = await api('PATCH', `/api/participants/${participant._id}/assign_group`, manager, {
        studyId: study._id,
        stageId: stage._id,
        groupId: stage.participant_group_list[0]._id,
      });
      expect([assign.statusCode, messageOf(assign)]).toEqual([409, participantMessages.participantWithdrawn]);
      expect((await participationOf(participant._id)).withdrawn_at).toBe(first);
    });

    it('a participant withdrawn in the app is refused by the researcher’s calls the same way', async () => {
      const { participant, token } = await joined(study);
      expect((await api('POST', `/api/app/studies/${study._id}/withdraw`, token)).statusCode).toBe(200);
      expect((await tasksOf(participant._id)).filter((x) => x.kind === 'ema').every((x) => x.status === 'cancelled')).toBe(true);
      const res = await setStatus(participant._id, 'completed');
      expect([res.statusCode, messageOf(res)]).toEqual([409, participantMessages.participantWithdrawn]);
    });
  });

  describe('the researcher marks completed', () => {
    it('cancels the tasks still to come, keeps every answer; then refuses every other move (409)', async () => {
      const { participant, token } = await joined(study);
      const plan = await tasks(study, token);
      await answer(study, token, plan.once[0]._id);
      const res = await setStatus(participant._id, 'completed');
      expect(res.statusCode).toBe(200);
      const body = json<{ message: string; participant: Participant }>(res);
      expect([body.message, body.participant.participation[0].status]).toEqual([participationStatusMessages.completed, 'completed']);

      const after = await tasksOf(participant._id);
      const open = after.filter((x) => x.status !== 'cancelled' && x.status !== 'completed');
      expect(open).toEqual([]);
      expect(after.filter((x) => x.status === 'completed').length).toBeGreaterThan(0);
      expect(await submissionCount(participant._id)).toBe(1);
      expect((await participationOf(participant._id)).completed_at).not.toBeNull();
      expect(await appStatus(study, token)).toBe('completed');
      expect((await listed(study, participant._id))?.participation[0].status).toBe('completed');

      for (const status of ['completed', 'withdrawn']) {
        const again = await setStatus(participant._id, status);
        expect([status, again.statusCode, messageOf(again)]).toEqual([status, 409, participationStatusMessages.alreadyCompleted]);
      }
      const own = await api('POST', `/api/app/studies/${study._id}/withdraw`, token);
      expect([own.statusCode, messageOf(own)]).toEqual([409, participationStatusMessages.youCompleted]);
      const stage = study.stage_list[1];
      const assign = await api('PATCH', `/api/participants/${participant._id}/assign_group`, manager, {
        studyId: study._id,
        stageId: stage._id,
        groupId: stage.participant_group_list[0]._id,
      });
      expect([assign.statusCode, messageOf(assign)]).toEqual([409, participationStatusMessages.completedNotAssignable]);
      const anytime = (await tasks(study, token)).anytime[0];
      expect(anytime.status).toBe('cancelled');
    });

    it('refuses a participant who has not agreed to the consent form (409); withdrawing them works', async () => {
      const s = await createStudy(t.app, manager, { active: true, consent: true });
      const participant = await createParticipant(t.app, manager, s._id);
      expect(participant.participation[0].status).toBe('invited');
      const res = await setStatus(participant._id, 'completed', s);
      expect([res.statusCode, messageOf(res)]).toEqual([409, participationStatusMessages.notConsented]);
      const withdrawn = await setStatus(participant._id, 'withdrawn', s);
      expect([withdrawn.statusCode, json<{ participant: Participant }>(withdrawn).participant.participation[0].status]).toEqual([200, 'withdrawn']);
    });

    it('two racing calls: one moves the participation, the other is refused', async () => {
      const { participant } = await joined(study);
      const answers = await Promise.all([setStatus(participant._id, 'completed'), setStatus(participant._id, 'withdrawn')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });
  });

  describe('who may', () => {
    it('another lab’s study answers 404; a participant not in the study 404; a status that is not an end 400', async () => {
      const { participant } = await joined(study);
      const otherLab = await setStatus(participant._id, 'withdrawn', study, otherManager);
      expect([otherLab.statusCode, messageOf(otherLab)]).toEqual([404, studyMessages.studyNotFound]);
      const elsewhere = await createStudy(t.app, manager, { active: true });
      const notIn = await setStatus(participant._id, 'withdrawn', elsewhere);
      expect([notIn.statusCode, messageOf(notIn)]).toEqual([404, participantMessages.participantNotFound]);
      for (const status of ['enrolled', 'invited', '']) {
        expect([status, (await setStatus(participant._id, status)).statusCode]).toEqual([status, 400]);
      }
      expect((await participationOf(participant._id)).status).toBe('enrolled');
    });
  });

  describe('completed by the plan’s end, when read', () => {
    it('in the last stage, with every window closed, every diary over and the one-time questionnaire answered', async () => {
      const s = await twoStageStudy({ once: [q._id] }, fullPlan());
      const { participant, token } = await joined(s, 2);
      await endThePlan(participant._id, s);
      expect((await participationOf(participant._id, s)).status).toBe('enrolled');
      const plan = await tasks(s, token);
      expect((await participationOf(participant._id, s)).status).toBe('enrolled');
      await answer(s, token, plan.once[0]._id);
      const before = new Date().toISOString();
      expect((await listed(s, participant._id))?.participation[0].status).toBe('completed');
      const stored = await participationOf(participant._id, s);
      expect(stored.completed_at !== null && stored.completed_at >= before).toBe(true);
      const after = await tasksOf(participant._id, s);
      expect(after.find((x) => x.kind === 'anytime')?.status).toBe('cancelled');
      // What had ended stays as it was: the record of the plan stays true.
      expect(after.find((x) => x.kind === 'diary')?.status).toBe('planned');
      expect(after.find((x) => x.kind === 'once')?.status).toBe('completed');
      expect(await appStatus(s, token)).toBe('completed');
      expect(await submissionCount(participant._id)).toBe(1);
      // The study's Activity names the completion once, made by the system.
      const activity = await send(t.app, { method: 'GET', url: `/api/activity?studyId=${s._id}&kind=participant.completed`, token: manager });
      expect(json<ActivityPage>(activity).entries).toEqual([
        expect.objectContaining({ actorKind: 'system', actorId: null, entityId: participant._id, changes: [{ field: 'status', before: 'enrolled', after: 'completed' }] }),
      ]);
    });

    it('on the app’s tasks call too, and on its list of studies', async () => {
      const s = await twoStageStudy({}, { ema: fullPlan().ema });
      const a = await joined(s, 2);
      const b = await joined(s, 2);
      await endThePlan(a.participant._id, s);
      await endThePlan(b.participant._id, s);
      await tasks(s, a.token);
      expect((await participationOf(a.participant._id, s)).status).toBe('completed');
      expect((await participationOf(b.participant._id, s)).status).toBe('enrolled');
      expect(await appStatus(s, b.token)).toBe('completed');
    });

    it('not in a stage before the last, nor with a one-time questionnaire unanswered', async () => {
      const s = await twoStageStudy(fullPlan(), fullPlan());
      const first = await joined(s, 1);
      const plan = await tasks(s, first.token);
      await answer(s, first.token, plan.once[0]._id);
      await endThePlan(first.participant._id, s);
      const unanswered = await joined(s, 2);
      await endThePlan(unanswered.participant._id, s);
      expect((await listed(s, first.participant._id))?.participation[0].status).toBe('enrolled');
      expect((await listed(s, unanswered.participant._id))?.participation[0].status).toBe('enrolled');
      expect(await appStatus(s, unanswered.token)).toBe('enrolled');
      // Answering it ends the plan: the next read shows the participation completed.
      await answer(s, unanswered.token, (await tasks(s, unanswered.token)).once[0]._id);
      expect((await listed(s, unanswered.participant._id))?.participation[0].status).toBe('completed');
    });

    it('not while an EMA window is open or a diary period runs (its last day is today in its zone)', async () => {
      const s = await twoStageStudy({}, { ema: fullPlan().ema, diary: fullPlan().diary });
      const ema = await joined(s, 2);
      await endThePlan(ema.participant._id, s);
      const { id } = await participationOf(ema.participant._id, s);
      // A prompt ten minutes ago whose fifteen-minute window is still open.
      const prompt = (await tasksOf(ema.participant._id, s)).find((x) => x.kind === 'ema' && x.reminder === 0);
      await t.app.ctx.db
        .updateTable('tasks')
        .set({ notification_datetime: new Date(Date.now() - 10 * 60_000).toISOString(), window_closes_at: new Date(Date.now() + 5 * 60_000).toISOString() })
        .where('id', '=', prompt?.id ?? '')
        .execute();

      const diary = await joined(s, 2);
      await endThePlan(diary.participant._id, s);
      const today = DateTime.now().setZone(DEFAULT_TIMEZONE).toISODate() ?? '';
      const diaryId = (await participationOf(diary.participant._id, s)).id;
      await t.app.ctx.db.updateTable('tasks').set({ diary_start_date: today, number_of_days: 1 }).where('participation_id', '=', diaryId).where('kind', '=', 'diary').execute();

      expect((await listed(s, ema.participant._id))?.participation[0].status).toBe('enrolled');
      expect((await listed(s, diary.participant._id))?.participation[0].status).toBe('enrolled');
      // Yesterday's last day is over.
      const yesterday = DateTime.now().setZone(DEFAULT_TIMEZONE).minus({ days: 1 }).toISODate() ?? '';
      await t.app.ctx.db.updateTable('tasks').set({ diary_start_date: yesterday }).where('participation_id', '=', diaryId).where('kind', '=', 'diary').execute();
      expect((await listed(s, diary.participant._id))?.participation[0].status).toBe('completed');
      await t.app.ctx.db.updateTable('tasks').set({ window_closes_at: '2020-01-01T00:15:00.000Z' }).where('participation_id', '=', id).where('kind', '=', 'ema').execute();
      expect((await listed(s, ema.participant._id))?.participation[0].status).toBe('completed');
    });

    it('not with a plan of anytime questionnaires only, nor before the participant has arrived', async () => {
      const s = await twoStageStudy({}, { anytime: [q._id] });
      const anytime = await joined(s, 2);
      const notArrived = await joined(s, 2, false);
      expect((await listed(s, anytime.participant._id))?.participation[0].status).toBe('enrolled');
      expect((await listed(s, notArrived.participant._id))?.participation[0].status).toBe('enrolled');
      expect((await tasks(s, anytime.token)).anytime[0].status).toBe('planned');
    });

    it('the researcher’s move reads the plan’s end first: withdrawing an ended participation is refused', async () => {
      const s = await twoStageStudy({}, { ema: fullPlan().ema });
      const { participant } = await joined(s, 2);
      await endThePlan(participant._id, s);
      const res = await setStatus(participant._id, 'withdrawn', s);
      expect([res.statusCode, messageOf(res)]).toEqual([409, participationStatusMessages.alreadyCompleted]);
    });
  });
});
