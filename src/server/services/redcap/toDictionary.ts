// A questionnaire as a REDCap data dictionary REDCap accepts: REDCap's columns in its order, one field per
// answer of each question (a question of instructions or media a descriptive field), variable names valid for
// REDCap (lowercase letters, digits and '_', starting with a letter, unique), choices as `1, Label | 2, Label`
// and visibility conditions as branching logic, after the record identifier every REDCap dictionary starts with.
// What the dictionary imports back is the same questionnaire.
import type { Choice, DependencyCondition, Question, ResponseItem } from '../../../shared/questionnaire/types';
import { RESPONSE_CHECKS, isNonAnswer } from '../../../shared/questionnaire/rules';
import { REDCAP_COLUMNS, REDCAP_RECORD_ID, type RedcapColumn } from '../../../shared/redcap';
import { logicValue, writeBranching } from './branching';

/** REDCap's limit on a variable name. */
const REDCAP_NAME_MAX = 100;

export function redcapName(text: string, fallback: string): string {
  let name = text.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/_{2,}/g, '_').replace(/^_+|_+$/g, '');
  if (!/^[a-z]/.test(name)) name = name ? `${fallback}_${name}` : fallback;
  return name.slice(0, REDCAP_NAME_MAX).replace(/_+$/, '');
}

