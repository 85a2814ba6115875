// Follow-up rules of a participant group (issue 34 part 1) through Save Changes on both databases: saved and read
// back with their questionnaires as list items, kept when the whole study is sent back, refused with the shared
// messages (bad numbers, conditions the trigger questionnaire does not have, another lab's questionnaire, a field of
// another type, score conditions on scores the trigger does not have or with values that are not numbers), gated
// by the EMA entry, and refused to another lab, a participant's token, no token and an
// expired token.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send, uniqueEmail, USER_PASSWORD } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire, Score } from '../../../src/shared/questionnaire/types';
import { ACCESS, ALL_ACCESS, accessKey } from '../../../src/shared/access';
import { assessmentMessages, followupMessages } from '../../../src/shared/messages';
import { MAX_SCORE_CONDITIONS } from '../../../src/shared/limits';
import type { TokenClaims } from '../../../src/server/services/identity/tokens';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(60_000);

/** Q1 a numbers-only text, Q2 a free text. */
function questions(): Question[] {
  const q = (n: number, r: ReturnType<typeof makeResponse>): Question => ({ ...makeQuestion(`q${n}`, `r${n}`), question_num: String(n + 1), position: n, other_info: [{ ...r, position: 0 }] });
  return [q(0, { ...makeResponse('r0', 'text'), number_only: true }), q(1, makeResponse('r1', 'text'))];
}

/** MOOD's score: Q1's number. CHECK has a score of its own, which a rule triggered by MOOD cannot name. */
const total: Score = { name: 'total', method: 'sum', items: [{ question_pos: 0, response_pos: 0, reverse: false }], min_answered: 1 };

const item = (q: Questionnaire) => ({ _id: q._id, chin_name: q.chin_name, abbrev: q.abbrev });

function claimsOf(token: string): TokenClaims {
  const p = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; jti: string; kind: TokenClaims['kind']; org: number | null };
  return { sessionId: p.jti, accountId: p.sub, kind: p.kind, organization: p.org };
}

