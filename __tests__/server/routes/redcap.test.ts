// REDCap instruments in and out (issue 35 part 2), against dictionaries written in REDCap's format
// (__tests__/server/fixtures/redcap): every field type maps as expected, what cannot map is listed, the export of
// an imported questionnaire imports back to the same questionnaire, and the calls refuse the wrong callers and
// files that are no dictionaries.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databases, json, labUserToken, ownerToken, seedLab, type SeededLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { appSignup } from '../support/participants';
import { authMessages, generalMessages, participantMessages } from '../../../src/shared/messages';
import { questionnaireMessages, RESPONSE_CHECKS } from '../../../src/shared/questionnaire/rules';
import type { MultipleChoiceSet, Question, Questionnaire, ResponseItem } from '../../../src/shared/questionnaire/types';
import {
  REDCAP_COLUMNS,
  REDCAP_DICTIONARY_MAX_BYTES,
  branchingProblems,
  redcapMessages,
  redcapReasons,
  type RedcapImportAnswer,
} from '../../../src/shared/redcap';

jest.setTimeout(60_000);

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/redcap', name), 'utf8');
const EVERY_TYPE = fixture('every_field_type.csv');
const CHINESE = fixture('chinese_bom.csv');
const HEADER = REDCAP_COLUMNS.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',');

/** A question without ids, its sets by content, so that two imports of one dictionary compare equal. */
function comparable(q: Questionnaire, sets: readonly MultipleChoiceSet[]) {
  const setOf = (id: string | null) => {
    const set = sets.find((s) => s._id === id);
    return set ? { name: set.name, choices: set.choices.map((c) => [c.value, c.name]) } : null;
  };
  return {
    chin_name: q.chin_name,
    content: q.chin_content.map((question: Question) => ({
      ...question,
      _id: undefined,
      other_info: question.other_info.map((r: ResponseItem) => ({ ...r, _id: undefined, choices: setOf(r.choices) })),
    })),
  };
}

