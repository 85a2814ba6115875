// Editing a live study (issue 21): a study with participants in different states (arrived a day ago with an
// answered prompt, arrived now with a delivered prompt, a pilot a day ahead on its own clock, one not yet
// arrived). Moving a time, lengthening a diary and adding a one-time questionnaire: the preview lists exactly
// what changes for whom; applying re-plans only the future, never makes two prompts at one moment and never
// touches past, delivered or answered prompts; not applying leaves every plan as it was; adding a group
// changes nobody's plan.
import { DateTime } from 'luxon';
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { PNG } from '../../support/mediaSamples';
import { send } from '../support/api';
import { addGroup, appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'csv-parse/sync';
import type { FileDownloadAnswer } from '../../../src/shared/types/dataDownloads';
import type { AppTasksAnswer, UploadAnswer } from '../../../src/shared/types/participantApp';
import { questionnaireCsvName } from '../../../src/shared/dataDownloads';
import { TEXT_FIXED_COLUMNS } from '../../../src/server/services/exports/textResponses';
import type { QuestionnaireVersionsAnswer, RepointAnswer } from '../../../src/shared/types/questionnaireVersions';
import { liveEditTexts } from '../../../src/shared/messages';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import { newDiarySetting, newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import type { Study } from '../../../src/shared/types/study';
import type { TaskRow } from '../../../src/server/db/types';
import { noImpact, type ImpactCounts, type LiveEditImpact } from '../../../src/shared/types/liveEdits';
import { arrive } from '../../../src/server/services/plan/arrival';
import { participationNow } from '../../../src/server/services/pilot/clock';

jest.setTimeout(90_000);

const HOUR = 3_600_000;
const ZONE = 'Asia/Hong_Kong';
const DAYS = 3;

function textQuestion(id: string, num: string): Question {
  return { ...makeQuestion(id, `${id}-r`), question_num: num, position: 0, other_info: [{ ...makeResponse(`${id}-r`, 'text'), position: 0 }] };
}

function textQuestions(): Question[] {
  return [textQuestion('q1', '1')];
}

interface Member {
  participantId: string;
  participationId: string;
  offsetMs: number;
}

describe.each(databases)('editing a live study (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let labId: string;
  let mood: Questionnaire;
  let energy: Questionnaire;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    labId = lab.labId;
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    mood = await createQuestionnaire(t.app, manager, textQuestions);
    energy = await createQuestionnaire(t.app, manager, textQuestions);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const item = (q: Questionnaire) => ({ _id: q._id, chin_name: '', abbrev: '' });
  const db = () => t.app.ctx.db;

  function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token: manager, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  async function liveStudy(): Promise<Study> {
    const s = await createStudy(t.app, manager, { active: true, stages: 2 });
    await setGroupSettings(db(), s.stage_list[0].participant_group_list[0]._id, {
      ema: [{ ...newEmaSetting(ZONE), questionnaire_list: [item(mood)], time_list: ['09:00', '13:00', '19:00'], number_of_days: DAYS }],
      diary: [{ ...newDiarySetting(ZONE), questionnaire_list: [item(mood)], number_of_days: 4 }],
      once: [mood._id],
    });
    const res = await api('GET', `/api/studies/${s._id}`);
    return json<Study>(res);
  }

  async function member(s: Study, options: { arrivedAgoMs?: number; pilotOffsetMs?: number } = {}): Promise<Member> {
    const p = await createParticipant(t.app, manager, s._id);
    const offsetMs = options.pilotOffsetMs ?? 0;
    if (options.pilotOffsetMs !== undefined) await db().updateTable('participants').set({ pilot: 1 }).where('id', '=', p._id).execute();
    await db().updateTable('participations').set({ pilot_offset_ms: options.pilotOffsetMs ?? null }).where('participant_id', '=', p._id).execute();
    const participation = await db().selectFrom('participations').selectAll().where('participant_id', '=', p._id).executeTakeFirstOrThrow();
    if (options.arrivedAgoMs !== undefined) {
      const at = new Date(Date.parse(participationNow(participation)) - options.arrivedAgoMs).toISOString();
      expect(await arrive(db(), participation, labId, at)).toBe(true);
    }
    return { participantId: p._id, participationId: participation.id, offsetMs };
  }

  /** The plan as stored, without the push sender's bookkeeping (it may push a due prompt at any moment). */
  const tasksOf = async (m: Member): Promise<TaskRow[]> =>
    (await db().selectFrom('tasks').selectAll().where('participation_id', '=', m.participationId).orderBy('notification_datetime').orderBy('id').execute()).map(
      ({ push_done_at: _done, push_attempts: _attempts, push_claimed_until: _claimed, ...task }) => task,
    );
  const prompts = (rows: TaskRow[]) => rows.filter((r) => r.kind === 'ema' && r.reminder === 0 && r.status !== 'cancelled');
  const wallClock = (row: TaskRow) => DateTime.fromISO(row.notification_datetime ?? '', { zone: 'utc' }).setZone(ZONE).toFormat('HH:mm');
  const nowOf = (m: Member) => new Date(Date.now() + m.offsetMs).toISOString();

  /** The edit: 13:00 becomes 14:00, the diary runs 6 days instead of 4, energy joins the one-time list. */
  function editedBody(s: Study) {
    const group = s.stage_list[0].participant_group_list[0];
    return {
      stage_list: [
        {
          _id: s.stage_list[0]._id,
          participant_group_list: [
            {
              ...group,
              ema_list: group.ema_list.map((e) => ({ ...e, time_list: ['09:00', '14:00', '19:00'] })),
              diary_list: group.diary_list.map((d) => ({ ...d, number_of_days: 6 })),
              questionnaire_list: [...group.questionnaire_list, item(energy)],
            },
          ],
        },
      ],
    };
  }

  /**
   * What the edit must do to one participant, worked out from its stored plan: each 13:00 prompt still planned
   * and to come moves to 14:00; a 14:00 prompt is added where its 13:00 one has passed or was delivered but
   * 14:00 is still to come (on a plan day after the arrival).
   */
  async function expectedFor(m: Member, arrivalIso: string): Promise<ImpactCounts> {
    const rows = await tasksOf(m);
    const now = nowOf(m);
    const counts = noImpact();
    const firstDay = DateTime.fromISO(arrivalIso, { zone: 'utc' }).setZone(ZONE).startOf('day');
    for (let day = 0; day < DAYS; day += 1) {
      const date = firstDay.plus({ days: day });
      const at14 = date.set({ hour: 14 }).toUTC().toISO() ?? '';
      const at13 = date.set({ hour: 13 }).toUTC().toISO() ?? '';
      const prompt13 = prompts(rows).find((r) => Date.parse(r.notification_datetime ?? '') === Date.parse(at13));
      const movable = prompt13 !== undefined && prompt13.status === 'planned' && prompt13.delivered_at === null && at13 > now;
      if (movable) counts.prompts_moved += 1;
      else if (at14 > now && at14 >= arrivalIso) counts.prompts_added += 1;
    }
    counts.diaries_lengthened = 1;
    counts.questionnaires_added = 1;
    return counts;
  }

  async function arrivalOf(m: Member): Promise<string> {
    const row = await db().selectFrom('enrolment_times').select('start_datetime').where('participation_id', '=', m.participationId).executeTakeFirstOrThrow();
    return row.start_datetime;
  }

  async function scenario() {
    const s = await liveStudy();
    const earlier = await member(s, { arrivedAgoMs: 30 * HOUR });
    const answeredTask = prompts(await tasksOf(earlier)).find((r) => (r.notification_datetime ?? '') <= nowOf(earlier));
    if (!answeredTask) throw new Error('the participant who arrived 30 hours ago has no past prompt');
    await db().updateTable('tasks').set({ status: 'completed', completed_at: nowOf(earlier) }).where('id', '=', answeredTask.id).execute();
    const current = await member(s, { arrivedAgoMs: 0 });
    const deliveredTask = prompts(await tasksOf(current))[0];
    await db().updateTable('tasks').set({ status: 'delivered', delivered_at: deliveredTask.notification_datetime }).where('id', '=', deliveredTask.id).execute();
    const pilot = await member(s, { arrivedAgoMs: 2 * HOUR, pilotOffsetMs: 26 * HOUR });
    const waiting = await member(s);
    return { s, earlier, current, pilot, waiting, answeredTask, deliveredTask };
  }

  it('previews exactly the changes per participant, then applies them to the future only', async () => {
    const { s, earlier, current, pilot, waiting, answeredTask, deliveredTask } = await scenario();
    const arrived = [earlier, current, pilot];
    const before = new Map(await Promise.all(arrived.map(async (m) => [m.participationId, await tasksOf(m)] as const)));

    const preview = await api('POST', `/api/studies/${s._id}/edit_impact`, editedBody(s));
    expect(preview.statusCode).toBe(200);
    const impact = json<LiveEditImpact>(preview);
    expect(impact.live).toBe(true);
    const groupId = s.stage_list[0].participant_group_list[0]._id;
    expect(impact.changes.map((c) => c.key).sort()).toEqual([`${groupId}:diary`, `${groupId}:ema`, `${groupId}:once`]);

    for (const m of arrived) {
      const expected = await expectedFor(m, await arrivalOf(m));
      const mine = noImpact();
      for (const change of impact.changes) {
        const row = change.participants.find((p) => p.participant_id === m.participantId);
        if (row) for (const key of Object.keys(mine) as (keyof ImpactCounts)[]) mine[key] += row[key];
      }
      expect(mine).toEqual(expected);
    }
    expect(impact.changes.every((c) => c.participants.every((p) => p.participant_id !== waiting.participantId))).toBe(true);
    expect(impact.changes.flatMap((c) => c.participants).find((p) => p.participant_id === pilot.participantId)?.pilot).toBe(true);
    // The preview wrote nothing.
    for (const m of arrived) expect(await tasksOf(m)).toEqual(before.get(m.participationId));

    const saved = await api('PUT', `/api/studies/${s._id}/edit_except_consent`, { ...editedBody(s), apply_now: impact.changes.map((c) => c.key) });
    expect(saved.statusCode).toBe(200);

    for (const m of arrived) {
      const old = before.get(m.participationId) ?? [];
      const now = nowOf(m);
      const after = await tasksOf(m);
      // Past prompts are untouched.
      const past = (rows: TaskRow[]) => rows.filter((r) => r.kind === 'ema' && (r.notification_datetime ?? '') <= now);
      expect(past(after)).toEqual(past(old));
      // No two prompts of one questionnaire at one moment.
      const moments = prompts(after).map((r) => `${r.questionnaire_id}|${r.notification_datetime}`);
      expect(new Set(moments).size).toBe(moments.length);
      // Nothing still to come is planned at 13:00; every day's 14:00 still to come is there.
      expect(prompts(after).filter((r) => r.status === 'planned' && (r.notification_datetime ?? '') > now && wallClock(r) === '13:00')).toEqual([]);
      const diary = after.find((r) => r.kind === 'diary');
      expect(diary?.number_of_days).toBe(6);
      expect(after.filter((r) => r.kind === 'once' && r.questionnaire_id === energy._id)).toHaveLength(1);
    }
    const answered = (await tasksOf(earlier)).find((r) => r.id === answeredTask.id);
    expect(answered?.status).toBe('completed');
    const delivered = (await tasksOf(current)).find((r) => r.id === deliveredTask.id);
    expect(delivered?.status).toBe('delivered');

    // The saved settings reach the participant who arrives later: 14:00, never 13:00.
    const participation = await db().selectFrom('participations').selectAll().where('id', '=', waiting.participationId).executeTakeFirstOrThrow();
    await arrive(db(), participation, labId);
    const later = prompts(await tasksOf(waiting)).map(wallClock);
    expect(later).not.toContain('13:00');

    // Previewing the same edit again finds nothing left to change.
    const again = json<LiveEditImpact>(await api('POST', `/api/studies/${s._id}/edit_impact`, editedBody(s)));
    expect(again.changes).toEqual([]);
  });

  it('reaches only later arrivals when no change is applied now (as before, now said out loud)', async () => {
    const { s, earlier, current, pilot } = await scenario();
    const arrived = [earlier, current, pilot];
    const before = await Promise.all(arrived.map(tasksOf));
    const impact = json<LiveEditImpact>(await api('POST', `/api/studies/${s._id}/edit_impact`, editedBody(s)));
    expect(impact.total.prompts_moved + impact.total.prompts_added).toBeGreaterThan(0);
    const saved = await api('PUT', `/api/studies/${s._id}/edit_except_consent`, editedBody(s));
    expect(saved.statusCode).toBe(200);
    expect(await Promise.all(arrived.map(tasksOf))).toEqual(before);
  });

  it('applies only the changes chosen: the moved time now, the diary for later arrivals', async () => {
    const { s, current } = await scenario();
    const groupId = s.stage_list[0].participant_group_list[0]._id;
    const saved = await api('PUT', `/api/studies/${s._id}/edit_except_consent`, { ...editedBody(s), apply_now: [`${groupId}:ema`] });
    expect(saved.statusCode).toBe(200);
    const after = await tasksOf(current);
    expect(after.find((r) => r.kind === 'diary')?.number_of_days).toBe(4);
    expect(after.filter((r) => r.kind === 'once' && r.questionnaire_id === energy._id)).toEqual([]);
    expect(prompts(after).filter((r) => r.status === 'planned' && (r.notification_datetime ?? '') > nowOf(current) && wallClock(r) === '13:00')).toEqual([]);
  });

  it('adding a group (stage 2: stage 1 has one) changes no plan already made', async () => {
    const { s, earlier, current } = await scenario();
    const before = await Promise.all([earlier, current].map(tasksOf));
    await addGroup(t.app, manager, s.stage_list[1]._id, 'Group two');
    const fresh = json<Study>(await api('GET', `/api/studies/${s._id}`));
    const impact = json<LiveEditImpact>(await api('POST', `/api/studies/${s._id}/edit_impact`, { stage_list: fresh.stage_list }));
    expect(impact).toEqual({ live: true, changes: [], total: noImpact() });
    expect(await Promise.all([earlier, current].map(tasksOf))).toEqual(before);
  });

  it('asks for the same permission entries as saving', async () => {
    const s = await liveStudy();
    const other = await seedLab(t.app, await ownerToken(t.app));
    const stranger = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    const res = await send(t.app, { method: 'POST', url: `/api/studies/${s._id}/edit_impact`, token: stranger, payload: editedBody(s) });
    expect(res.statusCode).toBe(404);
    const none = await send(t.app, { method: 'POST', url: `/api/studies/${s._id}/edit_impact`, payload: editedBody(s) });
    expect(none.statusCode).toBe(401);
  });
  it('downloads name the version of each answer and keep its columns: a question added in front is empty for version 1', async () => {
    // A questionnaire of its own, so that only this study's plans use its versions.
    const mood = await createQuestionnaire(t.app, manager, textQuestions);
    const s = await createStudy(t.app, manager, { active: true });
    await setGroupSettings(db(), s.stage_list[0].participant_group_list[0]._id, {
      ema: [{ ...newEmaSetting(ZONE), questionnaire_list: [item(mood)], time_list: ['09:00', '13:00', '19:00'], number_of_days: DAYS }],
      once: [mood._id],
    });
    const answerOnce = async (token: string, answers: unknown[]) => {
      const tasks = json<AppTasksAnswer>(await send(t.app, { method: 'GET', url: `/api/app/studies/${s._id}/tasks`, token }));
      const task = tasks.once.find((o) => o.questionnaire._id === mood._id) ?? tasks.once[0];
      const now = new Date().toISOString();
      const res = await send(t.app, {
        method: 'POST',
        url: `/api/app/studies/${s._id}/responses`,
        token,
        payload: { submissionId: `v-${Math.random().toString(36).slice(2)}`, taskId: task._id, questionnaireId: mood._id, startedAt: now, submittedAt: now, answers },
      });
      expect(res.statusCode).toBe(201);
    };
    const first = await createParticipant(t.app, manager, s._id);
    await answerOnce((await appLogin(t.app, first.email)).token, [{ question_pos: 0, response_pos: 0, value: 'before the edit' }]);

    // Version 2: a question added in front of question 1.
    const current = json<Questionnaire>(await api('GET', `/api/qx_list/${mood._id}`));
    const edited = [textQuestion('q0', '0'), ...current.chin_content].map((q, position) => ({ ...q, position }));
    expect((await api('PUT', `/api/qx_list/${mood._id}/edit`, { ...current, chin_content: edited })).statusCode).toBe(200);
    const second = await createParticipant(t.app, manager, s._id);
    await answerOnce((await appLogin(t.app, second.email)).token, [
      { question_pos: 0, response_pos: 0, value: 'new question' },
      { question_pos: 1, response_pos: 0, value: 'after the edit' },
    ]);

    const res = await api('POST', `/api/data/${s._id}/download_text_resp`, { stageId: s.stage_list[0]._id });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(Buffer.from(json<FileDownloadAnswer>(res).content, 'base64')));
    const bytes = files[questionnaireCsvName(current.abbrev, mood._id)];
    const rows = parse(strFromU8(bytes.subarray(3)), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([...TEXT_FIXED_COLUMNS, 'Q0_R1', 'Q1_R1']);
    const byCode = (code: string) => rows.find((r) => r.participant_id === code);
    expect(byCode(first.participant_code)).toMatchObject({ questionnaire_version: '1', Q0_R1: '', Q1_R1: 'before the edit' });
    expect(byCode(second.participant_code)).toMatchObject({ questionnaire_version: '2', Q0_R1: 'new question', Q1_R1: 'after the edit' });

    // The editor's view: version 1 in use by the first participant's plan, version 2 (current) by the second's.
    const versions = async () => json<QuestionnaireVersionsAnswer>(await api('GET', `/api/qx_list/${mood._id}/versions`)).versions;
    expect((await versions()).map(({ number, participants, current }) => ({ number, participants, current }))).toEqual([
      { number: 1, participants: 1, current: false },
      { number: 2, participants: 1, current: true },
    ]);
    const answeredBefore = await db().selectFrom('submissions').select('questionnaire_version_id').where('participant_id', '=', first._id).execute();
    // Re-pointing moves the future tasks to version 2; the answer given to version 1 stays version 1's.
    const repointed = await send(t.app, { method: 'POST', url: `/api/qx_list/${mood._id}/repoint`, token: manager });
    expect(repointed.statusCode).toBe(200);
    expect(json<RepointAnswer>(repointed)).toEqual({ message: liveEditTexts.repointed, tasks: expect.any(Number) });
    expect(json<RepointAnswer>(repointed).tasks).toBeGreaterThan(0);
    expect((await versions()).map((v) => v.participants)).toEqual([0, 2]);
    expect(await db().selectFrom('submissions').select('questionnaire_version_id').where('participant_id', '=', first._id).execute()).toEqual(answeredBefore);
    const completed = await db().selectFrom('tasks as t').innerJoin('participations as pa', 'pa.id', 't.participation_id').select('t.questionnaire_version_id').where('pa.participant_id', '=', first._id).where('t.status', '=', 'completed').execute();
    expect(completed.map((c) => c.questionnaire_version_id)).toEqual(answeredBefore.map((a) => a.questionnaire_version_id));
  });

  it('the photo manifest names the column of a version 1 photo after a question was added in front', async () => {
    const photoQuestion = (): Question[] => [{ ...textQuestion('p1', '1'), other_info: [{ ...makeResponse('p1-r', 'photoUpload'), position: 0 }] }];
    const album = await createQuestionnaire(t.app, manager, photoQuestion);
    const s = await createStudy(t.app, manager, { active: true });
    await setGroupSettings(db(), s.stage_list[0].participant_group_list[0]._id, { once: [album._id] });
    const first = await createParticipant(t.app, manager, s._id);
    const token = (await appLogin(t.app, first.email)).token;
    const tasks = json<AppTasksAnswer>(await send(t.app, { method: 'GET', url: `/api/app/studies/${s._id}/tasks`, token }));
    const grant = json<UploadAnswer>(await send(t.app, { method: 'POST', url: '/api/app/uploads', token, payload: { contentType: 'image/png', size: PNG.length } }));
    expect((await call(t.app, { method: 'PUT', url: grant.url, headers: { 'content-type': 'image/png' }, payload: PNG })).statusCode).toBe(200);
    const now = new Date().toISOString();
    const answered = await send(t.app, {
      method: 'POST',
      url: `/api/app/studies/${s._id}/responses`,
      token,
      payload: { submissionId: 'photo-v1', taskId: tasks.once[0]._id, questionnaireId: album._id, startedAt: now, submittedAt: now, answers: [{ question_pos: 0, response_pos: 0, value: grant.key }] },
    });
    expect(answered.statusCode).toBe(201);

    // Version 2, planned for a second participant: a text question in front of the photo.
    const current = json<Questionnaire>(await api('GET', `/api/qx_list/${album._id}`));
    const edited = [textQuestion('q0', '0'), ...current.chin_content].map((q, position) => ({ ...q, position }));
    expect((await api('PUT', `/api/qx_list/${album._id}/edit`, { ...current, chin_content: edited })).statusCode).toBe(200);
    const second = await createParticipant(t.app, manager, s._id);
    await send(t.app, { method: 'GET', url: `/api/app/studies/${s._id}/tasks`, token: (await appLogin(t.app, second.email)).token });

    const res = await api('POST', `/api/data/${s._id}/download_analysis`, { stageId: s.stage_list[0]._id });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const csv = (name: string) => parse(strFromU8(files[name].subarray(3)), { columns: true }) as Record<string, string>[];
    const [photo] = csv('photo_manifest.csv');
    const row = csv('tasks_long.csv').find((r) => r.participant_id === first.participant_code && r.status === 'completed');
    // The column holding the photo's name in the long file is the one the manifest names, not the new question's.
    const holding = Object.keys(row ?? {}).filter((column) => row?.[column] === photo.file_name);
    expect(holding).toHaveLength(1);
    expect(photo.column).toBe(holding[0]);
    expect(photo.column).toMatch(/Q1_R1$/);
  });
});
