// GET /api/activity (issue 21) for a lab's own material: questionnaires (created, saved field by field,
// deleted), their choice sets and the lab's media files. They belong to a lab, not a study, so their entries
// carry the lab alone: its manager and the system owner see them, another lab's manager does not.
import { createTestApp, databases, json, uploadLocalFile, type SeededLab, type TestApp } from '../support/testApp';
import { send } from '../support/api';
import { readActivity, seedActivityReaders } from '../support/activityReaders';
import type { ActivityEntry, ActivityPage, AuditKind } from '../../../src/shared/audit';
import { makeQuestion } from '../../../src/shared/questionnaire/operations';
import type { MultipleChoiceSet, Question, Questionnaire } from '../../../src/shared/questionnaire/types';
import type { MediaFile } from '../../../src/shared/types/media';
import { verifyAuditChain } from '../../../src/server/services/audit/verify';
import { PNG } from '../../support/mediaSamples';
import { appLogin, createParticipant, createStudy, setGroupSettings } from '../support/participants';
import type { RepointAnswer } from '../../../src/shared/types/questionnaireVersions';

jest.setTimeout(60_000);

const code = () => `AQ${Math.random().toString(36).slice(2, 8)}`;

function numbered(num: string, text: string): Question {
  return { ...makeQuestion(`q${num}`, `r${num}`), question_num: num, html_question: text };
}

