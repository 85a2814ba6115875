// Piping (issue 34 part 3) through the participant API: the questionnaire the app loads carries the participant's
// own last answers in that study to the questions it quotes from earlier questionnaires (never another
// participant's), and an answer's shown texts are checked, stored and part of its idempotency fingerprint.
// Saving a questionnaire checks the tokens of its question texts and of the choice labels they show by one rule.
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'csv-parse/sync';
import { ANALYSIS_FILES } from '../../../src/shared/dataDownloads';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appLogin, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import { canonicalShownTexts, pipingMessages, readShownTexts, type ShownTexts } from '../../../src/shared/questionnaire/piping';
import type { Question, Questionnaire, ResponseItem } from '../../../src/shared/questionnaire/types';
import { participantMessages } from '../../../src/shared/messages';
import { questionnaireMessages } from '../../../src/shared/questionnaire/rules';
import type { AnswerItem, AppQuestionnaire, AppTasksAnswer, ResponseAnswer } from '../../../src/shared/types/participantApp';
import type { Study } from '../../../src/shared/types/study';

jest.setTimeout(60_000);

function question(n: number, html: string, r: ResponseItem): Question {
  return { ...makeQuestion(`q${n}`, `r${n}`), question_num: String(n + 1), position: n, html_question: html, other_info: [{ ...r, position: 0 }] };
}

/** MOOD: Q1 how they feel (several choices), Q2 a note. */
const mood = (setId: string | null): Question[] => [
  question(0, '<p>How do you feel?</p>', { ...makeResponse('m0', 'mc'), choices: setId, multiple: true }),
  question(1, '<p>A note</p>', makeResponse('m1', 'text')),
];
/** DIARY: Q1 a text, Q2 quoting it and MOOD's answers. */
const diary = (): Question[] => [
  question(0, '<p>What happened?</p>', makeResponse('d0', 'text')),
  question(1, '<p>You wrote {{Q1}}; you felt {{MOOD.Q1|nothing yet}} and noted {{mood.Q2}}.</p>', makeResponse('d1', 'text')),
];

