// Activate checks the study first (shared/study/activation.ts): each thing that keeps a study from running is
// refused with 409 and listed in `problems`, nothing changes, and the same study activates once it is fixed. A
// group without an assessment is a warning the activation answers with, not a refusal (issue 31).
import type { LightMyRequestResponse } from 'fastify';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { send } from '../support/api';
import { createQuestionnaire, createStudy, setConsent, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import { assessmentMessages, studyMessages } from '../../../src/shared/messages';
import { newDiarySetting, newEmaSetting, type AssessmentListItem } from '../../../src/shared/study/assessmentSettings';
import type { ActivationAnswer, ActivationRefusal, Study } from '../../../src/shared/types/study';

jest.setTimeout(60_000);

const G1 = 'Stage 1, Participant Group 1';

describe.each(databases)('activating a study that cannot run (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let item: AssessmentListItem;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const q = await createQuestionnaire(t.app, manager, () => [{ ...makeQuestion('q0', 'r0'), question_num: '1', other_info: [makeResponse('r0', 'text')] }]);
    item = { _id: q._id, chin_name: q.chin_name, abbrev: q.abbrev };
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse> =>
    send(t.app, { method, url, token: manager, ...(payload ? { payload } : {}) });

  /** A study that can run: a named stage whose group has an anytime assessment, consent with its text. */
  async function runnable(): Promise<Study> {
    const study = await createStudy(t.app, manager, { consent: true });
    const stage = study.stage_list[0];
    const named = await api('PUT', `/api/studies/${study._id}/edit_except_consent`, { stage_list: [{ _id: stage._id, chin_name: 'Baseline' }] });
    expect(named.statusCode).toBe(200);
    await setGroupSettings(t.app.ctx.db, stage.participant_group_list[0]._id, { anytime: [item._id] });
    return study;
  }

  async function refusedWith(study: Study, problems: string[]): Promise<void> {
    const res = await api('POST', `/api/studies/${study._id}/activate`);
    expect([res.statusCode, json<ActivationRefusal>(res)]).toEqual([409, { message: studyMessages.activationRefused, problems }]);
    const after = await api('GET', `/api/studies/${study._id}`);
    expect(json<Study>(after).active_status).toBe('inactive');
  }

  async function activates(study: Study, warnings: string[] = []): Promise<void> {
    const res = await api('POST', `/api/studies/${study._id}/activate`);
    expect([res.statusCode, json<ActivationAnswer>(res)]).toEqual([200, { message: studyMessages.studyActivated, warnings }]);
    const after = await api('GET', `/api/studies/${study._id}`);
    expect(json<Study>(after).active_status).toBe('active');
  }

  it('lists everything a blank study lacks', async () => {
    const study = await createStudy(t.app, manager, { consent: true });
    await setConsent(t.app.ctx.db, study._id, true, '');
    await refusedWith(study, [studyMessages.activationConsentEmpty, studyMessages.activationStudyNoAssessment, `Stage 1: ${studyMessages.activationStageUnnamed}`]);
  });

  it('activates a study that can run', async () => {
    await activates(await runnable());
  });

  it('refuses a blank study name', async () => {
    const study = await runnable();
    expect((await api('PUT', `/api/studies/${study._id}/edit_basic`, { chin_name: '' })).statusCode).toBe(200);
    await refusedWith(study, [studyMessages.studyNameRequired]);
    expect((await api('PUT', `/api/studies/${study._id}/edit_basic`, { chin_name: 'Named again' })).statusCode).toBe(200);
    await activates(study);
  });

  it('refuses a stage without a name; a group without an assessment is only a warning', async () => {
    const study = await runnable();
    const grown = json<Study>(await api('PUT', `/api/studies/${study._id}/add_stage`));
    await refusedWith(study, [`Stage 2: ${studyMessages.activationStageUnnamed}`]);
    const stage2 = grown.stage_list[1];
    await api('PUT', `/api/studies/${study._id}/edit_except_consent`, { stage_list: [{ _id: stage2._id, chin_name: 'Follow-up' }] });
    await activates(study, [`Stage 2, Participant Group 1: ${studyMessages.activationGroupNoTasks}`]);
  });

  it('activates a consent-and-wait stage 1 whose group has no assessment, with its warning (issue 31)', async () => {
    const study = await runnable();
    const grown = json<Study>(await api('PUT', `/api/studies/${study._id}/add_stage`));
    const [stage1, stage2] = grown.stage_list;
    await api('PUT', `/api/studies/${study._id}/edit_except_consent`, { stage_list: [{ _id: stage2._id, chin_name: 'Assigned' }] });
    await setGroupSettings(t.app.ctx.db, stage2.participant_group_list[0]._id, { once: [item._id] });
    await setGroupSettings(t.app.ctx.db, stage1.participant_group_list[0]._id, {});
    await activates(study, [`${G1}: ${studyMessages.activationGroupNoTasks}`]);
  });

  it('still refuses a study with no assessment anywhere', async () => {
    const study = await runnable();
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, {});
    await refusedWith(study, [studyMessages.activationStudyNoAssessment]);
  });

  it('refuses consent needed with an empty consent form, and takes an image alone as content', async () => {
    const study = await runnable();
    await setConsent(t.app.ctx.db, study._id, true, '<p> </p><p><br></p>');
    await refusedWith(study, [studyMessages.activationConsentEmpty]);
    await setConsent(t.app.ctx.db, study._id, true, '<p><img src="https://example.org/agree.png"></p>');
    await activates(study);
  });

  it('accepts an empty consent form when no consent is needed', async () => {
    const study = await runnable();
    await setConsent(t.app.ctx.db, study._id, false, '');
    await activates(study);
  });

  it('refuses an EMA setting the rules refuse, one without a questionnaire, and a zone not offered', async () => {
    const study = await runnable();
    const groupId = study.stage_list[0].participant_group_list[0]._id;
    // Stored past Save Changes' check (an older version, a hand-made row): activation checks again.
    await setGroupSettings(t.app.ctx.db, groupId, {
      anytime: [item._id],
      ema: [
        { ...newEmaSetting(), questionnaire_list: [item], time_list: [] },
        { ...newEmaSetting(), questionnaire_list: [], time_list: ['09:00'] },
      ],
    });
    await refusedWith(study, [
      `${G1}, EMA setting 1: ${assessmentMessages.needAssessmentTime}`,
      `${G1}, EMA setting 2: ${studyMessages.activationSettingNoQuestionnaire}`,
    ]);
    await setGroupSettings(t.app.ctx.db, groupId, { ema: [{ ...newEmaSetting('Mars/Olympus_Mons'), questionnaire_list: [item], time_list: ['10:00'] }] });
    await refusedWith(study, [`${G1}, EMA setting 1: ${assessmentMessages.timezoneNotOffered}`]);
    await setGroupSettings(t.app.ctx.db, groupId, { ema: [{ ...newEmaSetting(), questionnaire_list: [item], time_list: ['10:00'] }] });
    await activates(study);
  });

  it('refuses a diary setting the rules refuse', async () => {
    const study = await runnable();
    const groupId = study.stage_list[0].participant_group_list[0]._id;
    await setGroupSettings(t.app.ctx.db, groupId, { diary: [{ ...newDiarySetting(), questionnaire_list: [item], fix_start_date: true, start_date: null }] });
    await refusedWith(study, [`${G1}, Diary setting 1: ${assessmentMessages.startDateRequired}`]);
    await setGroupSettings(t.app.ctx.db, groupId, { diary: [{ ...newDiarySetting(), questionnaire_list: [item] }] });
    await activates(study);
  });

  it('refuses the system owner the same way', async () => {
    const owner = await ownerToken(t.app);
    const study = await runnable();
    await setConsent(t.app.ctx.db, study._id, true, '');
    const res = await send(t.app, { method: 'POST', url: `/api/studies/systemowner/${study._id}/activate`, token: owner });
    expect([res.statusCode, json<ActivationRefusal>(res)]).toEqual([409, { message: studyMessages.activationRefused, problems: [studyMessages.activationConsentEmpty] }]);
  });

  it('activates for the system owner with the same warnings', async () => {
    const owner = await ownerToken(t.app);
    const study = await runnable();
    const grown = json<Study>(await api('PUT', `/api/studies/${study._id}/add_stage`));
    await api('PUT', `/api/studies/${study._id}/edit_except_consent`, { stage_list: [{ _id: grown.stage_list[1]._id, chin_name: 'Later' }] });
    const res = await send(t.app, { method: 'POST', url: `/api/studies/systemowner/${study._id}/activate`, token: owner });
    expect([res.statusCode, json<ActivationAnswer>(res)]).toEqual([
      200,
      { message: studyMessages.studyActivated, warnings: [`Stage 2, Participant Group 1: ${studyMessages.activationGroupNoTasks}`] },
    ]);
  });

  it('documents the problems of a refusal in the OpenAPI description', async () => {
    const doc = json<{ paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> }>> }>(
      await call(t.app, { method: 'GET', url: '/api/docs/json' }),
    );
    for (const path of ['/api/studies/{id}/activate', '/api/studies/systemowner/{id}/activate']) {
      const refusal = doc.paths[path].post.responses['409'].content['application/json'].schema;
      expect(refusal.properties).toEqual({ message: { type: 'string' }, problems: { type: 'array', items: { type: 'string' } } });
    }
  });
});