describe.each(databases)('activity of questionnaires, choice sets and media (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labA: SeededLab;
  let labB: SeededLab;
  let manager: string;
  let member: string;
  let memberEmail: string;
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    ({ owner, labA, labB, manager, member, memberEmail, outsider } = await seedActivityReaders(t.app));
  });
  afterAll(async () => t.close());

  const activity = (token: string, query: string): Promise<ActivityPage> => readActivity(t.app, token, query);

  /** The entries of one kind about one thing, newest first, as the reader sees them. */
  async function about(token: string, kind: AuditKind, entityId: string, query = ''): Promise<ActivityEntry[]> {
    const page = await activity(token, `kind=${kind}${query}`);
    return page.entries.filter((e) => e.entityId === entityId);
  }

  /** Who may see an entry of lab A's: its manager and the system owner; not lab B's manager. */
  async function expectSeenByLabAOnly(kind: AuditKind, entityId: string): Promise<void> {
    expect(await about(manager, kind, entityId)).toHaveLength(1);
    expect(await about(owner, kind, entityId, `&labId=${labA.labId}`)).toHaveLength(1);
    expect(await about(owner, kind, entityId)).toHaveLength(1);
    const outside = await activity(outsider, `kind=${kind}`);
    expect(outside.entries.some((e) => e.entityId === entityId)).toBe(false);
    expect(outside.entries.every((e) => e.labId === labB.labId)).toBe(true);
    expect(await about(owner, kind, entityId, `&labId=${labB.labId}`)).toHaveLength(0);
  }

  async function createQuestionnaire(name: string, abbrev: string): Promise<Questionnaire> {
    const res = await send(t.app, { method: 'POST', url: '/api/qx_list', token: member, payload: { chin_name: name, abbrev } });
    expect(res.statusCode).toBe(201);
    return json<Questionnaire>(res);
  }

  async function save(qx: Questionnaire, changes: Partial<Questionnaire>): Promise<Questionnaire> {
    const res = await send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, token: member, payload: { chin_name: qx.chin_name, abbrev: qx.abbrev, chin_content: qx.chin_content, ...changes } });
    expect(res.statusCode).toBe(200);
    return json<Questionnaire>(res);
  }

  it('records a questionnaire created, by whom, in its lab and no study', async () => {
    const abbrev = code();
    const qx = await createQuestionnaire('Mood', abbrev);
    const [entry] = await about(manager, 'questionnaire.created', qx._id);
    expect(entry).toMatchObject({ actorKind: 'lab_user', actorEmail: memberEmail, kind: 'questionnaire.created', entityType: 'questionnaire', entityId: qx._id, studyId: null, labId: labA.labId });
    expect(entry.changes).toEqual([
      { field: 'abbrev', before: null, after: abbrev },
      { field: 'chin_name', before: null, after: 'Mood' },
    ]);
    await expectSeenByLabAOnly('questionnaire.created', qx._id);

    // A refused creation (the code is taken) leaves no entry.
    const before = (await activity(manager, 'kind=questionnaire.created')).total;
    const taken = await send(t.app, { method: 'POST', url: '/api/qx_list', token: member, payload: { chin_name: 'Again', abbrev } });
    expect(taken.statusCode).toBe(409);
    expect((await activity(manager, 'kind=questionnaire.created')).total).toBe(before);
  });

  it('records each save field by field, and a save that changed nothing not at all', async () => {
    const qx = await createQuestionnaire('Sleep', code());
    const first = await save(qx, { chin_name: 'Sleep quality', chin_content: [numbered('1', '<p>How did you sleep?</p>')] });
    const [added] = await about(manager, 'questionnaire.changed', qx._id);
    expect(added).toMatchObject({ actorEmail: memberEmail, entityType: 'questionnaire', studyId: null, labId: labA.labId });
    expect(added.changes).toContainEqual({ field: 'chin_name', before: 'Sleep', after: 'Sleep quality' });
    expect(added.changes).toContainEqual({ field: 'chin_content[0].html_question', before: null, after: '<p>How did you sleep?</p>' });
    expect(added.changes).toContainEqual({ field: 'chin_content[0].question_num', before: null, after: '1' });

    const edited = first.chin_content.map((q) => ({ ...q, html_question: '<p>How well did you sleep?</p>' }));
    await save(first, { chin_content: edited });
    const entries = await about(manager, 'questionnaire.changed', qx._id);
    expect(entries).toHaveLength(2);
    expect(entries[0].changes).toEqual([{ field: 'chin_content[0].html_question', before: '<p>How did you sleep?</p>', after: '<p>How well did you sleep?</p>' }]);

    await save({ ...first, chin_content: edited }, {});
    expect(await about(manager, 'questionnaire.changed', qx._id)).toHaveLength(2);
    expect((await about(owner, 'questionnaire.changed', qx._id, `&labId=${labA.labId}`)).map((e) => e.seq)).toEqual(entries.map((e) => e.seq));
    expect((await activity(outsider, 'kind=questionnaire.changed')).entries.some((e) => e.entityId === qx._id)).toBe(false);
  });

  it('records a questionnaire deleted, naming which it was', async () => {
    const abbrev = code();
    const qx = await createQuestionnaire('Diary', abbrev);
    const res = await send(t.app, { method: 'DELETE', url: `/api/qx_list/${qx._id}`, token: member });
    expect(res.statusCode).toBe(200);
    const [entry] = await about(manager, 'questionnaire.deleted', qx._id);
    expect(entry).toMatchObject({ actorEmail: memberEmail, entityType: 'questionnaire', studyId: null, labId: labA.labId });
    expect(entry.changes).toEqual([
      { field: 'abbrev', before: abbrev, after: null },
      { field: 'chin_name', before: 'Diary', after: null },
    ]);
    await expectSeenByLabAOnly('questionnaire.deleted', qx._id);
  });

  it('records a choice set created, changed and removed as choiceSet.changed', async () => {
    const qx = await createQuestionnaire('Agreement', code());
    const created = await send(t.app, { method: 'POST', url: `/api/qx_list/${qx._id}/mc`, token: member, payload: { name: 'Agree', choices: [{ name: 'No', value: '0' }, { name: 'Yes', value: '1' }] } });
    expect(created.statusCode).toBe(201);
    const set = json<{ set: MultipleChoiceSet }>(created).set;
    const changed = await send(t.app, { method: 'PUT', url: `/api/qx_list/mc/${set._id}/edit`, token: member, payload: { name: 'Agree', choices: [{ name: 'No', value: '0' }, { name: 'Yes!', value: '1' }] } });
    expect(changed.statusCode).toBe(200);
    // The same choices again change nothing and leave no entry.
    expect((await send(t.app, { method: 'PUT', url: `/api/qx_list/mc/${set._id}/edit`, token: member, payload: { name: 'Agree', choices: [{ name: 'No', value: '0' }, { name: 'Yes!', value: '1' }] } })).statusCode).toBe(200);
    expect((await send(t.app, { method: 'DELETE', url: `/api/qx_list/mc/${set._id}`, token: member })).statusCode).toBe(200);

    const [removed, change, creation] = await about(manager, 'choiceSet.changed', set._id);
    expect(await about(manager, 'choiceSet.changed', set._id)).toHaveLength(3);
    for (const entry of [removed, change, creation]) expect(entry).toMatchObject({ actorEmail: memberEmail, entityType: 'choiceSet', studyId: null, labId: labA.labId });
    expect(creation.changes).toContainEqual({ field: 'name', before: null, after: 'Agree' });
    expect(creation.changes).toContainEqual({ field: 'questionnaire', before: null, after: qx._id });
    expect(creation.changes).toContainEqual({ field: 'choices[1].name', before: null, after: 'Yes' });
    expect(change.changes).toEqual([{ field: 'choices[1].name', before: 'Yes', after: 'Yes!' }]);
    expect(removed.changes).toContainEqual({ field: 'name', before: 'Agree', after: null });
    const outside = await activity(outsider, 'kind=choiceSet.changed');
    expect(outside.entries.some((e) => e.entityId === set._id)).toBe(false);
    expect(await about(owner, 'choiceSet.changed', set._id, `&labId=${labA.labId}`)).toHaveLength(3);
  });

  it('records a media file added and deleted', async () => {
    const uploaded = await uploadLocalFile(t.app, member, labA.labId, 'cover.png', PNG, 'Cover picture');
    expect(uploaded.statusCode).toBe(201);
    const file = json<MediaFile>(uploaded);
    const [added] = await about(manager, 'media.added', file._id);
    expect(added).toMatchObject({ actorKind: 'lab_user', actorEmail: memberEmail, entityType: 'mediaFile', entityId: file._id, studyId: null, labId: labA.labId });
    expect(added.changes).toEqual([
      { field: 'file', before: null, after: file.file },
      { field: 'name', before: null, after: 'Cover picture' },
      { field: 'size', before: null, after: PNG.length },
      { field: 'type', before: null, after: 'image' },
    ]);
    await expectSeenByLabAOnly('media.added', file._id);

    const renamed = await send(t.app, { method: 'PUT', url: `/api/files/mediafile/${file._id}`, token: member, payload: { name: 'Cover photo' } });
    expect(renamed.statusCode).toBe(200);
    const [rename] = await about(manager, 'media.renamed', file._id);
    expect(rename).toMatchObject({ actorEmail: memberEmail, entityType: 'mediaFile', labId: labA.labId, changes: [{ field: 'name', before: 'Cover picture', after: 'Cover photo' }] });
    await expectSeenByLabAOnly('media.renamed', file._id);
    // The same name again changes nothing and records nothing.
    expect((await send(t.app, { method: 'PUT', url: `/api/files/mediafile/${file._id}`, token: member, payload: { name: 'Cover photo' } })).statusCode).toBe(200);
    expect(await about(manager, 'media.renamed', file._id)).toHaveLength(1);

    expect((await send(t.app, { method: 'DELETE', url: `/api/files/mediafile/${file._id}`, token: member })).statusCode).toBe(200);
    const [deleted] = await about(manager, 'media.deleted', file._id);
    expect(deleted).toMatchObject({ actorEmail: memberEmail, entityType: 'mediaFile', labId: labA.labId });
    expect(deleted.changes).toContainEqual({ field: 'name', before: 'Cover photo', after: null });
    await expectSeenByLabAOnly('media.deleted', file._id);
  });

  it("records re-pointing participants' future tasks: who, to which version, how many tasks and participants", async () => {
    const qx = await save(await createQuestionnaire('Stress', code()), { chin_content: [numbered('1', '<p>How stressed are you?</p>')] });
    const study = await createStudy(t.app, member, { active: true });
    await setGroupSettings(t.app.ctx.db, study.stage_list[0].participant_group_list[0]._id, { once: [qx._id] });
    // Each participant's plan is made at their first read of their tasks.
    for (let n = 0; n < 2; n += 1) {
      const { email } = await createParticipant(t.app, member, study._id);
      const { token } = await appLogin(t.app, email);
      expect((await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token })).statusCode).toBe(200);
    }
    const repoint = (token: string) => send(t.app, { method: 'POST', url: `/api/qx_list/${qx._id}/repoint`, token });

    // Nothing to move yet: both plans use the questionnaire as it is, and nothing is recorded.
    expect(json<RepointAnswer>(await repoint(member)).tasks).toBe(0);
    expect(await about(manager, 'questionnaire.repointed', qx._id)).toEqual([]);

    await save(qx, { chin_content: [numbered('1', '<p>How stressed are you now?</p>')] });
    // Another lab's manager cannot re-point lab A's questionnaire, and leaves no entry.
    expect((await repoint(outsider)).statusCode).toBe(404);
    expect(await about(manager, 'questionnaire.repointed', qx._id)).toEqual([]);

    const moved = json<RepointAnswer>(await repoint(member));
    expect(moved.tasks).toBe(2);
    const [entry] = await about(manager, 'questionnaire.repointed', qx._id);
    expect(entry).toMatchObject({ actorKind: 'lab_user', actorEmail: memberEmail, entityType: 'questionnaire', entityId: qx._id, studyId: null, labId: labA.labId });
    expect(entry.changes).toEqual([
      { field: 'participants', before: null, after: 2 },
      { field: 'questionnaire', before: null, after: 'Stress' },
      { field: 'tasks', before: null, after: 2 },
      { field: 'version', before: null, after: 2 },
    ]);
    await expectSeenByLabAOnly('questionnaire.repointed', qx._id);
  });

  it('keeps the chain whole', async () => {
    expect((await verifyAuditChain(t.app.ctx.db)).broken).toBeNull();
  });
});
