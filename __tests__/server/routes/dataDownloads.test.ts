// The data downloads, opened with real readers: the zips unzipped with fflate, every CSV parsed with csv-parse
// and the workbook read back with exceljs, compared with the answers participants submitted over the app API
// (Chinese text, emoji, commas, quotes and new lines included). Both forms of each call (JSON with base64 and
// the streamed file) carry the same content.
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { call, createTestApp, databases, json, labUserToken, ownerToken, seedLab, type TestApp } from '../support/testApp';
import { messageOf, send } from '../support/api';
import { PNG } from '../../support/mediaSamples';
import { addGroup, appLogin, assign, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../support/participants';
import { makeQuestion, makeResponse } from '../../../src/shared/questionnaire/operations';
import type { Question, Questionnaire, ResponseItem, ResponseType } from '../../../src/shared/questionnaire/types';
import { newDiarySetting, newEmaSetting } from '../../../src/shared/study/assessmentSettings';
import { dataDownloadMessages, questionnaireCsvName } from '../../../src/shared/dataDownloads';
import { authMessages, studyMessages } from '../../../src/shared/messages';
import { XLSX_MEDIA_TYPE, ZIP_MEDIA_TYPE, type FileDownloadAnswer } from '../../../src/shared/types/dataDownloads';
import type { Study } from '../../../src/shared/types/study';
import type { AppTasksAnswer, UploadAnswer } from '../../../src/shared/types/participantApp';
import { TEXT_FIXED_COLUMNS } from '../../../src/server/services/exports/textResponses';
import { RESPONSE_TIME_COLUMNS, responseTimeHeader } from '../../../src/server/services/exports/responseTimes';
import { XLSX_DATE_FORMAT } from '../../../src/server/services/exports/xlsxWorkbook';

jest.setTimeout(120_000);

type Row = Record<string, string>;

function response(id: string, type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(id, type), ...changes };
}

/** Feelings (mc, several), a word (text), a story (textarea), an instruction, a slider and a photo. */
function dailyQuestions(setId: string | null): Question[] {
  const list: Question[] = [
    { ...makeQuestion('q0', 'r0'), question_num: '1', html_question: '<p>How do you <strong>feel</strong> today? &amp; why&#39;s that</p>', other_info: [response('r0', 'mc', { choices: setId, multiple: true })] },
    { ...makeQuestion('q1', 'r1'), question_num: '2', html_question: '<p>One word</p>', other_info: [response('r1', 'text')] },
    { ...makeQuestion('q2', 'r2'), question_num: '3', html_question: '<p>Tell us more</p>', other_info: [response('r2', 'textarea')] },
    { ...makeQuestion('q3', 'r3', 'instruction'), question_num: '', html_question: '<p>Thank you</p>' },
    { ...makeQuestion('q4', 'r4'), question_num: '5', html_question: '<p>Energy</p>', other_info: [response('r4', 'slider', { min: 0, max: 10, min_label: 'none', max_label: 'full' })] },
    { ...makeQuestion('q5', 'r5'), question_num: '6', html_question: '<p>A photo</p>', other_info: [response('r5', 'photoUpload')] },
  ];
  return list.map((q, i) => ({ ...q, position: i, other_info: q.other_info.map((r, j) => ({ ...r, position: j })) }));
}

function onceQuestions(): Question[] {
  return [{ ...makeQuestion('o0', 'or0'), question_num: '1', html_question: '<p>Your age</p>', other_info: [{ ...makeResponse('or0', 'text'), position: 0 }] }];
}

const TRICKY = {
  word: '你好，世界 😀',
  story: 'He said "hi",\nthen left, ok\r\nbye',
  feelings: ['calm', 'tense, anxious'],
};

