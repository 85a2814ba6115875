// GET /api/activity (issue 21): a staff change yields one entry with the right before and after, and each
// reader sees only what they may: a study's viewers its study, a lab manager their lab, the system owner all.
import { createTestApp, databases, json, OWNER_EMAIL, type SeededLab, type TestApp } from '../support/testApp';
import { registerUser, send } from '../support/api';
import { readActivity, seedActivityReaders } from '../support/activityReaders';
import type { ActivityEntry, ActivityPage } from '../../../src/shared/audit';
import { ACTIVITY_PAGE_SIZE } from '../../../src/shared/audit';
import { EMAIL_MAX_LENGTH } from '../../../src/shared/limits';
import { authMessages, studyMessages } from '../../../src/shared/messages';
import { verifyAuditChain } from '../../../src/server/services/audit/verify';

jest.setTimeout(60_000);

describe.each(databases)('GET /api/activity (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let labA: SeededLab;
  let labB: SeededLab;
  let manager: string;
  let member: string;
  let memberEmail: string;
  let outsider: string;
  let studyId: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    ({ owner, labA, labB, manager, member, memberEmail, outsider } = await seedActivityReaders(t.app));
    const created = await send(t.app, { method: 'POST', url: '/api/studies', token: member, payload: { chin_name: 'Sleep diary' } });
    studyId = json<{ _id: string }>(created)._id;
  });
  afterAll(async () => t.close());

  const activity = (token: string, query: string): Promise<ActivityPage> => readActivity(t.app, token, query);

  it('records a change of basic information once, field by field, by whom and when', async () => {
    const before = Date.now();
    const res = await send(t.app, {
      method: 'PUT',
      url: `/api/studies/${studyId}/edit_basic`,
      token: member,
      payload: { chin_name: 'Sleep diary 2', contact_person_name: 'Dr Chan', contact_email: '' },
    });
    expect(res.statusCode).toBe(200);
    const page = await activity(member, `studyId=${studyId}&kind=study.basics.changed`);
    expect(page.total).toBe(1);
    const [entry] = page.entries;
    expect(entry).toMatchObject({ actorKind: 'lab_user', actorEmail: memberEmail, kind: 'study.basics.changed', entityType: 'study', entityId: studyId, studyId, labId: labA.labId });
    expect(entry.changes).toEqual([
      { field: 'chin_name', before: 'Sleep diary', after: 'Sleep diary 2' },
      { field: 'contact_person_name', before: '', after: 'Dr Chan' },
    ]);
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(entry.at.endsWith('Z')).toBe(true);
  });

  it('keeps each version of the consent text', async () => {
    for (const text of ['<p>Version one</p>', '<p>Version two</p>']) {
      const res = await send(t.app, { method: 'PUT', url: `/api/studies/${studyId}/edit_consent`, token: member, payload: { consentNeeded: true, consent: text } });
      expect(res.statusCode).toBe(200);
    }
    const page = await activity(member, `studyId=${studyId}&kind=study.consent.changed`);
    expect(page.entries.map((e) => e.changes.find((c) => c.field === 'consent'))).toEqual([
      { field: 'consent', before: '<p>Version one</p>', after: '<p>Version two</p>' },
      { field: 'consent', before: expect.anything(), after: '<p>Version one</p>' },
    ]);
  });

  it('records a stage added, after the study was created', async () => {
    expect((await send(t.app, { method: 'PUT', url: `/api/studies/${studyId}/add_stage`, token: member })).statusCode).toBe(200);
    const structure = await activity(member, `studyId=${studyId}&kind=study.structure.changed`);
    expect(structure.entries[0].changes).toEqual([
      { field: 'group', before: null, after: 1 },
      { field: 'stage', before: null, after: 2 },
    ]);
    const kinds = (await activity(member, `studyId=${studyId}`)).entries.map((e) => e.kind);
    expect(kinds[kinds.length - 1]).toBe('study.created');
  });

  it('records sign-ins and failed sign-ins, never with the password', async () => {
    const wrong = await send(t.app, { method: 'POST', url: '/api/users/login', payload: { email: labA.managerEmail, password: 'not-the-password', organization: 1 } });
    expect(wrong.statusCode).toBe(401);
    const failed = await activity(manager, 'kind=signIn.failed');
    expect(failed.entries[0]).toMatchObject({ actorEmail: labA.managerEmail, labId: labA.labId });
    expect(JSON.stringify(failed.entries)).not.toContain('not-the-password');
    const owners = await activity(owner, `kind=signIn.succeeded&person=${encodeURIComponent(OWNER_EMAIL.toUpperCase())}`);
    expect(owners.entries.length).toBeGreaterThan(0);
    expect(owners.entries.every((e) => e.actorKind === 'system_owner')).toBe(true);
  });

  it('records a failed sign-in naming a thousand characters (no 500 on PostgreSQL), cut to the longest email', async () => {
    const typed = `${'z'.repeat(990)}@lab.test`;
    const res = await send(t.app, { method: 'POST', url: '/api/users/systemowner/login', payload: { email: typed, password: 'whatever-it-is' } });
    expect(res.statusCode).toBe(401);
    const failed = await activity(owner, 'kind=signIn.failed');
    const email = failed.entries[0].actorEmail ?? '';
    expect(Array.from(email)).toHaveLength(EMAIL_MAX_LENGTH);
    expect(email.endsWith('…')).toBe(true);
    expect(typed.startsWith(email.slice(0, -1))).toBe(true);
  });

  it('records a permission change of a member as entries added and removed', async () => {
    const target = await registerUser(t.app, owner, labA.labId, { access: [] });
    const res = await send(t.app, { method: 'PUT', url: `/api/users/lm/users/${target._id}/access`, token: manager, payload: { access: [{ area: 'STUDY', modifier: 'EDIT', task: 'STUDY_BASIC_INFO' }] } });
    expect(res.statusCode).toBe(200);
    const page = await activity(manager, 'kind=access.changed');
    expect(page.entries[0]).toMatchObject({ entityId: target._id, changes: [{ field: 'access.STUDY/EDIT/STUDY_BASIC_INFO', before: null, after: true }] });
  });

  it('shows a study only to its viewers, a lab only to its manager, and everything to the system owner', async () => {
    const other = await send(t.app, { method: 'GET', url: `/api/activity?studyId=${studyId}`, token: outsider });
    expect(other.statusCode).toBe(404);
    expect(json<{ message: string }>(other).message).toBe(studyMessages.studyNotFound);
    const lab = await send(t.app, { method: 'GET', url: '/api/activity', token: member });
    expect(lab.statusCode).toBe(403);
    expect(json<{ message: string }>(lab).message).toBe(authMessages.labManagerOnly);
    const ownLab = await activity(outsider, '');
    expect(ownLab.entries.every((e) => e.labId === labB.labId)).toBe(true);
    const managerLab = await activity(manager, '');
    expect(managerLab.entries.every((e) => e.labId === labA.labId)).toBe(true);
    expect(managerLab.entries.some((e) => e.studyId === studyId)).toBe(true);
    const all = await activity(owner, '');
    expect(all.total).toBeGreaterThan(managerLab.total);
    expect((await send(t.app, { method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });

  it('pages newest first and filters by time', async () => {
    const first = await activity(owner, 'page=1');
    expect(first.pageSize).toBe(ACTIVITY_PAGE_SIZE);
    const seqs = first.entries.map((e: ActivityEntry) => e.seq);
    expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
    if (first.total > ACTIVITY_PAGE_SIZE) {
      const second = await activity(owner, 'page=2');
      expect(second.entries[0].seq).toBeLessThan(seqs[seqs.length - 1]);
    }
    const future = await activity(owner, `from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future).toEqual({ entries: [], total: 0, page: 1, pageSize: ACTIVITY_PAGE_SIZE });
    expect((await send(t.app, { method: 'GET', url: '/api/activity?kind=nothing', token: owner })).statusCode).toBe(400);
    expect((await verifyAuditChain(t.app.ctx.db)).broken).toBeNull();
  });
});