describe.each(databases)('REDCap dictionaries (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let lab: SeededLab;
  let manager: string;
  let otherManager: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
  }, 60_000);
  afterAll(async () => t.close(), 30_000);

  function importCsv(text: string | Buffer, token: string | null = manager, type = 'text/csv'): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'POST', url: '/api/qx_list/import_redcap', token: token ?? undefined, payload: text, headers: { 'content-type': type } });
  }

  async function imported(text: string, token = manager): Promise<RedcapImportAnswer> {
    const res = await importCsv(text, token);
    expect([res.statusCode, res.body.slice(0, 300)]).toEqual([201, expect.any(String)]);
    return json<RedcapImportAnswer>(res);
  }

  function exportOf(id: string, token: string | null = manager): Promise<LightMyRequestResponse> {
    return send(t.app, { method: 'GET', url: `/api/qx_list/${id}/redcap`, token: token ?? undefined });
  }

  async function setsOf(id: string): Promise<MultipleChoiceSet[]> {
    return json<{ sets: MultipleChoiceSet[] }>(await send(t.app, { method: 'GET', url: `/api/qx_list/${id}/mc`, token: manager })).sets;
  }

  const byNum = (q: Questionnaire, num: string) => {
    const found = q.chin_content.find((x) => x.question_num === num);
    if (!found) throw new Error(`no question ${num}`);
    return found;
  };
  const posOf = (q: Questionnaire, num: string) => byNum(q, num).position;

  describe('import', () => {
    let answer: RedcapImportAnswer;
    let baseline: Questionnaire;
    let daily: Questionnaire;
    let baselineSets: MultipleChoiceSet[];

    beforeAll(async () => {
      answer = await imported(EVERY_TYPE);
      [baseline, daily] = answer.questionnaires;
      baselineSets = await setsOf(baseline._id);
    });

    it('makes one questionnaire per form in the caller\'s lab, named after the form', async () => {
      expect(answer.questionnaires.map((q) => [q.chin_name, q.abbrev])).toEqual([
        ['Baseline survey', 'baseline_survey'],
        ['Daily mood', 'daily_mood'],
      ]);
      const list = json<{ qx_list: { _id: string }[] }>(await send(t.app, { method: 'GET', url: '/api/qx_list', token: manager }));
      expect(list.qx_list.map((q) => q._id)).toEqual(expect.arrayContaining([baseline._id, daily._id]));
      expect((await exportOf(baseline._id, otherManager)).statusCode).toBe(404);
    });

    it('maps text fields and their validations to text, number, email, date and time responses', () => {
      const r = (num: string) => byNum(baseline, num).other_info[0];
      expect(baseline.chin_content.some((q) => q.question_num === 'record_id')).toBe(false);
      expect(r('full_name')).toMatchObject({ type: 'text', validation: { required: true } });
      expect(byNum(baseline, 'full_name')).toMatchObject({ guide: true, html_guide: '<p>Family name first</p>', html_question: '<p>Your name, as "written" on your ID card</p>' });
      expect(r('age')).toMatchObject({ type: 'text', number_only: true, validation: { required: true } });
      expect(r('weight')).toMatchObject({ type: 'text', number_only: true });
      expect(r('email')).toMatchObject({ type: 'text', validation: { regex_string: RESPONSE_CHECKS.email } });
      expect(r('dob')).toMatchObject({ type: 'time', picker_format: 'DD MM YYYY' });
      expect(r('bedtime')).toMatchObject({ type: 'time', picker_format: 'hh mm A' });
      expect(r('phone')).toMatchObject({ type: 'text', number_only: false, validation: { regex_string: '' } });
    });

    it('maps radio, dropdown, checkbox, yesno and truefalse to multiple-choice responses with their sets', () => {
      const setOf = (num: string) => baselineSets.find((s) => s._id === byNum(baseline, num).other_info[0].choices);
      const choices = (num: string) => setOf(num)?.choices.map((c) => [c.value, c.name]);
      expect(byNum(baseline, 'sex').other_info[0]).toMatchObject({ type: 'mc', multiple: false, validation: { required: true } });
      expect(choices('sex')).toEqual([['1', 'Female'], ['2', 'Male'], ['3', 'Prefer not to say']]);
      expect(choices('country')).toEqual([['HK', 'Hong Kong'], ['CN', 'Mainland China'], ['OT', 'Other']]);
      expect(byNum(baseline, 'pets').other_info[0]).toMatchObject({ type: 'mc', multiple: true });
      expect(choices('pets')).toEqual([['1', 'Dog'], ['2', 'Cat'], ['3', 'Fish, or other pets']]);
      expect([setOf('smoker')?.name, choices('smoker')]).toEqual(['Yes/No', [['1', 'Yes'], ['0', 'No']]]);
      expect([setOf('agree')?.name, choices('agree')]).toEqual(['True/False', [['1', 'True'], ['0', 'False']]]);
      // One set per list of choices.
      expect(baselineSets).toHaveLength(5);
    });

    it('maps notes, slider and descriptive fields, and a section header with a line break to an instruction', () => {
      expect(byNum(baseline, 'pet_care')).toMatchObject({ html_question: '<p>Who cares for them?</p><p>Say "nobody" if no one does.</p>', other_info: [{ type: 'textarea' }] });
      expect(byNum(baseline, 'mood_now').other_info[0]).toMatchObject({ type: 'slider', min: 0, max: 10, min_label: 'Very bad', max_label: 'Very good' });
      expect(byNum(baseline, 'adult_info')).toMatchObject({ html_question: '<b>Adults</b> answer the next part.', other_info: [{ type: 'instruction' }] });
      const header = baseline.chin_content[posOf(baseline, 'sex') - 1];
      expect(header).toMatchObject({ question_num: '', html_question: '<p>Background</p><p>About you, in your own words</p>', other_info: [{ type: 'instruction' }] });
    });

    it('maps branching logic of the simple forms to visibility conditions', () => {
      const at = (num: string) => ({ dependent_qpos: posOf(baseline, num), dependent_response_pos: 0 });
      expect(byNum(baseline, 'cigarettes').dependency).toEqual([{ or: [{ ...at('smoker'), criterion_operator: 'is selected', criterion_value: '1' }] }]);
      expect(byNum(baseline, 'country_other').dependency).toEqual([{ or: [{ ...at('country'), criterion_operator: 'is selected', criterion_value: 'OT' }] }]);
      expect(byNum(baseline, 'pet_care').dependency).toEqual([
        { or: [{ ...at('pets'), criterion_operator: 'is selected', criterion_value: '1' }, { ...at('pets'), criterion_operator: 'is selected', criterion_value: '2' }] },
      ]);
      expect(byNum(baseline, 'adult_info').dependency).toEqual([
        { or: [{ ...at('age'), criterion_operator: 'greater or equal', criterion_value: '18' }] },
        { or: [{ ...at('sex'), criterion_operator: 'is selected', criterion_value: '1' }, { ...at('sex'), criterion_operator: 'is not selected', criterion_value: '3' }] },
      ]);
      const dAt = (num: string) => ({ dependent_qpos: posOf(daily, num), dependent_response_pos: 0 });
      expect(byNum(daily, 'sleep_hours').dependency).toEqual([{ or: [{ ...dAt('mood_today'), criterion_operator: 'is not selected', criterion_value: '1' }] }]);
      expect(byNum(daily, 'nap').dependency).toEqual([
        { or: [{ ...dAt('sleep_hours'), criterion_operator: 'less', criterion_value: '6' }, { ...dAt('sleep_hours'), criterion_operator: 'greater', criterion_value: '10' }] },
      ]);
      // Logic it cannot carry leaves the question always shown.
      expect(byNum(baseline, 'income').dependency).toEqual([]);
      expect(byNum(baseline, 'followup').dependency).toEqual([]);
    });

    it('reads UTF-8 with Chinese labels and choices', () => {
      expect(byNum(daily, 'mood_today')).toMatchObject({ html_question: '<p>今天的心情如何？</p><p>請選擇一項。</p>', other_info: [{ type: 'mc', validation: { required: true } }] });
      expect(byNum(daily, 'stress').other_info[0]).toMatchObject({ type: 'slider', min: 0, max: 100, min_label: '無', max_label: '極大' });
      expect(byNum(daily, 'mood_reason').html_question).toBe('<p>為甚麼？請說明，謝謝</p>');
    });

    it('lists everything it could not carry, with a reason, and nothing else', () => {
      expect(answer.notMapped).toEqual([
        { field: 'record_id', reason: redcapReasons.recordId },
        { field: 'full_name', reason: redcapReasons.identifier },
        { field: 'age', reason: redcapReasons.range('18', '99') },
        { field: 'age', reason: redcapReasons.integer },
        { field: 'phone', reason: redcapReasons.validation('phone') },
        { field: 'cigarettes', reason: redcapReasons.integer },
        { field: 'mood_now', reason: redcapReasons.sliderMiddle('Neutral') },
        { field: 'bmi', reason: redcapReasons.calc },
        { field: 'consent_file', reason: redcapReasons.fieldType('file') },
        { field: 'clinic', reason: redcapReasons.fieldType('sql') },
        { field: 'followup', reason: redcapReasons.annotation('@HIDDEN-SURVEY') },
        { field: 'income', reason: redcapReasons.branching("datediff([dob],'today','y') > 18", branchingProblems.syntax) },
        { field: 'followup', reason: redcapReasons.branching("[mood_today] = '1'", branchingProblems.otherForm('mood_today')) },
      ]);
      expect(baseline.chin_content.map((q) => q.question_num)).not.toEqual(expect.arrayContaining(['bmi', 'consent_file', 'clinic']));
    });

    it('records each new questionnaire and set in the audit trail', async () => {
      const entries = await t.app.ctx.db.selectFrom('audit_entries').select(['kind', 'entity_id']).where('entity_id', 'in', [baseline._id, daily._id, ...baselineSets.map((s) => s._id)]).execute();
      expect(entries.filter((e) => e.kind === 'questionnaire.created').map((e) => e.entity_id).sort()).toEqual([baseline._id, daily._id].sort());
      expect(entries.filter((e) => e.kind === 'choiceSet.changed')).toHaveLength(baselineSets.length);
    });

    it("lists REDCap's piping in a label, which the portal shows as written", async () => {
      const text = `Variable / Field Name,Form Name,Field Type,Field Label\nrecord_id,piping_form,text,Record ID\nname,piping_form,text,Name\ngreeting,piping_form,descriptive,"Hello [name], welcome"\n`;
      const piped = await imported(text);
      expect(piped.notMapped).toEqual([
        { field: 'record_id', reason: redcapReasons.recordId },
        { field: 'greeting', reason: redcapReasons.piping('[name]') },
      ]);
      expect(piped.questionnaires[0].chin_content[1].html_question).toBe('<p>Hello [name], welcome</p>');
    });

    it('makes no questionnaire of a form without a field the portal can ask, and says so', async () => {
      const text = `Variable / Field Name,Form Name,Field Type,Field Label,"Choices, Calculations, OR Slider Labels"\nrecord_id,intake,text,Record ID,\nscore,scoring,calc,Score,[a]+[b]\nname,intake,text,Name,\n`;
      const answer = await imported(text);
      expect(answer.questionnaires.map((q) => q.chin_name)).toEqual(['Intake']);
      expect(answer.notMapped).toEqual([
        { field: 'record_id', reason: redcapReasons.recordId },
        { field: 'score', reason: redcapReasons.calc },
        { field: 'scoring', reason: redcapReasons.emptyForm },
      ]);
    });

    it('gives a code already used in the lab a suffix', async () => {
      const again = await imported(CHINESE);
      const twice = await imported(CHINESE);
      expect([again.questionnaires[0].abbrev, twice.questionnaires[0].abbrev]).toEqual(['chinese_instrument', 'chinese_instrument_2']);
    });
  });

  describe('export', () => {
    it('answers a dictionary with REDCap\'s columns, valid variable names and choices as "1, Label | 2, Label"', async () => {
      const [baseline] = (await imported(EVERY_TYPE)).questionnaires;
      const res = await exportOf(baseline._id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="baseline_survey(_\d+)?_DataDictionary\.csv"/);
      const rows = parse(res.body, { bom: true }) as string[][];
      expect(rows[0]).toEqual([...REDCAP_COLUMNS]);
      const names = rows.slice(1).map((r) => r[0]);
      expect(names.every((n) => /^[a-z][a-z0-9_]*$/.test(n))).toBe(true);
      expect(new Set(names).size).toBe(names.length);
      const field = (name: string) => Object.fromEntries(REDCAP_COLUMNS.map((c, i) => [c, rows.find((r) => r[0] === name)?.[i]]));
      expect(field('sex')).toMatchObject({ 'Field Type': 'radio', 'Choices, Calculations, OR Slider Labels': '1, Female | 2, Male | 3, Prefer not to say', 'Required Field?': 'y', 'Section Header': 'Background\nAbout you, in your own words' });
      expect(field('pets')).toMatchObject({ 'Field Type': 'checkbox', 'Choices, Calculations, OR Slider Labels': '1, Dog | 2, Cat | 3, Fish, or other pets' });
      expect(field('pet_care')).toMatchObject({ 'Field Type': 'notes', 'Field Label': 'Who cares for them?\nSay "nobody" if no one does.', 'Branching Logic (Show field only if...)': "[pets(1)] = '1' or [pets(2)] = '1'" });
      expect(field('adult_info')).toMatchObject({ 'Field Type': 'descriptive', 'Branching Logic (Show field only if...)': "[age] >= 18 and ([sex] = '1' or [sex] <> '3')" });
      expect(field('dob')).toMatchObject({ 'Field Type': 'text', 'Text Validation Type OR Show Slider Number': 'date_dmy' });
      expect(field('mood_now')).toMatchObject({ 'Field Type': 'slider', 'Choices, Calculations, OR Slider Labels': 'Very bad | Very good', 'Text Validation Min': '0', 'Text Validation Max': '10' });
      expect(field('full_name')['Field Note']).toBe('Family name first');
    });

    it.each([
      ['every field type', EVERY_TYPE],
      ['Chinese, with a byte-order mark and CRLF', CHINESE],
    ])('of an imported questionnaire imports back to the same questionnaire (%s)', async (_name, dictionary) => {
      const first = (await imported(dictionary)).questionnaires;
      for (const q of first) {
        const res = await exportOf(q._id);
        expect(res.statusCode).toBe(200);
        const back = await imported(res.body);
        // Only the record identifier every dictionary starts with is not a question.
        expect(back.notMapped).toEqual([{ field: 'record_id', reason: redcapReasons.recordId }]);
        expect(back.questionnaires).toHaveLength(1);
        const again = back.questionnaires[0];
        expect(comparable(again, await setsOf(again._id))).toEqual(comparable(q, await setsOf(q._id)));
        // And its export is the same file.
        expect((await exportOf(again._id)).body.split('\r\n').slice(1)).toEqual(res.body.split('\r\n').slice(1).map((line) => line.replace(q.abbrev, again.abbrev)));
      }
    });

    it('writes a questionnaire made in the portal with names REDCap takes', async () => {
      const stamp = Date.now();
      const form = `phq_9_${stamp}`;
      const created = json<Questionnaire>(await send(t.app, { method: 'POST', url: '/api/qx_list', token: manager, payload: { chin_name: '問卷', abbrev: `PHQ-9 ${stamp}` } }));
      const text = (id: string, num: string) => ({ _id: id, question_num: num, html_question: `<p>${num}</p>`, guide: false, html_guide: '', position: 0, dependency: [], other_info: [{ _id: `${id}r`, type: 'text' }] });
      const saved = await send(t.app, { method: 'PUT', url: `/api/qx_list/${created._id}/edit`, token: manager, payload: { chin_content: [text('a', '1'), text('b', 'Q 1'), text('c', 'q_1'), { ...text('d', 'Q5'), other_info: [{ _id: 'd1', type: 'text' }, { _id: 'd2', type: 'textarea' }] }, text('f', 'record_id'), text('g', `${form}_complete`), text('h', 'redcap_event_name'), { ...text('e', ''), other_info: [{ _id: 'e1', type: 'instruction' }] }] } });
      expect(saved.statusCode).toBe(200);
      const rows = parse((await exportOf(created._id)).body, { bom: true }) as string[][];
      expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
        ['record_id', expect.stringMatching(/^phq_9_\d+$/)],
        ['q1_1', expect.stringMatching(/^phq_9_\d+$/)],
        ['q_1', expect.stringMatching(/^phq_9_\d+$/)],
        ['q_1_2', expect.stringMatching(/^phq_9_\d+$/)],
        ['q5_1', expect.stringMatching(/^phq_9_\d+$/)],
        ['q5_2', expect.stringMatching(/^phq_9_\d+$/)],
        // Names REDCap keeps for itself are not taken.
        ['record_id_2', form],
        [`${form}_complete_2`, form],
        ['v_redcap_event_name', form],
        ['descriptive_8', form],
      ]);
      expect(rows.slice(1, 2).map((r) => [r[3], r[4]])).toEqual([['text', 'Record ID']]);
      expect(rows.slice(5).map((r) => r[3])).toEqual(['text', 'notes', 'text', 'text', 'text', 'descriptive']);
    });
  });

  describe('who may call', () => {
    let questionnaireId: string;
    beforeAll(async () => {
      questionnaireId = (await imported(CHINESE)).questionnaires[0]._id;
    });

    it("answers 404 for another lab's questionnaire", async () => {
      const res = await exportOf(questionnaireId, otherManager);
      expect([res.statusCode, messageOf(res)]).toEqual([404, questionnaireMessages.questionnaireNotFound]);
    });

    it("refuses a participant's token with 401 on both calls", async () => {
      const participant = (await appSignup(t.app)).token;
      for (const res of [await importCsv(CHINESE, participant), await exportOf(questionnaireId, participant)]) {
        expect([res.statusCode, messageOf(res)]).toEqual([401, participantMessages.wrongTokenKind]);
      }
    });

    it('refuses a signed-out session with 401 on both calls, importing nothing', async () => {
      const ended = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
      expect((await send(t.app, { method: 'POST', url: '/api/users/logout', token: ended })).statusCode).toBe(200);
      const before = (await t.app.ctx.db.selectFrom('questionnaires').select('id').execute()).length;
      for (const res of [await importCsv(CHINESE, ended), await exportOf(questionnaireId, ended)]) expect(res.statusCode).toBe(401);
      expect((await t.app.ctx.db.selectFrom('questionnaires').select('id').execute()).length).toBe(before);
    });

    it('refuses a call without a session with 401, and the system owner with 403', async () => {
      for (const res of [await importCsv(CHINESE, null), await exportOf(questionnaireId, null)]) expect([res.statusCode, messageOf(res)]).toEqual([401, authMessages.sessionMissing]);
      for (const res of [await importCsv(CHINESE, owner), await exportOf(questionnaireId, owner)]) expect([res.statusCode, messageOf(res)]).toEqual([403, authMessages.labUserOnly]);
    });
  });

  describe('bad input', () => {
    const count = async () => Number((await t.app.ctx.db.selectFrom('questionnaires').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

    it.each([
      ['an empty file', '', 400, redcapMessages.empty],
      ['only a byte-order mark and blank lines', '\uFEFF\r\n\r\n', 400, redcapMessages.empty],
      ['a CSV with an unclosed quote', `${HEADER}\nage,f,,text,"Age\n`, 400, expect.stringContaining(redcapMessages.notCsv(''))],
      ['rows of different lengths', `${HEADER}\nage,f,,text\n`, 400, expect.stringContaining(redcapMessages.notCsv(''))],
      ['a CSV that is no dictionary', 'name,email\nAda,ada@example.org\n', 400, redcapMessages.missingColumns(['Variable / Field Name', 'Form Name', 'Field Type', 'Field Label'])],
      ['a dictionary without its Field Type column', 'Variable / Field Name,Form Name,Field Label\nage,f,Age\n', 400, redcapMessages.missingColumns(['Field Type'])],
      ['a dictionary without fields', `${HEADER}\n`, 400, redcapMessages.noFields],
      ['a binary file (the NUL character is refused in every request)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x01]), 400, generalMessages.nulCharacter],
      ['an image without a NUL byte', Buffer.from('GIF89a\x01\x01\xff\xfe', 'latin1'), 400, redcapMessages.missingColumns(['Variable / Field Name', 'Form Name', 'Field Type', 'Field Label'])],
    ])('refuses %s and imports nothing', async (_name, body, status, message) => {
      const before = await count();
      const res = await importCsv(body);
      expect([res.statusCode, messageOf(res)]).toEqual([status, message]);
      expect(await count()).toBe(before);
    });

    it('refuses a body that is not text/csv with 415', async () => {
      const res = await send(t.app, { method: 'POST', url: '/api/qx_list/import_redcap', token: manager, payload: { csv: EVERY_TYPE } });
      expect([res.statusCode, messageOf(res)]).toEqual([415, redcapMessages.notCsvType]);
      const plain = await importCsv(EVERY_TYPE, manager, 'text/plain');
      expect([plain.statusCode, messageOf(plain)]).toEqual([415, redcapMessages.notCsvType]);
    });

    it('reads text/csv with a charset parameter', async () => {
      const res = await importCsv(CHINESE, manager, 'text/csv; charset=utf-8');
      expect(res.statusCode).toBe(201);
    });

    it('refuses a dictionary over the size limit with 413', async () => {
      const before = await count();
      const big = `${HEADER}\n${'x'.repeat(REDCAP_DICTIONARY_MAX_BYTES)}\n`;
      const res = await importCsv(big);
      expect([res.statusCode, messageOf(res)]).toEqual([413, redcapMessages.tooLarge]);
      expect(await count()).toBe(before);
    });

    it('refuses a form with more questions than a questionnaire may have, importing none of the forms', async () => {
      const before = await count();
      const rows = Array.from({ length: 1001 }, (_v, i) => `f${i},big_form,,text,Field ${i}`);
      const text = `Variable / Field Name,Form Name,Section Header,Field Type,Field Label\nfirst,small_form,,text,First\n${rows.join('\n')}\n`;
      const res = await importCsv(text);
      expect([res.statusCode, messageOf(res)]).toEqual([400, redcapMessages.formTooLong('big_form', 1000)]);
      expect(await count()).toBe(before);
    });
  });
});