/** Names made unique in order: a repeat gets `_2`, `_3`, … */
function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((base) => {
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, REDCAP_NAME_MAX - String(n).length - 1)}_${n}`;
    taken.add(name);
    return name;
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e]);
const SIMPLE_PARAGRAPHS = /^(<p>(?:[^<]|<br\s*\/?>)*<\/p>)+$/;

/** Rich text as a label: plain paragraphs as lines of text, anything richer as the HTML REDCap shows. */
export function htmlToLabel(html: string): string {
  if (!SIMPLE_PARAGRAPHS.test(html)) return html;
  return [...html.matchAll(/<p>((?:[^<]|<br\s*\/?>)*)<\/p>/g)].map((m) => (/^<br\s*\/?>$/.test(m[1]) ? '' : decode(m[1].replace(/<br\s*\/?>/g, '\n')))).join('\n');
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/\|/g, '/').trim();

/** The codes REDCap takes: a set whose values are not all such codes (or repeat) is numbered 1, 2, … instead. */
function codesOf(choices: readonly Choice[], multiple: boolean): string[] {
  const valid = multiple ? /^[A-Za-z0-9_]+$/ : /^-?[A-Za-z0-9_.]+$/;
  const values = choices.map((c) => c.value.trim());
  const fine = values.every((v) => valid.test(v)) && new Set(values).size === values.length;
  return fine ? values : choices.map((_c, i) => String(i + 1));
}

interface FieldOut {
  qpos: number;
  rpos: number;
  name: string;
  response: ResponseItem | null;
  /** For an mc response: its choices' codes by the portal's value. */
  codes: Map<string, string>;
}

type Row = Record<RedcapColumn, string>;

const emptyRow = (): Row => Object.fromEntries(REDCAP_COLUMNS.map((c) => [c, ''])) as Row;

function fieldColumns(r: ResponseItem | null, choices: readonly Choice[], codes: readonly string[]): Partial<Row> {
  if (!r || isNonAnswer(r.type)) return { 'Field Type': 'descriptive' };
  const required = r.validation.required ? 'y' : '';
  const common = { 'Required Field?': required };
  switch (r.type) {
    case 'mc':
      return {
        ...common,
        'Field Type': r.multiple ? 'checkbox' : 'radio',
        'Choices, Calculations, OR Slider Labels': choices.map((c, i) => `${codes[i]}, ${oneLine(c.name)}`).join(' | '),
      };
    case 'slider':
      return {
        ...common,
        'Field Type': 'slider',
        'Choices, Calculations, OR Slider Labels': r.max_label ? `${oneLine(r.min_label)} | ${oneLine(r.max_label)}` : oneLine(r.min_label),
        'Text Validation Min': String(r.min),
        'Text Validation Max': String(r.max),
      };
    case 'textarea':
      return { ...common, 'Field Type': 'notes' };
    case 'time':
      return { ...common, 'Field Type': 'text', 'Text Validation Type OR Show Slider Number': r.picker_format === 'DD MM YYYY' ? 'date_dmy' : 'time' };
    case 'duration':
      return { ...common, 'Field Type': 'text', 'Text Validation Type OR Show Slider Number': 'number' };
    case 'photoUpload':
      return { ...common, 'Field Type': 'file' };
    case 'text': {
      const validation = r.number_only ? 'number' : r.validation.regex_string === RESPONSE_CHECKS.email ? 'email' : '';
      return { ...common, 'Field Type': 'text', 'Text Validation Type OR Show Slider Number': validation };
    }
    default:
      return { 'Field Type': 'descriptive' };
  }
}

/** Each question's fields: one per answer, or one descriptive field for a question without answers. */
/**
 * Names REDCap keeps for itself: the record identifier the export writes first, each form's `<form>_complete`
 * status, and its own `redcap_…` columns.
 */
function reservedFor(form: string): string[] {
  return [REDCAP_RECORD_ID.name, `${form}_complete`];
}

function fieldsOf(form: string, questions: readonly Question[], setChoices: (id: string | null) => Choice[]): FieldOut[] {
  const planned: Omit<FieldOut, 'name'>[] = [];
  const bases: string[] = [];
  questions.forEach((q, qpos) => {
    const named = redcapName(q.question_num.trim(), `q${qpos + 1}`);
    const base = named.startsWith('redcap_') ? `v_${named}` : named;
    const answers = q.other_info.map((r, rpos) => ({ r, rpos })).filter(({ r }) => !isNonAnswer(r.type));
    if (answers.length === 0) {
      planned.push({ qpos, rpos: -1, response: null, codes: new Map() });
      bases.push(q.question_num.trim() ? base : `descriptive_${qpos + 1}`);
      return;
    }
    for (const { r, rpos } of answers) {
      const choices = r.type === 'mc' ? setChoices(r.choices) : [];
      const codes = codesOf(choices, r.multiple);
      planned.push({ qpos, rpos, response: r, codes: new Map(choices.map((c, i) => [c.value, codes[i]])) });
      bases.push(answers.length === 1 ? base : `${base}_${rpos + 1}`);
    }
  });
  const reserved = reservedFor(form);
  const names = uniqueNames([...reserved, ...bases]).slice(reserved.length);
  return planned.map((p, i) => ({ ...p, name: names[i] }));
}

function comparison(c: DependencyCondition, target: FieldOut): string | null {
  const r = target.response;
  if (!r) return null;
  const v = target.name;
  if (r.type === 'mc') {
    const code = target.codes.get(c.criterion_value);
    if (code === undefined) return null;
    const selected = c.criterion_operator === 'is selected';
    return r.multiple ? `[${v}(${code})] = '${selected ? 1 : 0}'` : `[${v}] ${selected ? '=' : '<>'} ${logicValue(code, false)}`;
  }
  const ops: Partial<Record<DependencyCondition['criterion_operator'], string>> = {
    is: '=',
    'is not': '<>',
    equal: '=',
    'not equal': '<>',
    greater: '>',
    less: '<',
    'greater or equal': '>=',
    'less or equal': '<=',
  };
  const op = ops[c.criterion_operator];
  return op ? `[${v}] ${op} ${logicValue(c.criterion_value, r.number_only)}` : null;
}

/** The dictionary's rows, header first, for a questionnaire with its multiple-choice sets. */
/**
 * The form's unique name: REDCap makes it from the instrument's name, and the import makes the name from it, so
 * the name comes back the same; a name without Latin letters or digits (Chinese) gives way to the code.
 */
export function formNameOf(name: string, abbrev: string): string {
  return redcapName(/[a-z0-9]/i.test(name) ? name : abbrev, 'form');
}

export function questionnaireToDictionary(form: string, questions: readonly Question[], sets: ReadonlyMap<string, Choice[]>): string[][] {
  const fields = fieldsOf(form, questions, (id) => (id ? (sets.get(id) ?? []) : []));
  const byPosition = new Map(fields.map((f) => [`${f.qpos}:${f.rpos}`, f]));
  // REDCap takes the first field as the project's record identifier: a text field of its own, before the questions.
  const recordId: Row = { ...emptyRow(), 'Variable / Field Name': REDCAP_RECORD_ID.name, 'Form Name': form, 'Field Type': 'text', 'Field Label': REDCAP_RECORD_ID.label };
  const rows: string[][] = [[...REDCAP_COLUMNS], REDCAP_COLUMNS.map((c) => recordId[c])];
  let header = '';
  fields.forEach((f) => {
    const q = questions[f.qpos];
    // An unnumbered instruction without conditions before a question is that question's section header.
    const next = fields.find((other) => other.qpos > f.qpos);
    if (!f.response && !q.question_num.trim() && q.dependency.length === 0 && q.other_info.every((r) => r.type === 'instruction') && next && next.qpos === f.qpos + 1 && questions[next.qpos].question_num.trim()) {
      header = htmlToLabel(q.html_question);
      return;
    }
    const choices = f.response?.type === 'mc' ? (sets.get(f.response.choices ?? '') ?? []) : [];
    const logic = writeBranching(
      q.dependency.map((g) => g.or.flatMap((c) => {
        const target = byPosition.get(`${c.dependent_qpos}:${c.dependent_response_pos}`);
        const written = target ? comparison(c, target) : null;
        return written ? [written] : [];
      })),
    );
    const firstAnswer = fields.find((other) => other.qpos === f.qpos) === f;
    const label = firstAnswer ? htmlToLabel(q.html_question) : [f.response?.pre_label, f.response?.post_label].filter(Boolean).join(' … ');
    const row: Row = {
      ...emptyRow(),
      'Variable / Field Name': f.name,
      'Form Name': form,
      'Section Header': header,
      'Field Label': label,
      'Field Note': q.guide && firstAnswer ? htmlToLabel(q.html_guide) : '',
      'Branching Logic (Show field only if...)': logic,
      ...fieldColumns(f.response, choices, f.response?.type === 'mc' ? choices.map((c) => f.codes.get(c.value) ?? '') : []),
    };
    header = '';
    rows.push(REDCAP_COLUMNS.map((c) => row[c]));
  });
  return rows;
}
