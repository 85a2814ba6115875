// read_study.do against a golden file: Stata has no free runner, so the Stata syntax made for one variable of
// every kind was reviewed once by hand (golden/read_study.do) and any change to it must be reviewed again
// (UPDATE_GOLDEN=1 rewrites the file; review its diff).
import fs from 'node:fs';
import path from 'node:path';
import { readStudyStata } from '../../../../src/server/services/exports/readStudyStata';
import type { StudyVariable } from '../../../../src/server/services/exports/analysisVariables';

const GOLDEN = path.join(__dirname, 'golden', 'read_study.do');

const variable = (name: string, kind: StudyVariable['kind'], changes: Partial<StudyVariable> = {}): StudyVariable => ({
  name, label: `${name} label`, kind, choices: [], answer: false, long: false, ...changes,
});

/** One variable of every kind, answers among them, with labels that need quoting. */
const VARIABLES: StudyVariable[] = [
  variable('participant_id', 'text'),
  variable('stage', 'integer'),
  variable('status', 'category', { choices: ['planned', 'completed', 'expired'].map((value) => ({ value, label: value })) }),
  variable('planned_utc', 'utc'),
  variable('planned_local', 'local'),
  variable('DAILY_Q1_R1', 'category', { answer: true, label: 'DAILY 1.1: 今天的心情 😀? "quoted" `tick` $HOME', choices: [{ value: '1', label: '很好 😀' }, { value: '2', label: 'OK, "fine"' }] }),
  variable('FEEL_Q1_R1', 'category', { answer: true, choices: [{ value: 'calm', label: 'Calm 平静' }, { value: 'tense, "anxious"', label: 'Tense' }] }),
  variable('DAILY_Q4_R1', 'date', { answer: true }),
  variable('DAILY_Q6_R1', 'number', { answer: true, label: `DAILY 6.1: ${'a long question '.repeat(8)}` }),
  variable('DAILY_Q9_R1', 'text', { answer: true, long: true }),
];

describe('read_study.do', () => {
  it('is the reviewed golden file', () => {
    const made = readStudyStata(VARIABLES);
    if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(GOLDEN, made);
    expect(made).toBe(fs.readFileSync(GOLDEN, 'utf8'));
  });
});