describe.each(databases)('follow-up rules saved with Save Changes (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let otherManager: string;
  let managerEmail: string;
  let managerPassword: string;
  let study: Study;
  let mood: Questionnaire;
  let check: Questionnaire;
  let foreign: Questionnaire;

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    managerEmail = lab.managerEmail;
    managerPassword = lab.managerPassword;
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    study = await createStudy(t.app, manager);
    mood = await createQuestionnaire(t.app, manager, questions, { abbrev: 'MOOD', scores: [total] });
    check = await createQuestionnaire(t.app, manager, questions, { abbrev: 'CHECK', scores: [{ ...total, name: 'checked' }] });
    foreign = await createQuestionnaire(t.app, otherManager, questions, { abbrev: 'FOREIGN' });
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  const rule = (changes: Record<string, unknown> = {}) => ({
    trigger_questionnaire: item(mood),
    when: [{ or: [{ dependent_qpos: 0, dependent_response_pos: 0, criterion_operator: 'greater or equal', criterion_value: '7' }] }],
    score_when: [],
    questionnaire_list: [item(check)],
    after_minutes: 30,
    response_in: 15,
    reminder_interval: 5,
    max_per_day: 2,
    ...changes,
  });

  function save(followupList: unknown[], token: string | null = manager): Promise<LightMyRequestResponse> {
    const stage = study.stage_list[0];
    return send(t.app, {
      method: 'PUT',
      url: `/api/studies/${study._id}/edit_except_consent`,
      token: token ?? undefined,
      payload: { stage_list: [{ _id: stage._id, participant_group_list: [{ _id: stage.participant_group_list[0]._id, followup_list: followupList }] }] },
    });
  }

  async function stored(): Promise<unknown> {
    const read = json<Study>(await send(t.app, { method: 'GET', url: `/api/studies/${study._id}`, token: manager }));
    return read.stage_list[0].participant_group_list[0].followup_list;
  }

  it('saves rules and reads them back with their questionnaires as list items; bare ids and text numbers are taken', async () => {
    expect(await stored()).toEqual([]);
    const res = await save([rule(), rule({ trigger_questionnaire: check._id, when: [], questionnaire_list: [mood._id, mood._id], after_minutes: '0', max_per_day: '3' })]);
    expect(res.statusCode).toBe(200);
    expect(await stored()).toEqual([rule(), rule({ trigger_questionnaire: item(check), when: [], questionnaire_list: [item(mood)], after_minutes: 0, max_per_day: 3 })]);
  });

  it('saves score conditions, a value typed as text read back as its number; a rule sent without them has none', async () => {
    const scoreWhen = [
      { score: 'total', criterion_operator: 'greater or equal', criterion_value: '10' },
      { score: 'total', criterion_operator: 'not equal', criterion_value: -2.5 },
    ];
    const withoutField: Record<string, unknown> = rule();
    delete withoutField.score_when;
    expect((await save([rule({ score_when: scoreWhen }), withoutField])).statusCode).toBe(200);
    expect(await stored()).toEqual([rule({ score_when: [{ ...scoreWhen[0], criterion_value: 10 }, scoreWhen[1]] }), rule()]);
    // Sent back as read, they are kept.
    const read = json<Study>(await send(t.app, { method: 'GET', url: `/api/studies/${study._id}`, token: manager }));
    expect((await send(t.app, { method: 'PUT', url: `/api/studies/${study._id}/edit_except_consent`, token: manager, payload: read as unknown as Record<string, unknown> })).statusCode).toBe(200);
    expect(await stored()).toEqual([rule({ score_when: [{ ...scoreWhen[0], criterion_value: 10 }, scoreWhen[1]] }), rule()]);
  });

  it('keeps the rules when the whole study is sent back as read', async () => {
    await save([rule()]);
    const read = json<Study>(await send(t.app, { method: 'GET', url: `/api/studies/${study._id}`, token: manager }));
    const res = await send(t.app, { method: 'PUT', url: `/api/studies/${study._id}/edit_except_consent`, token: manager, payload: read as unknown as Record<string, unknown> });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toEqual([rule()]);
  });

  it('keeps a questionnaire in a rule from being deleted', async () => {
    await save([rule()]);
    const res = await send(t.app, { method: 'DELETE', url: `/api/qx_list/${check._id}`, token: manager });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await send(t.app, { method: 'GET', url: `/api/qx_list/${check._id}`, token: manager })).statusCode).toBe(200);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['no trigger questionnaire', { trigger_questionnaire: null }, followupMessages.triggerRequired],
    ['a condition on a question the trigger does not have', { when: [{ or: [{ dependent_qpos: 5, dependent_response_pos: 0, criterion_operator: 'is', criterion_value: 'x' }] }] }, followupMessages.conditionInvalid],
    ['an operator the response does not offer', { when: [{ or: [{ dependent_qpos: 1, dependent_response_pos: 0, criterion_operator: 'greater', criterion_value: '1' }] }] }, followupMessages.conditionInvalid],
    ['an empty group of conditions', { when: [{ or: [] }] }, followupMessages.conditionInvalid],
    ['no follow-up questionnaire', { questionnaire_list: [] }, followupMessages.questionnaireRequired],
    ['after_minutes over a day', { after_minutes: 1441 }, followupMessages.afterMinutes],
    ['after_minutes negative', { after_minutes: -1 }, followupMessages.afterMinutes],
    ['after_minutes a fraction', { after_minutes: 1.5 }, followupMessages.afterMinutes],
    ['after_minutes as words', { after_minutes: 'soon' }, followupMessages.afterMinutes],
    ['a reminder interval below 5', { reminder_interval: 4 }, assessmentMessages.reminderTooSmall],
    ['a reminder interval not a number', { reminder_interval: 'x' }, assessmentMessages.reminderNotNumber],
    ['a response window below 5', { response_in: 3, reminder_interval: 5 }, assessmentMessages.responseInTooSmall],
    ['reminders not inside the window', { response_in: 10, reminder_interval: 10 }, assessmentMessages.reminderNotBelowResponseIn],
    ['a response window over a day', { response_in: 1441 }, assessmentMessages.minutesWholeNumber],
    ['max_per_day 0', { max_per_day: 0 }, followupMessages.maxPerDay],
    ['max_per_day over the limit', { max_per_day: 101 }, followupMessages.maxPerDay],
    ['a number of another type', { max_per_day: true }, followupMessages.maxPerDay],
    ['a score the trigger does not have', { score_when: [{ score: 'nonexistent', criterion_operator: 'greater', criterion_value: 1 }] }, followupMessages.scoreConditionInvalid],
    ["a score of another questionnaire (a follow-up's)", { score_when: [{ score: 'checked', criterion_operator: 'greater', criterion_value: 1 }] }, followupMessages.scoreConditionInvalid],
    ['a score operator of text answers', { score_when: [{ score: 'total', criterion_operator: 'is', criterion_value: 1 }] }, followupMessages.scoreConditionInvalid],
    ['score conditions of another type', { score_when: 'total > 1' }, followupMessages.scoreConditionInvalid],
    ['a score value as words', { score_when: [{ score: 'total', criterion_operator: 'greater', criterion_value: 'ten' }] }, followupMessages.scoreValueNotNumber],
    ['a blank score value', { score_when: [{ score: 'total', criterion_operator: 'greater', criterion_value: '' }] }, followupMessages.scoreValueNotNumber],
    ['a score value of another type', { score_when: [{ score: 'total', criterion_operator: 'greater', criterion_value: true }] }, followupMessages.scoreValueNotNumber],
    ['a score value past the input limit', { score_when: [{ score: 'total', criterion_operator: 'greater', criterion_value: '1e13' }] }, followupMessages.scoreValueNotNumber],
    ['more score conditions than the limit', { score_when: Array.from({ length: MAX_SCORE_CONDITIONS + 1 }, () => ({ score: 'total', criterion_operator: 'greater', criterion_value: 1 })) }, followupMessages.tooManyScoreConditions],
    ['a questionnaire list of another type', { questionnaire_list: 'abc' }, assessmentMessages.questionnaireNotFound],
  ];
  it.each(refusals)('refuses %s with the shared message, changing nothing', async (_name, changes, message) => {
    await save([rule()]);
    const res = await save([rule(changes)]);
    expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
    expect(await stored()).toEqual([rule()]);
  });

  it("refuses another lab's questionnaire as trigger or follow-up, and an unknown one", async () => {
    for (const changes of [{ trigger_questionnaire: item(foreign) }, { questionnaire_list: [item(foreign)] }, { questionnaire_list: ['000000000000000000000000'] }]) {
      const res = await save([rule(changes)]);
      expect([res.statusCode, messageOf(res)]).toEqual([400, assessmentMessages.questionnaireNotFound]);
    }
  });

  it('refuses more rules than the limit with its message', async () => {
    const res = await save(Array.from({ length: 51 }, () => rule()));
    expect([res.statusCode, messageOf(res)]).toEqual([400, followupMessages.tooManyRules]);
  });

  it('needs the EMA entry to change the rules', async () => {
    await save([]);
    const email = uniqueEmail('member');
    const reg = await send(t.app, { method: 'POST', url: '/api/users/lm/register', token: manager, payload: { email, password: USER_PASSWORD } });
    const { user } = json<{ user: { _id: string } }>(reg);
    const refused = accessKey(ACCESS.editEma);
    const access = ALL_ACCESS.filter((e) => accessKey(e) !== refused);
    expect((await send(t.app, { method: 'PUT', url: `/api/users/lm/users/${user._id}/access`, token: manager, payload: { access } })).statusCode).toBe(200);
    const member = await labUserToken(t.app, email, USER_PASSWORD);
    const res = await save([rule()], member);
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('refuses another lab (404), a participant token, no token and an expired token (401), changing nothing', async () => {
    await save([]);
    expect((await save([rule()], otherManager)).statusCode).toBe(404);
    const participant = await createParticipant(t.app, manager, study._id);
    expect((await save([rule()], (await appLogin(t.app, participant.email)).token)).statusCode).toBe(401);
    expect((await save([rule()], null)).statusCode).toBe(401);
    const session = await labUserToken(t.app, managerEmail, managerPassword);
    const expired = await t.app.ctx.tokens.sign(claimsOf(session), new Date(Date.now() - 1000));
    expect((await save([rule()], expired)).statusCode).toBe(401);
    expect(await stored()).toEqual([]);
  });
});
