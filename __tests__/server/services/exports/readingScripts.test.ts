// The analysis export's reading scripts run by the real tools (Debian's r-base-core, python3-pandas and pspp;
// .ci/run installs them, and a missing tool fails here rather than skipping) on a study made through the app
// API: every response type, Chinese text and emoji, commas, quotes and new lines in answers, and prompts
// nobody answered. The tools' types, levels, labels, row counts and values are compared with the CSV as
// csv-parse reads it. SQLite only: the scripts are made from the codebook, the same on either database.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'csv-parse/sync';
import { createTestApp, json, labUserToken, ownerToken, seedLab, type TestApp } from '../../support/testApp';
import { send } from '../../support/api';
import { appLogin, assign, createParticipant, createQuestionnaire, createStudy, setGroupSettings } from '../../support/participants';
import { makeQuestion, makeResponse } from '../../../../src/shared/questionnaire/operations';
import type { Question, ResponseItem, ResponseType } from '../../../../src/shared/questionnaire/types';
import { newEmaSetting } from '../../../../src/shared/study/assessmentSettings';
import type { AppTasksAnswer } from '../../../../src/shared/types/participantApp';
import { ANALYSIS_FILES } from '../../../../src/shared/dataDownloads';
import { MISSING_CODES } from '../../../../src/server/services/exports/analysisVariables';
import { READING_FILES } from '../../../../src/server/services/exports/analysisReadme';
import { rString } from '../../../../src/server/services/exports/readStudyR';

jest.setTimeout(120_000);

type Row = Record<string, string>;

const UTF8_ENV = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

const STORY = 'He said "hi",\nthen left, ok\r\nbye 心情 😀';
const WORD = '你好，世界 😀';
const MOOD_LABELS = ['很好 😀', 'OK, "fine"', '不好'];
const SENT_AT = '2026-11-26T01:00:02.000Z';
const RECEIVED_AT = '2026-11-26T01:00:05.000Z';

function response(id: string, type: ResponseType, changes: Partial<ResponseItem> = {}): ResponseItem {
  return { ...makeResponse(id, type), ...changes };
}

/** Every response type: instruction and media (no column), mc one and several, time, date, duration, slider, text, number, textarea, photo. */
function allTypes(setId: string | null): Question[] {
  const q = (n: string, html: string, other: ResponseItem[]): Question => ({ ...makeQuestion(`q${n}`, `r${n}`), question_num: n, html_question: html, other_info: other });
  const list: Question[] = [
    { ...makeQuestion('q0', 'r0', 'instruction'), html_question: '<p>Welcome</p>' },
    q('1', '<p>今天的心情 😀?</p>', [response('r1', 'mc', { choices: setId, shuffle_choices: true })]),
    q('2', '<p>Which, "all" that apply</p>', [response('r2', 'mc', { choices: setId, multiple: true })]),
    q('3', '<p>Bed time</p>', [response('r3', 'time')]),
    q('4', '<p>Day</p>', [response('r4', 'time', { picker_format: 'DD MM YYYY' })]),
    q('5', '<p>Sleep</p>', [response('r5', 'duration')]),
    q('6', '<p>Energy</p>', [response('r6', 'slider', { min: 0, max: 10 })]),
    q('7', '<p>One word</p>', [response('r7', 'text')]),
    q('8', '<p>Cups of tea</p>', [response('r8', 'text', { number_only: true })]),
    // Piping (issue 34): the text quotes question 8's answer; the export keeps it as shown.
    q('9', '<p>Tell us more than {{Q8}}</p>', [response('r9', 'textarea')]),
    q('10', '<p>A photo</p>', [response('r10', 'photoUpload')]),
    { ...q('11', '<p>Media</p>', [response('r11', 'media')]) },
  ];
  return list.map((item, i) => ({ ...item, position: i, other_info: item.other_info.map((r, j) => ({ ...r, position: j })) }));
}

/** A questionnaire named in Chinese with text choice values (commas and quotes in them). */
function feelings(setId: string | null): Question[] {
  return [{ ...makeQuestion('f0', 'fr0'), question_num: '1', html_question: '<p>Feeling</p>', position: 0, other_info: [{ ...response('fr0', 'mc', { choices: setId }), position: 0 }] }];
}