/** The CSVs of a zip, parsed; the byte-order mark must be there. */
function csvFiles(zip: Buffer): Record<string, Row[]> {
  const files = unzipSync(new Uint8Array(zip));
  const out: Record<string, Row[]> = {};
  for (const [name, bytes] of Object.entries(files)) {
    if (!name.endsWith('.csv')) continue;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    out[name] = parse(strFromU8(bytes.subarray(3)), { columns: true, skip_empty_lines: false }) as Row[];
  }
  return out;
}

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/** The rows by header; a date cell as its moment in ISO-8601 (exceljs reads cells with a date format as Dates). */
async function sheetRows(bytes: Buffer): Promise<Row[]> {
  const sheet = await sheetOf(bytes);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Row[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    const text = (value: unknown) => (value === undefined || value === null ? '' : value instanceof Date ? value.toISOString() : String(value));
    rows.push(Object.fromEntries(header.map((h, i) => [h, text(values[i])])));
  });
  return rows;
}

describe.each(databases)('data downloads (%s)', (database) => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  let otherManager: string;
  let study: Study;
  let otherStudy: Study;
  let daily: Questionnaire;
  let once: Questionnaire;
  let stageId: string;
  let group1: string;
  let group2: string;
  const people: Record<'p1' | 'p2' | 'p3' | 'p4', { id: string; code: string; email: string; token: string }> = {} as never;
  let p1Tasks: AppTasksAnswer;
  let photoKey: string;

  function api(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return send(t.app, { method, url, token, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  let seq = 0;
  async function submit(who: keyof typeof people, taskId: string | null, questionnaireId: string, answers: unknown[]): Promise<void> {
    seq += 1;
    const now = new Date().toISOString();
    const res = await api('POST', `/api/app/studies/${study._id}/responses`, people[who].token, { submissionId: `dl-${seq}`, taskId, questionnaireId, startedAt: now, submittedAt: now, answers });
    expect(res.statusCode).toBe(201);
  }

  const dailyAnswer = (word: string, extra: unknown[] = []) => [
    { question_pos: 0, response_pos: 0, value: TRICKY.feelings },
    { question_pos: 1, response_pos: 0, value: word },
    { question_pos: 2, response_pos: 0, value: TRICKY.story },
    { question_pos: 4, response_pos: 0, value: 7 },
    ...extra,
  ];

  beforeAll(async () => {
    t = await createTestApp(database);
    owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const other = await seedLab(t.app, owner);
    manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    otherManager = await labUserToken(t.app, other.managerEmail, other.managerPassword);
    daily = await createQuestionnaire(t.app, manager, dailyQuestions, {
      abbrev: 'DAILY',
      mcSet: { name: 'Feelings', choices: [{ name: 'Calm 平静', value: 'calm', position: 0 }, { name: 'Tense', value: 'tense, anxious', position: 1 }] },
    });
    once = await createQuestionnaire(t.app, manager, onceQuestions, { abbrev: 'ONCE' });
    study = await createStudy(t.app, manager, { active: true, stages: 2 });
    otherStudy = await createStudy(t.app, otherManager, { active: true });
    stageId = study.stage_list[1]._id;
    group1 = study.stage_list[1].participant_group_list[0]._id;
    group2 = await addGroup(t.app, manager, stageId);
    const item = (q: Questionnaire) => ({ _id: q._id, chin_name: '', abbrev: '' });
    await setGroupSettings(t.app.ctx.db, group1, {
      ema: [{ ...newEmaSetting(), questionnaire_list: [item(daily)], time_list: ['09:00', '21:00'], number_of_days: 2 }],
      diary: [{ ...newDiarySetting(), questionnaire_list: [item(daily)], number_of_days: 3 }],
      once: [once._id],
      anytime: [daily._id],
    });
    await setGroupSettings(t.app.ctx.db, group2, { once: [once._id] });

    for (const [key, group] of [['p1', group1], ['p2', group1], ['p3', group1], ['p4', group2]] as const) {
      const p = await createParticipant(t.app, manager, study._id);
      await assign(t.app, manager, study._id, p._id, stageId, group);
      const session = await appLogin(t.app, p.email);
      people[key] = { id: p._id, code: p.participant_code, email: p.email, token: session.token };
    }
    p1Tasks = json<AppTasksAnswer>(await api('GET', `/api/app/studies/${study._id}/tasks`, people.p1.token));
    const prompt = p1Tasks.ema.find((e) => !e.reminder);
    if (!prompt) throw new Error('no EMA prompt planned');
    const grant = json<UploadAnswer>(await api('POST', '/api/app/uploads', people.p1.token, { contentType: 'image/png', size: PNG.length }));
    await call(t.app, { method: 'PUT', url: grant.url, headers: { 'content-type': 'image/png' }, payload: PNG });
    photoKey = grant.key;
    await api('POST', `/api/app/studies/${study._id}/events`, people.p1.token, {
      events: [
        { taskId: prompt._id, kind: 'delivered', at: '2025-01-01T01:00:00.000Z' },
        { taskId: prompt._id, kind: 'opened', at: '2025-01-01T01:02:00.000Z' },
      ],
    });
    await submit('p1', prompt._id, daily._id, dailyAnswer(TRICKY.word, [{ question_pos: 5, response_pos: 0, value: photoKey }]));
    await submit('p1', p1Tasks.diary[0]._id, daily._id, dailyAnswer('diary'));
    await submit('p1', null, daily._id, dailyAnswer('anytime one'));
    await submit('p1', null, daily._id, dailyAnswer('anytime two'));
    await submit('p1', p1Tasks.once[0]._id, once._id, [{ question_pos: 0, response_pos: 0, value: '31' }]);

    for (const key of ['p2', 'p3', 'p4'] as const) {
      const planned = json<AppTasksAnswer>(await api('GET', `/api/app/studies/${study._id}/tasks`, people[key].token));
      await submit(key, planned.once[0]._id, once._id, [{ question_pos: 0, response_pos: 0, value: `age of ${key}` }]);
    }
    const p3Tasks = json<AppTasksAnswer>(await api('GET', `/api/app/studies/${study._id}/tasks`, people.p3.token));
    await submit('p3', p3Tasks.anytime[0]._id, daily._id, dailyAnswer('EXCLUDED'));
    expect((await api('POST', `/api/app/studies/${study._id}/withdraw`, people.p2.token)).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => t.close(), 30_000);

  const textUrl = () => `/api/data/${study._id}/download_text_resp`;
  const timeUrl = () => `/api/data/${study._id}/download_resp_time`;
  const analysisUrl = () => `/api/data/${study._id}/download_analysis`;

  describe('text responses', () => {
    async function textZip(body: Record<string, unknown>): Promise<{ json: FileDownloadAnswer; streamed: LightMyRequestResponse }> {
      const res = await api('POST', textUrl(), manager, body);
      expect(res.statusCode).toBe(200);
      const streamed = await api('POST', textUrl(), manager, body, { accept: ZIP_MEDIA_TYPE });
      expect(streamed.statusCode).toBe(200);
      return { json: json<FileDownloadAnswer>(res), streamed };
    }

    it('one CSV per questionnaire, a row per answer, the answers exactly as stored; excluded participants left out', async () => {
      const { json: answer, streamed } = await textZip({ stageId, excludedParticipantsIds: [people.p3.id] });
      expect(answer.title).toMatch(new RegExp(`^${study.study_code}_stage2_allGroups_text_responses_\\d{8}-\\d{4}\\.zip$`));
      const files = csvFiles(Buffer.from(answer.content, 'base64'));
      expect(Object.keys(files).sort()).toEqual([questionnaireCsvName('DAILY', daily._id), questionnaireCsvName('ONCE', once._id)].sort());

      const dailyRows = files[questionnaireCsvName('DAILY', daily._id)];
      expect(Object.keys(dailyRows[0])).toEqual([...TEXT_FIXED_COLUMNS, 'Q1_R1', 'Q2_R1', 'Q3_R1', 'Q5_R1', 'Q6_R1']);
      expect(dailyRows.map((r) => r.participant_id)).toEqual([people.p1.code, people.p1.code, people.p1.code, people.p1.code]);
      expect(dailyRows.map((r) => r.Q2_R1).sort()).toEqual(['anytime one', 'anytime two', 'diary', TRICKY.word].sort());
      const ema = dailyRows.find((r) => r.task_kind === 'ema');
      expect(ema).toMatchObject({
        email: people.p1.email,
        stage: '2',
        group: '1',
        timezone: 'Asia/Hong_Kong',
        Q1_R1: 'calm;tense, anxious',
        Q2_R1: TRICKY.word,
        Q3_R1: TRICKY.story,
        Q5_R1: '7',
        // The photo by its name in the photo zip, never by its storage key.
        Q6_R1: expect.stringMatching(new RegExp(`^${people.p1.code}_DAILY_\\d{8}-\\d{6}\\.png$`)),
        late: 'no',
        withdrawn: 'no',
      });
      // The planned time in the task's zone is one of the setting's wall-clock times.
      expect(['09:00', '21:00']).toContain(ema?.planned_time_local.slice(11, 16));
      expect(Date.parse(ema?.submitted_time_utc ?? '')).toBeGreaterThan(0);
      // Text moments are ISO-8601 with their offset: the local one is the same moment as the UTC one.
      expect(ema?.submitted_time_local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
      expect(Date.parse(ema?.submitted_time_local ?? '')).toBe(Math.floor(Date.parse(ema?.submitted_time_utc ?? '') / 1000) * 1000);

      // Each row names the answer's _id and the app's submissionId, as stored.
      const ids = await t.app.ctx.db.selectFrom('submissions').select(['id', 'client_submission_id']).where('participant_id', '=', people.p1.id).where('questionnaire_id', '=', daily._id).execute();
      expect(dailyRows.map((r) => [r.submission_id, r.app_submission_id]).sort()).toEqual(ids.map((r) => [r.id, r.client_submission_id]).sort());
      expect(new Set(dailyRows.map((r) => r.app_submission_id)).size).toBe(4);

      // The stored answers are what the file says.
      const stored = await t.app.ctx.db.selectFrom('answer_items').innerJoin('submissions', 'submissions.id', 'answer_items.submission_id').select(['answer_items.value']).where('submissions.participant_id', '=', people.p1.id).where('answer_items.question_pos', '=', 2).execute();
      expect(stored.map((s) => JSON.parse(s.value) as string)).toEqual(Array(4).fill(TRICKY.story));

      const onceRows = files[questionnaireCsvName('ONCE', once._id)];
      expect(onceRows.map((r) => [r.participant_id, r.group, r.withdrawn, r.Q1_R1]).sort()).toEqual(
        [
          [people.p1.code, '1', 'no', '31'],
          [people.p2.code, '1', 'yes', 'age of p2'],
          [people.p4.code, '2', 'no', 'age of p4'],
        ].sort(),
      );
      expect(JSON.stringify(files)).not.toContain(photoKey);
      expect(JSON.stringify(files)).not.toContain('EXCLUDED');
      expect(JSON.stringify(files)).not.toContain(people.p3.code);

      // The streamed form: the same files.
      expect(streamed.headers['content-type']).toBe(ZIP_MEDIA_TYPE);
      expect(streamed.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9_-]+_text_responses_\d{8}-\d{4}\.zip"$/);
      expect(csvFiles(streamed.rawPayload)).toEqual(files);
    });

    it('one group only; without exclusions everyone answering is there', async () => {
      const { json: answer } = await textZip({ stageId, groupId: group1, excludedParticipantsIds: [] });
      expect(answer.title).toContain('_stage2_group1_');
      const files = csvFiles(Buffer.from(answer.content, 'base64'));
      const onceRows = files[questionnaireCsvName('ONCE', once._id)];
      expect(onceRows.map((r) => r.participant_id).sort()).toEqual([people.p1.code, people.p2.code, people.p3.code].sort());
      expect(files[questionnaireCsvName('DAILY', daily._id)].some((r) => r.Q2_R1 === 'EXCLUDED')).toBe(true);
    });

    it('a stage without answers answers 404 with a message', async () => {
      const res = await api('POST', textUrl(), manager, { stageId: study.stage_list[0]._id, excludedParticipantsIds: [] });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe(dataDownloadMessages.noTextResponses);
    });
  });

  describe('response times', () => {
    it('a row per task with its moments (Excel dates, UTC and local, the zone in the header), status and late flag; JSON and streamed the same', async () => {
      const res = await api('POST', timeUrl(), manager, { stageId, groupId: group1 });
      expect(res.statusCode).toBe(200);
      const answer = json<FileDownloadAnswer>(res);
      expect(answer.title).toMatch(/_stage2_group1_response_times_\d{8}-\d{4}\.xlsx$/);
      const bytes = Buffer.from(answer.content, 'base64');
      const rows = await sheetRows(bytes);
      const HKT = '(Asia/Hong_Kong)';
      expect(Object.keys(rows[0])).toEqual(RESPONSE_TIME_COLUMNS.map((c) => (c.endsWith('_local') ? `${c} ${HKT}` : c)));
      expect(Object.keys(rows[0])).toEqual(responseTimeHeader(['Asia/Hong_Kong']));

      const p1 = rows.filter((r) => r.participant_id === people.p1.code);
      const emaPrompts = p1Tasks.ema.filter((e) => !e.reminder);
      expect(p1.filter((r) => r.task_kind === 'ema')).toHaveLength(emaPrompts.length);
      // Anytime answered twice: two rows; diary once; one-time once.
      expect(p1.filter((r) => r.task_kind === 'anytime')).toHaveLength(2);
      expect(p1.filter((r) => r.task_kind === 'diary')).toHaveLength(1);
      expect(p1.filter((r) => r.task_kind === 'once')).toHaveLength(1);
      const answered = p1.find((r) => r.task_kind === 'ema' && r.submitted_utc !== '');
      // Local moments are the wall-clock time in Hong Kong (Excel dates carry no zone).
      expect(answered).toMatchObject({
        questionnaire_code: 'DAILY',
        delivered_utc: '2025-01-01T01:00:00.000Z',
        [`delivered_local ${HKT}`]: '2025-01-01T09:00:00.000Z',
        opened_utc: '2025-01-01T01:02:00.000Z',
        [`opened_local ${HKT}`]: '2025-01-01T09:02:00.000Z',
        status: 'completed',
        late: 'no',
        withdrawn: 'no',
      });

      // The cells themselves: dates with a date format to the second, so Excel sorts and subtracts them.
      const sheet = await sheetOf(bytes);
      const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const place = (name: string) => header.indexOf(name) + 1;
      let answeredRow: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(place('delivered_utc')).type === ExcelJS.ValueType.Date) answeredRow = row;
      });
      if (!answeredRow) throw new Error('no row with a delivered moment');
      for (const name of ['delivered_utc', `delivered_local ${HKT}`, 'opened_utc', `opened_local ${HKT}`, 'submitted_utc', `submitted_local ${HKT}`, 'planned_utc', `planned_local ${HKT}`]) {
        const cell = answeredRow.getCell(place(name));
        expect([name, cell.type, cell.numFmt]).toEqual([name, ExcelJS.ValueType.Date, XLSX_DATE_FORMAT]);
      }
      const at = (name: string) => (answeredRow?.getCell(place(name)).value as Date).getTime();
      expect(at('opened_utc') - at('delivered_utc')).toBe(2 * 60_000);
      expect(at(`delivered_local ${HKT}`) - at('delivered_utc')).toBe(8 * 3_600_000);
      // Text stays text; a moment not there is an empty cell.
      expect(answeredRow.getCell(place('status')).type).toBe(ExcelJS.ValueType.String);
      const unanswered = sheet.getRow(1 + 1 + rows.findIndex((r) => r.task_kind === 'ema' && r.submitted_utc === ''));
      expect(unanswered.getCell(place('submitted_utc')).type).toBe(ExcelJS.ValueType.Null);
      expect(unanswered.getCell(place('planned_utc')).type).toBe(ExcelJS.ValueType.Date);
      // The diary's local start is its day.
      const diary = p1.find((r) => r.task_kind === 'diary');
      expect(diary?.[`planned_local ${HKT}`]).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
      expect(p1.filter((r) => r.task_kind === 'ema' && r.submitted_utc === '').every((r) => r.status === 'planned' && r.late === '')).toBe(true);
      expect(rows.find((r) => r.participant_id === people.p2.code)?.withdrawn).toBe('yes');
      expect(rows.some((r) => r.participant_id === people.p4.code)).toBe(false);

      const streamed = await api('POST', timeUrl(), manager, { stageId, groupId: group1 }, { accept: XLSX_MEDIA_TYPE });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
      expect(streamed.headers['content-disposition']).toMatch(/response_times_\d{8}-\d{4}\.xlsx"$/);
      expect(await sheetRows(streamed.rawPayload)).toEqual(rows);
    });

    it('includeEma false leaves EMA out', async () => {
      const res = await api('POST', timeUrl(), manager, { stageId, includeEma: false });
      const rows = await sheetRows(Buffer.from(json<FileDownloadAnswer>(res).content, 'base64'));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.task_kind === 'ema')).toBe(false);
      expect(rows.filter((r) => r.task_kind === 'once').map((r) => r.participant_id).sort()).toEqual([people.p1.code, people.p2.code, people.p3.code, people.p4.code].sort());
    });
  });

  describe("the system owner's response times (POST /api/studies/systemowner/{id}/download_resp_time)", () => {
    const ownerUrl = (id = study._id) => `/api/studies/systemowner/${id}/download_resp_time`;
    /** The file name without its moment (to the minute), which two calls may not share. */
    const named = (title: string) => title.replace(/_\d{8}-\d{4}\.xlsx$/, '.xlsx');

    it("is the lab user's workbook for the same stage and group, JSON and streamed", async () => {
      for (const body of [{ stageId, groupId: group1 }, { stageId }, { stageId, groupId: group1, includeEma: false }]) {
        const labUsers = json<FileDownloadAnswer>(await api('POST', timeUrl(), manager, body));
        const res = await api('POST', ownerUrl(), owner, body);
        expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 200]);
        const owners = json<FileDownloadAnswer>(res);
        expect(named(owners.title)).toBe(named(labUsers.title));
        const rows = await sheetRows(Buffer.from(owners.content, 'base64'));
        expect(rows.length).toBeGreaterThan(0);
        expect(rows).toEqual(await sheetRows(Buffer.from(labUsers.content, 'base64')));

        const streamed = await api('POST', ownerUrl(), owner, body, { accept: XLSX_MEDIA_TYPE });
        expect(streamed.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
        expect(await sheetRows(streamed.rawPayload)).toEqual(rows);
      }
    });

    it("answers the lab user's messages for a stage, group or study that is not there and a stage without tasks", async () => {
      const cases: Array<[Record<string, unknown>, string | undefined, number, string]> = [
        [{ stageId: otherStudy.stage_list[0]._id }, undefined, 404, studyMessages.stageNotFound],
        [{ stageId: study.stage_list[0]._id, groupId: group1 }, undefined, 404, studyMessages.groupNotFound],
        [{ stageId: study.stage_list[0]._id }, undefined, 404, dataDownloadMessages.noTasks],
        [{ stageId }, '000000000000000000000000', 404, studyMessages.studyNotFound],
      ];
      for (const [body, id, status, message] of cases) {
        const res = await api('POST', ownerUrl(id), owner, body);
        expect([res.statusCode, messageOf(res)]).toEqual([status, message]);
      }
      expect((await api('POST', ownerUrl(), owner, {})).statusCode).toBe(400);
    });

    it('refuses a lab user, even of the study\'s lab, and the owner on another host than the main host', async () => {
      const labUser = await api('POST', ownerUrl(), manager, { stageId });
      expect([labUser.statusCode, messageOf(labUser)]).toEqual([403, authMessages.systemOwnerOnly]);
      const elsewhere = await api('POST', ownerUrl(), owner, { stageId }, { host: 'portal.example.org' });
      expect([elsewhere.statusCode, messageOf(elsewhere)]).toEqual([403, authMessages.systemOwnerMainHostOnly]);
      expect((await api('POST', ownerUrl(), undefined, { stageId })).statusCode).toBe(401);
      // And the owner gets nothing from the lab user's call.
      const labCall = await api('POST', timeUrl(), owner, { stageId });
      expect([labCall.statusCode, messageOf(labCall)]).toEqual([403, authMessages.labUserOnly]);
    });
  });

  describe('analysis data', () => {
    it('a row per planned task (missed prompts too), a codebook and a photo manifest', async () => {
      const res = await api('POST', analysisUrl(), manager, { stageId, groupId: group1 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(ZIP_MEDIA_TYPE);
      expect(res.headers['content-disposition']).toMatch(/_stage2_group1_analysis_\d{8}-\d{4}\.zip"$/);
      const files = csvFiles(res.rawPayload);
      expect(Object.keys(files).sort()).toEqual(['activity.csv', 'codebook.csv', 'photo_manifest.csv', 'tasks_long.csv']);
      expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload))).sort()).toEqual(
        ['README.txt', 'activity.csv', 'codebook.csv', 'photo_manifest.csv', 'read_study.R', 'read_study.do', 'read_study.py', 'read_study.sps', 'tasks_long.csv'],
      );
      // The study's activity (issue 21), oldest first: its creation first, this very download last.
      const activity = files['activity.csv'];
      expect(activity[0]).toMatchObject({ kind: 'study.created', entity_type: 'study', field: 'chin_name' });
      const seqs = activity.map((r) => Number(r.seq));
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
      const taken = activity.filter((r) => r.kind === 'data.downloaded' && r.field === 'file');
      expect(taken[taken.length - 1]).toMatchObject({ actor_kind: 'lab_user', after: expect.stringMatching(/_stage2_group1_analysis_\d{8}-\d{4}\.zip$/) });

      const rows = files['tasks_long.csv'];
      const p1 = rows.filter((r) => r.participant_id === people.p1.code);
      const emaPrompts = p1Tasks.ema.filter((e) => !e.reminder);
      const emaRows = p1.filter((r) => r.task_kind === 'ema');
      expect(emaRows).toHaveLength(emaPrompts.length);
      expect(emaRows.filter((r) => r.status === 'completed')).toHaveLength(1);
      expect(emaRows.filter((r) => r.submitted_utc === '')).toHaveLength(emaPrompts.length - 1);
      for (const r of emaRows) {
        expect(Number(r.day_of_study)).toBeGreaterThanOrEqual(1);
        expect(['1', '2']).toContain(r.prompt_of_day);
      }
      const answered = emaRows.find((r) => r.status === 'completed');
      expect(answered).toMatchObject({ DAILY_Q1_R1: 'calm;tense, anxious', DAILY_Q2_R1: TRICKY.word, DAILY_Q3_R1: TRICKY.story.replace(/\r\n|\n/g, '\u2028'), DAILY_Q5_R1: '7', ONCE_Q1_R1: '' });
      // The diary: a row per day, the first answered.
      const diary = p1.filter((r) => r.task_kind === 'diary');
      expect(diary.map((r) => [r.day_of_study, r.status])).toEqual([
        ['1', 'completed'],
        ['2', 'planned'],
        ['3', 'planned'],
      ]);
      expect(p1.filter((r) => r.task_kind === 'anytime').map((r) => r.DAILY_Q2_R1).sort()).toEqual(['anytime one', 'anytime two']);
      expect(rows.find((r) => r.participant_id === people.p2.code)?.withdrawn).toBe('yes');
      // Participants who did not answer their prompts still have their rows.
      expect(rows.filter((r) => r.participant_id === people.p2.code && r.task_kind === 'ema').length).toBeGreaterThan(0);

      const codebook = files['codebook.csv'];
      expect(codebook.map((c) => c.column)).toEqual(Object.keys(rows[0]));
      expect(codebook.find((c) => c.column === 'DAILY_Q1_R1')).toMatchObject({
        questionnaire_code: 'DAILY',
        question_number: '1',
        question_text: "How do you feel today? & why's that",
        response_type: 'mc',
        choice_values: 'calm | tense, anxious',
        choice_labels: 'Calm 平静 | Tense',
        original_name: 'DAILY_Q1_R1',
        missing_values: expect.stringContaining('-99'),
      });
      expect(codebook.find((c) => c.column === 'DAILY_Q5_R1')?.unit).toBe('0 (none) to 10 (full)');

      expect(files['photo_manifest.csv']).toEqual([
        expect.objectContaining({ participant_id: people.p1.code, questionnaire_code: 'DAILY', task_kind: 'ema', column: 'DAILY_Q6_R1', file_name: expect.stringMatching(new RegExp(`^${people.p1.code}_DAILY_\\d{8}-\\d{6}\\.png$`)) }),
      ]);
    });
  });

  describe('analysis data: the delivery ledger (issue 33)', () => {
    it('channel, sent_utc and received_utc of each prompt as the senders recorded them, empty when never sent; in the codebook', async () => {
      const [pushed, emailed, unsent] = p1Tasks.ema.filter((e) => !e.reminder);
      const ledger = t.app.ctx.db.updateTable('tasks');
      await ledger.set({ delivery_channel: 'push', push_result: 'accepted', sent_at: '2025-01-01T01:00:02.000Z', received_at: '2025-01-01T01:00:05.000Z' }).where('id', '=', pushed._id).execute();
      await ledger.set({ delivery_channel: 'email', push_result: 'none', sent_at: '2025-01-01T05:00:03.000Z', email_result: 'sent' }).where('id', '=', emailed._id).execute();
      try {
        const res = await api('POST', analysisUrl(), manager, { stageId, groupId: group1 });
        expect(res.statusCode).toBe(200);
        const files = csvFiles(res.rawPayload);
        const byTask = new Map(files['tasks_long.csv'].map((r) => [r.task_id, r]));
        const columns = (id: string) => {
          const row = byTask.get(id);
          return row && [row.channel, row.sent_utc, row.received_utc];
        };
        expect(columns(pushed._id)).toEqual(['push', '2025-01-01T01:00:02.000Z', '2025-01-01T01:00:05.000Z']);
        expect(columns(emailed._id)).toEqual(['email', '2025-01-01T05:00:03.000Z', '']);
        expect(columns(unsent._id)).toEqual(['', '', '']);
        const header = Object.keys(files['tasks_long.csv'][0]);
        expect(header.slice(header.indexOf('window_closes_utc'), header.indexOf('delivered_utc') + 1)).toEqual(['window_closes_utc', 'channel', 'sent_utc', 'received_utc', 'delivered_utc']);
        const codebook = new Map(files['codebook.csv'].map((c) => [c.column, c.description]));
        expect(codebook.get('channel')).toMatch(/push, or email/);
        expect(codebook.get('sent_utc')).toMatch(/push service accepted/);
        expect(codebook.get('received_utc')).toMatch(/reached the phone/);
        const readme = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['README.txt']);
        expect(readme).toContain('received_utc when the pushed prompt reached');
      } finally {
        await t.app.ctx.db.updateTable('tasks').set({ delivery_channel: null, push_result: null, sent_at: null, received_at: null, email_result: null }).where('id', 'in', [pushed._id, emailed._id]).execute();
      }
    });
  });

  describe('access', () => {
    it("another lab's study, a stage or group not of the study: 404", async () => {
      for (const url of [textUrl(), timeUrl(), analysisUrl()]) {
        const theirs = await api('POST', url, otherManager, { stageId, excludedParticipantsIds: [] });
        expect(theirs.statusCode).toBe(404);
        expect(messageOf(theirs)).toBe(studyMessages.studyNotFound);
        const foreignStage = await api('POST', url, manager, { stageId: otherStudy.stage_list[0]._id });
        expect(foreignStage.statusCode).toBe(404);
        expect(messageOf(foreignStage)).toBe(studyMessages.stageNotFound);
        const wrongGroup = await api('POST', url, manager, { stageId: study.stage_list[0]._id, groupId: group1 });
        expect(wrongGroup.statusCode).toBe(404);
        expect(messageOf(wrongGroup)).toBe(studyMessages.groupNotFound);
      }
    });

    it('refuses a missing token and a participant token', async () => {
      for (const url of [textUrl(), timeUrl(), analysisUrl()]) {
        expect((await api('POST', url, undefined, { stageId })).statusCode).toBe(401);
        expect((await api('POST', url, people.p1.token, { stageId })).statusCode).toBeGreaterThanOrEqual(401);
      }
    });
  });
});