describe.each(databases)('piping in the participant API (%s)', (database) => {
  let t: TestApp;
  let manager: string;
  let moodQx: Questionnaire;
  let diaryQx: Questionnaire;
  let study: Study;
  let other: Study;
  let ann: string;
  let bob: string;
  const now = new Date().toISOString();
  let seq = 0;

  async function join(s: Study): Promise<string> {
    const p = await createParticipant(t.app, manager, s._id);
    const token = (await appLogin(t.app, p.email)).token;
    json<AppTasksAnswer>(await send(t.app, { method: 'GET', url: `/api/app/studies/${s._id}/tasks`, token }));
    return token;
  }

  beforeAll(async () => {
    t = await createTestApp(database);
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const choices = [
      { name: 'Calm', value: '1', position: 0 },
      { name: 'Tense', value: '2', position: 1 },
    ];
    moodQx = await createQuestionnaire(t.app, manager, mood, { abbrev: 'MOOD', mcSet: { name: 'Feelings', choices } });
    diaryQx = await createQuestionnaire(t.app, manager, diary, { abbrev: 'DIARY' });
    study = await createStudy(t.app, manager, { active: true });
    other = await createStudy(t.app, manager, { active: true });
    for (const s of [study, other]) await setGroupSettings(t.app.ctx.db, s.stage_list[0].participant_group_list[0]._id, { anytime: [moodQx._id, diaryQx._id] });
    ann = await join(study);
    bob = await join(study);
  });
  afterAll(async () => t.close());

  function answer(s: Study, token: string, qx: Questionnaire, answers: AnswerItem[], extra: { submissionId?: string; shown_texts?: ShownTexts } = {}) {
    const { submissionId = `pipe-${(seq += 1)}`, ...rest } = extra;
    return send(t.app, {
      method: 'POST',
      url: `/api/app/studies/${s._id}/responses`,
      token,
      payload: { submissionId, taskId: null, questionnaireId: qx._id, startedAt: now, submittedAt: now, answers, ...rest },
    });
  }

  async function earlier(token: string): Promise<Record<string, string>> {
    const res = await send(t.app, { method: 'GET', url: `/api/app/questionnaires/${diaryQx._id}`, token });
    expect(res.statusCode).toBe(200);
    return json<AppQuestionnaire>(res).earlier_answers;
  }

  const item = (question_pos: number, value: AnswerItem['value']): AnswerItem => ({ question_pos, response_pos: 0, value });

  it('carries no earlier answers before any', async () => {
    expect(await earlier(ann)).toEqual({});
  });

  it("carries the participant's own last answers as words, a question left empty quoted from the answer before", async () => {
    expect((await answer(study, ann, moodQx, [item(0, ['2']), item(1, 'first note')])).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = new Date(Date.now() + 1000).toISOString();
    const res = await send(t.app, {
      method: 'POST',
      url: `/api/app/studies/${study._id}/responses`,
      token: ann,
      payload: { submissionId: 'pipe-later', taskId: null, questionnaireId: moodQx._id, startedAt: later, submittedAt: later, answers: [item(0, ['2', '1'])] },
    });
    expect(res.statusCode).toBe(201);
    expect(await earlier(ann)).toEqual({ 'MOOD.Q1': 'Calm, Tense', 'MOOD.Q2': 'first note' });
  });

  it("never carries another participant's answers, in this study or another", async () => {
    expect((await answer(study, bob, moodQx, [item(0, ['1']), item(1, "Bob's secret")])).statusCode).toBe(201);
    expect(await earlier(ann)).toEqual({ 'MOOD.Q1': 'Calm, Tense', 'MOOD.Q2': 'first note' });
    expect(await earlier(bob)).toEqual({ 'MOOD.Q1': 'Calm', 'MOOD.Q2': "Bob's secret" });
    // Carol answers MOOD in the other study: her diary there quotes it, Ann's and Bob's never.
    const carol = await createParticipant(t.app, manager, other._id);
    const carolToken = (await appLogin(t.app, carol.email)).token;
    await send(t.app, { method: 'GET', url: `/api/app/studies/${other._id}/tasks`, token: carolToken });
    expect((await answer(other, carolToken, moodQx, [item(1, 'elsewhere')])).statusCode).toBe(201);
    expect(await earlier(carolToken)).toEqual({ 'MOOD.Q2': 'elsewhere' });
    expect(await earlier(ann)).toEqual({ 'MOOD.Q1': 'Calm, Tense', 'MOOD.Q2': 'first note' });
  });

  describe('shown texts', () => {
    const answers = [item(0, '<b>a walk</b>'), item(1, 'fine')];
    const shown: ShownTexts = { '1': { question: 'You wrote <b>a walk</b>; you felt Calm, Tense and noted first note.' } };

    it('stores them as sent (canonical), and answers a retry: the same 200, other texts or none 422', async () => {
      const first = await answer(study, ann, diaryQx, answers, { submissionId: 'shown-1', shown_texts: shown });
      expect(first.statusCode).toBe(201);
      const { _id } = json<ResponseAnswer>(first);
      const row = await t.app.ctx.db.selectFrom('submissions').select('shown_texts').where('id', '=', _id).executeTakeFirstOrThrow();
      expect(row.shown_texts).toBe(canonicalShownTexts(shown));
      expect(readShownTexts(row.shown_texts).get(1)).toEqual(shown['1']);

      const same = await answer(study, ann, diaryQx, answers, { submissionId: 'shown-1', shown_texts: shown });
      expect([same.statusCode, json<ResponseAnswer>(same)._id]).toEqual([200, _id]);
      const otherText = await answer(study, ann, diaryQx, answers, { submissionId: 'shown-1', shown_texts: { '1': { question: 'You wrote <b>a walk</b>; you felt nothing yet and noted .' } } });
      expect([otherText.statusCode, messageOf(otherText)]).toEqual([422, participantMessages.submissionReused]);
      const none = await answer(study, ann, diaryQx, answers, { submissionId: 'shown-1' });
      expect([none.statusCode, messageOf(none)]).toEqual([422, participantMessages.submissionReused]);
    });

    it('accepts any words for an earlier answer (the app may have filled it offline), and an answer without shown texts stores none', async () => {
      const offline = await answer(study, ann, diaryQx, answers, { shown_texts: { '1': { question: 'You wrote <b>a walk</b>; you felt nothing yet and noted .' } } });
      expect(offline.statusCode).toBe(201);
      const without = await answer(study, ann, diaryQx, answers, { submissionId: 'shown-none' });
      expect(without.statusCode).toBe(201);
      const row = await t.app.ctx.db.selectFrom('submissions').select('shown_texts').where('id', '=', json<ResponseAnswer>(without)._id).executeTakeFirstOrThrow();
      expect(row.shown_texts).toBeNull();
      const again = await answer(study, ann, diaryQx, answers, { submissionId: 'shown-none' });
      expect(again.statusCode).toBe(200);
    });

    it('refuses with 400 at the question a text that is not this answer filled in, or a text without tokens', async () => {
      const wrong = await answer(study, ann, diaryQx, answers, { shown_texts: { '1': { question: 'You wrote something else; you felt Calm and noted x.' } } });
      expect(wrong.statusCode).toBe(400);
      expect(json<{ message: string; question_pos: number }>(wrong)).toMatchObject({ message: participantMessages.shownTextMismatch, question_pos: 1 });
      const plain = await answer(study, ann, diaryQx, answers, { shown_texts: { '0': { question: 'What happened?' } } });
      expect([plain.statusCode, messageOf(plain)]).toEqual([400, participantMessages.shownTextMismatch]);
      const shape = await answer(study, ann, diaryQx, answers, { shown_texts: { x: { question: 'y' } } as ShownTexts });
      expect(shape.statusCode).toBe(400);
      // A position is written one way only: "01" is not question 1.
      const padded = await answer(study, ann, diaryQx, answers, { shown_texts: { '01': shown['1'] } });
      expect([padded.statusCode, messageOf(padded)]).toEqual([400, participantMessages.shownTextMismatch]);
    });

    it('the analysis export has a column of the text as shown, described in the codebook', async () => {
      const stageId = study.stage_list[0]._id;
      const groupId = study.stage_list[0].participant_group_list[0]._id;
      const res = await send(t.app, { method: 'POST', url: `/api/data/${study._id}/download_analysis`, token: manager, payload: { stageId, groupId } });
      expect(res.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const table = (name: string) => parse(strFromU8(files[name]).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
      const rows = table(ANALYSIS_FILES.tasks);
      expect(Object.keys(rows[0])).toContain('DIARY_Q2_shown');
      expect(Object.keys(rows[0])).not.toContain('MOOD_Q1_shown');
      const shownCells = rows.filter((r) => r.questionnaire_code === 'DIARY').map((r) => r.DIARY_Q2_shown);
      expect(shownCells).toEqual(expect.arrayContaining([shown['1'].question, 'You wrote <b>a walk</b>; you felt nothing yet and noted .', '']));
      expect(table(ANALYSIS_FILES.codebook).find((c) => c.column === 'DIARY_Q2_shown')).toMatchObject({ questionnaire_code: 'DIARY', response_type: 'shown text' });
    });
  });

  describe('saving quoted questions', () => {
    function save(qx: Questionnaire, html: string, token = manager) {
      const chin_content = qx.chin_content.map((q, i) => (i === 1 ? { ...q, html_question: html } : q));
      return send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, token, payload: { chin_content } });
    }

    it('saves earlier questions of its own and questions of the lab’s questionnaires, by code in any case', async () => {
      const res = await save(diaryQx, '<p>{{Q1}} {{mood.Q2|none}} {{DIARY.Q2}}</p>');
      expect(res.statusCode).toBe(200);
    });

    const refusals: [string, string, string][] = [
      ['the question itself', '<p>{{Q2}}</p>', pipingMessages.laterQuestion],
      ['a later question', '<p>{{Q3}}</p>', pipingMessages.laterQuestion],
      ['a code the lab has not', '<p>{{SLEEP.Q1}}</p>', pipingMessages.unknownQuestionnaire],
      ['a question past the end of another', '<p>{{MOOD.Q3}}</p>', pipingMessages.unknownQuestion],
    ];
    it.each(refusals)('refuses %s with 400 and the shared message', async (_name, html, message) => {
      const res = await save(diaryQx, html);
      expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
    });

    it('checks the labels of the choice sets the questions show by the same rule, with the same messages', async () => {
      // Q1 a text, Q2 choices whose label quotes Q1: saved (createQuestionnaire saves it).
      const build = (setId: string | null): Question[] => [
        question(0, '<p>What happened?</p>', makeResponse('l0', 'text')),
        question(1, '<p>Why?</p>', { ...makeResponse('l1', 'mc'), choices: setId }),
      ];
      const qx = await createQuestionnaire(t.app, manager, build, { abbrev: 'LABELS', mcSet: { name: 'Why', choices: [{ name: 'Because of {{Q1}}', value: 'a', position: 0 }, { name: 'Other', value: 'b', position: 1 }] } });
      const saveContent = (chin_content: Question[]) => send(t.app, { method: 'PUT', url: `/api/qx_list/${qx._id}/edit`, token: manager, payload: { chin_content } });
      // The choices shown first: their label quotes the question showing them.
      const swapped = [qx.chin_content[1], qx.chin_content[0]].map((q, i) => ({ ...q, position: i }));
      const later = await saveContent(swapped);
      expect([later.statusCode, messageOf(later)]).toEqual([400, pipingMessages.laterQuestion]);
      // A set whose label quotes a code the lab has not, or past the end of MOOD, refused once a question shows it.
      for (const [name, message] of [
        ['{{SLEEP.Q1}}', pipingMessages.unknownQuestionnaire],
        ['{{mood.Q3|none}}', pipingMessages.unknownQuestion],
      ]) {
        const created = await send(t.app, { method: 'POST', url: `/api/qx_list/${qx._id}/mc`, token: manager, payload: { name: `Set ${name}`, choices: [{ name, value: 'x', position: 0 }, { name: 'Other', value: 'y', position: 1 }] } });
        expect(created.statusCode).toBe(201);
        const setId = json<{ set: { _id: string } }>(created).set._id;
        const res = await saveContent(qx.chin_content.map((q, i) => (i === 1 ? { ...q, other_info: [{ ...q.other_info[0], choices: setId }] } : q)));
        expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
      }
      expect((await saveContent(qx.chin_content)).statusCode).toBe(200);
    });

    it("another lab's code is unknown; another lab's manager 404, a participant's token and no token 401", async () => {
      const owner = await ownerToken(t.app);
      const otherLab = await seedLab(t.app, owner);
      const otherManager = await labUserToken(t.app, otherLab.managerEmail, otherLab.managerPassword);
      await createQuestionnaire(t.app, otherManager, mood, { abbrev: 'SLEEP', mcSet: { name: 'Feelings', choices: [{ name: 'Calm', value: '1', position: 0 }, { name: 'Tense', value: '2', position: 1 }] } });
      const unknown = await save(diaryQx, '<p>{{SLEEP.Q1}}</p>');
      expect([unknown.statusCode, messageOf(unknown)]).toEqual([400, pipingMessages.unknownQuestionnaire]);
      const asOther = await save(diaryQx, '<p>{{Q1}}</p>', otherManager);
      expect([asOther.statusCode, messageOf(asOther)]).toEqual([404, questionnaireMessages.questionnaireNotFound]);
      const asParticipant = await save(diaryQx, '<p>{{Q1}}</p>', ann);
      expect([asParticipant.statusCode, messageOf(asParticipant)]).toEqual([401, participantMessages.wrongTokenKind]);
      const none = await send(t.app, { method: 'PUT', url: `/api/qx_list/${diaryQx._id}/edit`, payload: { chin_content: diaryQx.chin_content } });
      expect(none.statusCode).toBe(401);
    });
  });
});