describe('the analysis export read by R, pandas and PSPP', () => {
  let t: TestApp;
  let dir: string;
  let rows: Row[];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const owner = await ownerToken(t.app);
    const lab = await seedLab(t.app, owner);
    const manager = await labUserToken(t.app, lab.managerEmail, lab.managerPassword);
    const daily = await createQuestionnaire(t.app, manager, allTypes, {
      abbrev: 'DAILY',
      mcSet: { name: 'Mood', choices: MOOD_LABELS.map((name, i) => ({ name, value: String(i + 1), position: i })) },
      // Scores (issue 34): energy (slider 0-10) plus cups of tea (numbers only): 7.5 + 3 = 10.5; energy reversed: 10 + 0 - 7.5 = 2.5.
      scores: [
        { name: 'Total', method: 'sum', items: [{ question_pos: 6, response_pos: 0, reverse: false }, { question_pos: 8, response_pos: 0, reverse: false }], min_answered: 2 },
        { name: 'Tired', method: 'mean', items: [{ question_pos: 6, response_pos: 0, reverse: true }], min_answered: 1 },
      ],
      // Shuffles (issue 34 part 4): the instruction and questions 1 and 2 in a run; the mood choices shuffled.
      shuffleRuns: [{ from_pos: 0, to_pos: 2 }],
    });
    const feeling = await createQuestionnaire(t.app, manager, feelings, {
      abbrev: '心情',
      mcSet: { name: 'Feelings', choices: [{ name: 'Calm 平静', value: 'calm', position: 0 }, { name: 'Tense', value: 'tense, "anxious"', position: 1 }] },
    });
    const study = await createStudy(t.app, manager, { active: true });
    const stageId = study.stage_list[0]._id;
    const groupId = study.stage_list[0].participant_group_list[0]._id;
    const item = (id: string) => ({ _id: id, chin_name: '', abbrev: '' });
    await setGroupSettings(t.app.ctx.db, groupId, {
      // Day one is the day after arrival: four prompts whatever the hour the suite runs.
      ema: [{ ...newEmaSetting(), questionnaire_list: [item(daily._id)], time_list: ['09:00', '21:00'], number_of_days: 2, day_one_eq_same_day: false }],
      once: [feeling._id],
      // A follow-up (issue 34): the one-time answer below plans one, a row of task_kind followup naming it.
      followups: [{ trigger_questionnaire: feeling._id, when: [], score_when: [], questionnaire_list: [feeling._id], after_minutes: 60, response_in: 30, reminder_interval: 10, max_per_day: 1 }],
    });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const p = await createParticipant(t.app, manager, study._id);
      await assign(t.app, manager, study._id, p._id, stageId, groupId);
      tokens.push((await appLogin(t.app, p.email)).token);
    }
    const tasks = json<AppTasksAnswer>(await send(t.app, { method: 'GET', url: `/api/app/studies/${study._id}/tasks`, token: tokens[0] }));
    const prompt = tasks.ema.find((e) => !e.reminder);
    if (!prompt) throw new Error('no EMA prompt planned');
    const now = new Date().toISOString();
    const submit = async (submissionId: string, taskId: string, questionnaireId: string, answers: unknown[], extra: Record<string, unknown> = {}) => {
      const res = await send(t.app, { method: 'POST', url: `/api/app/studies/${study._id}/responses`, token: tokens[0], payload: { submissionId, taskId, questionnaireId, startedAt: now, submittedAt: now, answers, ...extra } });
      expect(res.statusCode).toBe(201);
    };
    const shownOrder = { questions: [2, 0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11], choices: { '1': ['3', '1', '2'] } };
    await submit('s1', prompt._id, daily._id, [
      { question_pos: 1, response_pos: 0, value: ['2'] },
      { question_pos: 2, response_pos: 0, value: ['1', '3'] },
      { question_pos: 3, response_pos: 0, value: '21:30' },
      { question_pos: 4, response_pos: 0, value: '2026-11-26' },
      { question_pos: 5, response_pos: 0, value: 'PT7H30M' },
      { question_pos: 6, response_pos: 0, value: 7.5 },
      { question_pos: 7, response_pos: 0, value: WORD },
      { question_pos: 8, response_pos: 0, value: '3' },
      { question_pos: 9, response_pos: 0, value: STORY },
    ], { shown_order: shownOrder, shown_texts: { '9': { question: `Tell us more than ${WORD}` } } });
    await submit('s2', tasks.once[0]._id, feeling._id, [{ question_pos: 0, response_pos: 0, value: ['tense, "anxious"'] }]);
    // The delivery ledger of the answered prompt (issue 33), as the push sender records it.
    await t.app.ctx.db.updateTable('tasks').set({ delivery_channel: 'push', push_result: 'accepted', sent_at: SENT_AT, received_at: RECEIVED_AT }).where('id', '=', prompt._id).execute();

    const res = await send(t.app, { method: 'POST', url: `/api/data/${study._id}/download_analysis`, token: manager, payload: { stageId, groupId } });
    expect(res.statusCode).toBe(200);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'analysis-scripts-'));
    for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(res.rawPayload)))) fs.writeFileSync(path.join(dir, name), bytes);
    rows = parse(strFromU8(fs.readFileSync(path.join(dir, ANALYSIS_FILES.tasks))).replace(/^\uFEFF/, ''), { columns: true }) as Row[];
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const answered = () => rows.findIndex((r) => r.task_kind === 'ema' && r.status === 'completed');

  it('the CSV: a row per prompt, missed ones too, every row on one line, the names safe', () => {
    const ema = rows.filter((r) => r.task_kind === 'ema');
    expect(ema.length).toBeGreaterThanOrEqual(4);
    expect(ema.filter((r) => r.status === 'completed')).toHaveLength(1);
    expect(rows[answered()].DAILY_Q9_R1).toBe(STORY.replace(/\r\n|\n/g, '\u2028'));
    expect(Object.keys(rows[0])).toContain('Q1_R1');
    expect([rows[answered()].DAILY_score_Total, rows[answered()].DAILY_score_Tired]).toEqual(['10.5', '2.5']);
    expect([rows[answered()].DAILY_order_questions, rows[answered()].DAILY_Q1_order]).toEqual(['2;[1];1;3;4;5;6;7;8;9;10;11', '3;1;2']);
    expect(rows.filter((r) => r.task_kind === 'ema' && r.status !== 'completed').map((r) => r.DAILY_order_questions)).toContain('');
    expect(rows[answered()].DAILY_Q9_shown).toBe(`Tell us more than ${WORD}`);
    const codebook = parse(strFromU8(fs.readFileSync(path.join(dir, ANALYSIS_FILES.codebook))).replace(/^\uFEFF/, ''), { columns: true }) as Row[];
    expect(codebook.find((c) => c.column === 'DAILY_Q1_order')).toMatchObject({ questionnaire_code: 'DAILY', question_number: '1', response_type: 'order', unit: 'choice values separated by ;' });
    expect(codebook.find((c) => c.column === 'DAILY_order_questions')).toMatchObject({ response_type: 'order', unit: 'question numbers separated by ;' });
    expect(codebook.find((c) => c.column === 'DAILY_score_Tired')).toMatchObject({
      questionnaire_code: 'DAILY', response_type: 'score', unit: 'mean',
      description: 'Mean of 6 response 1 reversed (10 + 0 - value); empty when fewer than 1 of 1 items are answered',
    });
    const once = rows.find((r) => r.task_kind === 'once' && r.submission_id !== '');
    expect(rows.filter((r) => r.task_kind === 'followup').map((r) => [r.trigger_submission_id, r.status])).toEqual([[once?.submission_id, 'planned']]);
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual([...Object.values(ANALYSIS_FILES), ...Object.values(READING_FILES)].sort());
  });

  it('R reads it with types, factors with the choice labels, POSIXct and labels', () => {
    const i = answered() + 1;
    const check = [
      'source("read_study.R")',
      'd <- read_study()',
      'cat("rows", nrow(d), "\\n")',
      'for (n in names(d)) cat("class", n, class(d[[n]])[1], "\\n")',
      'cat("levels", paste(levels(d$DAILY_Q1_R1), collapse = "|"), "\\n")',
      `cat("mood", identical(as.character(d$DAILY_Q1_R1[${i}]), ${rString(MOOD_LABELS[1])}), "\\n")`,
      `cat("story", identical(d$DAILY_Q9_R1[${i}], ${rString(STORY.replace(/\r\n/g, '\n'))}), "\\n")`,
      `cat("word", identical(d$DAILY_Q7_R1[${i}], ${rString(WORD)}), "\\n")`,
      `cat("label", identical(attr(d$DAILY_Q1_R1, "label"), ${rString('DAILY 1.1: 今天的心情 😀?')}), "\\n")`,
      `cat("feeling", identical(levels(d$Q1_R1), ${'c("Calm \\U{5e73}\\U{9759}", "Tense")'}), "\\n")`,
      `cat("slider", d$DAILY_Q6_R1[${i}], "\\n")`,
      `cat("date", format(d$DAILY_Q4_R1[${i}]), "\\n")`,
      `cat("utc", attr(d$submitted_utc, "tzone"), format(d$submitted_utc[${i}], "%Y-%m-%dT%H:%M:%S"), "\\n")`,
      `cat("local", attr(d$submitted_local, "tzone"), format(d$submitted_local[${i}], "%Y-%m-%dT%H:%M:%S%z"), "\\n")`,
      'cat("missing", sum(is.na(d$DAILY_Q6_R1)), "\\n")',
      `cat("scores", d$DAILY_score_Total[${i}], d$DAILY_score_Tired[${i}], sum(is.na(d$DAILY_score_Total)), "\\n")`,
      `cat("order", d$DAILY_order_questions[${i}], d$DAILY_Q1_order[${i}], "\\n")`,
    ].join('\n');
    const out = execFileSync('Rscript', ['-e', check], { cwd: dir, env: UTF8_ENV, encoding: 'utf8' });
    const line = (key: string) => out.split('\n').find((l) => l.startsWith(`${key} `))?.trim().slice(key.length + 1);
    const row = rows[answered()];
    expect(line('rows')).toBe(String(rows.length));
    const classes = Object.fromEntries(out.split('\n').filter((l) => l.startsWith('class ')).map((l) => l.trim().split(' ').slice(1)));
    expect(classes).toMatchObject({
      stage: 'integer', day_of_study: 'integer', status: 'factor', task_kind: 'factor', planned_utc: 'POSIXct', submitted_local: 'POSIXct',
      channel: 'factor', sent_utc: 'POSIXct', received_utc: 'POSIXct',
      DAILY_Q1_R1: 'factor', DAILY_Q2_R1: 'character', DAILY_Q3_R1: 'character', DAILY_Q4_R1: 'Date', DAILY_Q5_R1: 'character',
      DAILY_Q6_R1: 'numeric', DAILY_Q7_R1: 'character', DAILY_Q8_R1: 'numeric', DAILY_Q9_R1: 'character', DAILY_Q10_R1: 'character', Q1_R1: 'factor',
      DAILY_score_Total: 'numeric', DAILY_score_Tired: 'numeric', DAILY_order_questions: 'character', DAILY_Q1_order: 'character', DAILY_Q9_shown: 'character',
    });
    expect(line('order')).toBe('2;[1];1;3;4;5;6;7;8;9;10;11 3;1;2');
    expect(line('scores')).toBe(`10.5 2.5 ${rows.filter((r) => r.DAILY_score_Total === '').length}`);
    expect(line('levels')).toBe(MOOD_LABELS.join('|'));
    for (const key of ['mood', 'story', 'word', 'label', 'feeling']) expect(line(key)).toBe('TRUE');
    expect(line('slider')).toBe('7.5');
    expect(line('date')).toBe('2026-11-26');
    expect(line('utc')).toBe(`UTC ${row.submitted_utc.slice(0, 19)}`);
    expect(line('local')).toBe(`${row.timezone} ${row.submitted_local.replace(/:(\d\d)$/, '$1')}`);
    expect(line('missing')).toBe(String(rows.filter((r) => r.DAILY_Q6_R1 === '').length));
  });

  it('pandas reads it with types, categoricals with the labels and zone-aware moments', () => {
    const i = answered();
    const check = [
      'import json',
      'from read_study import read_study, VARIABLE_LABELS',
      'd = read_study()',
      'print(json.dumps({',
      '  "rows": len(d),',
      '  "dtypes": {n: str(t) for n, t in d.dtypes.items()},',
      '  "mood": list(d["DAILY_Q1_R1"].cat.categories),',
      '  "feeling": list(d["Q1_R1"].cat.categories),',
      `  "row": {n: (None if v is None or v != v else str(v)) for n, v in d.iloc[${i}].items()},`,
      '  "label": VARIABLE_LABELS["DAILY_Q1_R1"],',
      '  "missing": int(d["DAILY_Q6_R1"].isna().sum()),',
      '}, ensure_ascii=False))',
    ].join('\n');
    const out = JSON.parse(execFileSync('/usr/bin/python3', ['-c', check], { cwd: dir, env: UTF8_ENV, encoding: 'utf8' })) as {
      rows: number; dtypes: Row; mood: string[]; feeling: string[]; row: Record<string, string | null>; label: string; missing: number;
    };
    const row = rows[i];
    expect(out.rows).toBe(rows.length);
    expect(out.dtypes).toMatchObject({
      stage: 'Int64', day_of_study: 'Int64', status: 'category', planned_utc: 'datetime64[ns, UTC]', submitted_local: `datetime64[ns, ${row.timezone}]`,
      channel: 'category', sent_utc: 'datetime64[ns, UTC]', received_utc: 'datetime64[ns, UTC]',
      DAILY_Q1_R1: 'category', DAILY_Q2_R1: 'object', DAILY_Q4_R1: 'datetime64[ns]', DAILY_Q6_R1: 'float64', DAILY_Q8_R1: 'float64', DAILY_Q9_R1: 'object', Q1_R1: 'category',
      DAILY_score_Total: 'float64', DAILY_score_Tired: 'float64', DAILY_order_questions: 'object', DAILY_Q1_order: 'object', DAILY_Q9_shown: 'object',
    });
    expect([out.row.DAILY_score_Total, out.row.DAILY_score_Tired]).toEqual(['10.5', '2.5']);
    expect([out.row.DAILY_order_questions, out.row.DAILY_Q1_order]).toEqual(['2;[1];1;3;4;5;6;7;8;9;10;11', '3;1;2']);
    expect(out.row.DAILY_Q9_shown).toBe(`Tell us more than ${WORD}`);
    expect(out.mood).toEqual(MOOD_LABELS);
    expect(out.feeling).toEqual(['Calm 平静', 'Tense']);
    expect(out.row).toMatchObject({ DAILY_Q1_R1: MOOD_LABELS[1], DAILY_Q2_R1: '1;3', DAILY_Q7_R1: WORD, DAILY_Q9_R1: STORY.replace(/\r\n/g, '\n'), DAILY_Q6_R1: '7.5', DAILY_Q5_R1: 'PT7H30M' });
    expect(out.row.submitted_utc).toBe(`${row.submitted_utc.slice(0, 10)} ${row.submitted_utc.slice(11, 19)}+00:00`);
    expect([out.row.channel, out.row.sent_utc, out.row.received_utc]).toEqual(['push', '2026-11-26 01:00:02+00:00', '2026-11-26 01:00:05+00:00']);
    expect(out.row.submitted_local).toBe(row.submitted_local.replace('T', ' '));
    expect(out.label).toBe('DAILY 1.1: 今天的心情 😀?');
    expect(out.missing).toBe(rows.filter((r) => r.DAILY_Q6_R1 === '').length);
  });

  it('PSPP runs the SPSS syntax: the dictionary, the cases and the missing-value codes', () => {
    const syntax = fs.readFileSync(path.join(dir, READING_FILES.spss), 'utf8');
    fs.writeFileSync(
      path.join(dir, 'check.sps'),
      `${syntax}\nDISPLAY DICTIONARY.\nSAVE TRANSLATE /OUTFILE='out.csv' /TYPE=CSV /REPLACE /FIELDNAMES /CELLS=VALUES.\n`,
    );
    const out = execFileSync('pspp', ['-O', 'format=txt', '-O', 'width=400', 'check.sps'], { cwd: dir, env: UTF8_ENV, encoding: 'utf8' });
    expect(out).not.toMatch(/error|warning/i);
    const dictionary = (name: string) => out.split('\n').find((l) => new RegExp(`^\\|${name}\\s*\\|`).test(l)) ?? '';
    expect(dictionary('DAILY_Q1_R1')).toMatch(/DAILY 1\.1: 今天的心情 😀\?.*\|F10\.0/);
    expect(dictionary('DAILY_Q6_R1')).toMatch(/\|F12\.2/);
    expect(dictionary('DAILY_score_Total')).toMatch(/DAILY score Total \(sum\).*\|F12\.2/);
    expect(dictionary('DAILY_Q1_order')).toMatch(/DAILY 1 order of the choices shown.*\|A/);
    expect(dictionary('submitted_utc')).toMatch(/\|DATETIME20\.0/);
    expect(dictionary('sent_utc')).toMatch(/\|DATETIME20\.0/);
    expect(dictionary('received_utc')).toMatch(/\|DATETIME20\.0/);
    expect(dictionary('DAILY_Q4_R1')).toMatch(/\|SDATE10/);
    expect(dictionary('DAILY_Q9_R1')).toMatch(/\|A32767/);
    expect(out).toMatch(new RegExp(`${MISSING_CODES.missed.spss}\\S*\\s*\\|\\s*${MISSING_CODES.missed.label.replace(/[()]/g, '\\$&')}`));
    expect(out).toContain(MOOD_LABELS[0]);
    expect(out).toContain('Calm 平静');
    expect(out).not.toMatch(/zz_read_/);

    const cases = parse(fs.readFileSync(path.join(dir, 'out.csv'), 'utf8'), { columns: true }) as Row[];
    expect(cases).toHaveLength(rows.length);
    expect(Object.keys(cases[0])).toEqual(Object.keys(rows[0]));
    const i = answered();
    expect(cases[i]).toMatchObject({ DAILY_Q1_R1: '2', DAILY_Q6_R1: '7.5', DAILY_Q7_R1: WORD, DAILY_Q9_R1: rows[i].DAILY_Q9_R1, Q1_R1: '', DAILY_Q9_shown: `Tell us more than ${WORD}` });
    // A completed row of the other questionnaire: its numeric answer columns are blank, not missed.
    const other = rows.findIndex((r) => r.task_kind === 'once' && r.status === 'completed');
    expect(cases[other]).toMatchObject({ Q1_R1: 'tense, "anxious"', DAILY_Q1_R1: String(MISSING_CODES.blank.spss), DAILY_Q6_R1: String(MISSING_CODES.blank.spss) });
    const missed = rows.findIndex((r) => r.task_kind === 'ema' && r.status !== 'completed');
    expect(cases[missed].DAILY_Q6_R1).toBe(String(MISSING_CODES.missed.spss));
    expect([cases[i].DAILY_score_Total, cases[i].DAILY_score_Tired, cases[missed].DAILY_score_Total]).toEqual(['10.5', '2.5', String(MISSING_CODES.missed.spss)]);
    expect([cases[i].DAILY_order_questions, cases[i].DAILY_Q1_order, cases[missed].DAILY_Q1_order]).toEqual(['2;[1];1;3;4;5;6;7;8;9;10;11', '3;1;2', '']);
    expect(cases.map((c) => c.status)).toEqual(rows.map((r) => r.status));
    expect(cases.map((c) => c.channel)).toEqual(rows.map((r) => r.channel));
    expect(rows[i].channel).toBe('push');
  });
});
