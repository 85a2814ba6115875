// The variables of tasks_long.csv as the reading scripts (R, Python, SPSS, Stata) and the codebook describe them:
// made from the export's plan (the questionnaires' columns), never from the answers, so the scripts cost the same
// however many answers there are.
import { plainText } from '../../../shared/richText';
import { DELIVERY_CHANNELS } from '../../../shared/delivery';
import type { AnalysisPlan } from './analysis';
import { ANALYSIS_TASK_COLUMNS } from './analysisColumns';
import type { ItemColumn } from './items';

/**
 * How a column is read. text: as it is; integer and number; category: a value among `choices`, shown by their
 * labels; utc: an ISO-8601 moment in UTC; local: the wall clock with its offset (a diary's day alone in
 * planned_local); date: 'YYYY-MM-DD'.
 */
export type VariableKind = 'text' | 'integer' | 'number' | 'category' | 'utc' | 'local' | 'date';

export interface VariableChoice {
  value: string;
  label: string;
}

export interface StudyVariable {
  /** As in the CSV's header: safe in all four languages (variableNames.ts). */
  name: string;
  /** One line, as the researcher wrote it (Chinese and emoji kept). */
  label: string;
  kind: VariableKind;
  choices: VariableChoice[];
  /** An answer column: an empty cell gets a missing-value code in SPSS and Stata. */
  answer: boolean;
  /** Free text of any length (answers): SPSS reads it at its widest string. */
  long: boolean;
}

/**
 * Why an answer cell is empty, as SPSS (user-missing values) and Stata (extended missing values) code it; R and
 * Python read NA, and the row's status says which. The CSV itself leaves the cell empty.
 */
export const MISSING_CODES = {
  missed: { spss: -99, stata: '.a', label: 'No answer: prompt not completed (see status)' },
  blank: { spss: -98, stata: '.b', label: 'No answer in a completed row (left blank, not shown, or another questionnaire)' },
} as const;

/** What the codebook says of an answer column's empty cells. */
export const MISSING_VALUES_TEXT =
  `Empty when not answered (NA in R and Python; status tells why). Numeric variables in SPSS and Stata: ` +
  `${MISSING_CODES.missed.spss} / ${MISSING_CODES.missed.stata} = ${MISSING_CODES.missed.label}; ` +
  `${MISSING_CODES.blank.spss} / ${MISSING_CODES.blank.stata} = ${MISSING_CODES.blank.label}`;

/**
 * A line break inside an answer is written as U+2028 (LINE SEPARATOR) in tasks_long.csv: SPSS (and PSPP) cannot
 * read a line break inside a quoted CSV field, so every row stays one line. The R and Python scripts turn it back
 * into a new line.
 */
export const ANSWER_LINE_BREAK = '\u2028';

export function oneLineAnswer(text: string): string {
  return text.includes('\n') || text.includes('\r') ? text.replace(/\r\n|\r|\n/g, ANSWER_LINE_BREAK) : text;
}

const TASK_CHOICES: Record<string, readonly string[]> = {
  withdrawn: ['no', 'yes'],
  task_kind: ['ema', 'followup', 'diary', 'once', 'anytime'],
  channel: [...DELIVERY_CHANNELS],
  status: ['planned', 'delivered', 'opened', 'completed', 'expired', 'cancelled'],
  late: ['no', 'yes'],
};

function taskKind(name: string): VariableKind {
  if (TASK_CHOICES[name]) return 'category';
  if (['stage', 'group', 'day_of_study', 'prompt_of_day'].includes(name)) return 'integer';
  if (name.endsWith('_utc')) return 'utc';
  if (name.endsWith('_local')) return 'local';
  return 'text';
}

function itemKind(column: ItemColumn): VariableKind {
  const r = column.response;
  switch (r.type) {
    case 'slider':
      return 'number';
    case 'text':
    case 'textarea':
      return r.number_only ? 'number' : 'text';
    case 'time':
      return r.picker_format === 'DD MM YYYY' ? 'date' : 'text';
    case 'mc':
      return r.multiple || column.choices.length === 0 ? 'text' : 'category';
    default:
      return 'text';
  }
}

/** The variables in the CSV's order. */
export function studyVariables(plan: AnalysisPlan): StudyVariable[] {
  const fixed = ANALYSIS_TASK_COLUMNS.map(([name, description]): StudyVariable => {
    const kind = taskKind(name);
    const choices = (TASK_CHOICES[name] ?? []).map((value) => ({ value, label: value }));
    return { name, label: description, kind, choices, answer: false, long: false };
  });
  const items = [...plan.questionnaires.values()].flatMap((q) => [
    ...q.columns.map((c, i): StudyVariable => {
      const kind = itemKind(c);
      const question = plainText(c.question.html_question ?? '');
      return {
        name: q.names[i],
        label: `${q.version.row.abbrev} ${c.question.question_num || c.qpos + 1}.${c.rpos + 1}: ${question}`,
        kind,
        choices: kind === 'category' ? c.choices.map((choice) => ({ value: choice.value, label: choice.name })) : [],
        answer: true,
        long: kind === 'text',
      };
    }),
    ...q.scores.map((s, j): StudyVariable => ({
      name: q.names[q.columns.length + j],
      label: `${q.version.row.abbrev} score ${s.score.name} (${s.score.method})`,
      kind: 'number',
      choices: [],
      answer: true,
      long: false,
    })),
    // The order shown (issue 34 part 4): a list of question numbers or choice values, read as text.
    ...q.orders.map((o, k): StudyVariable => ({
      name: q.names[q.columns.length + q.scores.length + k],
      label: o.kind === 'questions' ? `${q.version.row.abbrev} order of the questions shown` : `${q.version.row.abbrev} ${o.question.question_num} order of the choices shown`,
      kind: 'text',
      choices: [],
      answer: false,
      long: true,
    })),
    ...q.shown.map((c, j): StudyVariable => ({
      name: q.names[q.columns.length + q.scores.length + q.orders.length + j],
      label: `${q.version.row.abbrev} ${c.question.question_num || c.qpos + 1} ${c.part === 'question' ? 'text' : 'labels'} as shown`,
      kind: 'text',
      choices: [],
      answer: true,
      long: true,
    })),
  ]);
  return [...fixed, ...items];
}

/** Choice values that are all whole numbers can be stored as numbers (SPSS, Stata). */
export function numericChoices(variable: StudyVariable): boolean {
  return variable.choices.length > 0 && variable.choices.every((c) => /^-?\d{1,9}$/.test(c.value.trim()));
}
