// A REDCap data dictionary's rows as portal questionnaires, one per form: each field one question whose
// number is the field's variable name (so answers export under the names REDCap uses, and branching logic finds
// its fields), a section header an instruction before it. What has no counterpart is listed, never dropped.
import type { Choice, CriterionOperator, DependencyCondition, Question, ResponseItem } from '../../../shared/questionnaire/types';
import { makeResponse } from '../../../shared/questionnaire/operations';
import { MIN_CHOICES, RESPONSE_CHECKS } from '../../../shared/questionnaire/rules';
import { branchingProblems, redcapReasons, type RedcapNotMapped } from '../../../shared/redcap';
import { readBranching, type Comparison } from './branching';
import type { DictionaryRow } from './readDictionary';
import { sanitizeRichText } from '../studies/richText';

/** The longest question number the portal keeps (the save schema's). */
export const QUESTION_NUMBER_MAX = 50;

export interface SetDraft {
  id: string;
  name: string;
  choices: Choice[];
}

export interface FormDraft {
  form: string;
  questions: Question[];
  sets: SetDraft[];
}

export interface DictionaryMapped {
  forms: FormDraft[];
  notMapped: RedcapNotMapped[];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;

/** A label as rich text: REDCap shows HTML in labels as HTML and a line break as a line break. */
export function labelToHtml(label: string): string {
  if (label === '') return '';
  if (LOOKS_LIKE_HTML.test(label)) return sanitizeRichText(label.replace(/\r?\n/g, '<br />'));
  return label
    .split(/\r?\n/)
    .map((line) => `<p>${line === '' ? '<br />' : escapeText(line)}</p>`)
    .join('');
}

/** "1, Yes | 2, No": the code before the first comma, the label after it. */
export function readChoices(text: string): Choice[] | null {
  const parts = text.split('|').map((p) => p.trim()).filter((p) => p !== '');
  const choices: Choice[] = [];
  for (const [position, part] of parts.entries()) {
    const comma = part.indexOf(',');
    if (comma <= 0) return null;
    const value = part.slice(0, comma).trim();
    const name = part.slice(comma + 1).trim();
    if (!value || !name) return null;
    choices.push({ name, value, position });
  }
  return choices;
}

const FIXED_CHOICES: Record<string, { name: string; choices: Choice[] }> = {
  yesno: { name: 'Yes/No', choices: [{ name: 'Yes', value: '1', position: 0 }, { name: 'No', value: '0', position: 1 }] },
  truefalse: { name: 'True/False', choices: [{ name: 'True', value: '1', position: 0 }, { name: 'False', value: '0', position: 1 }] },
};

const sameChoices = (a: readonly Choice[], b: readonly Choice[]) => a.length === b.length && a.every((c, i) => c.name === b[i].name && c.value === b[i].value);

const DATE_VALIDATIONS = ['date_ymd', 'date_mdy', 'date_dmy'];

interface FieldMapped {
  response: ResponseItem;
  /** Set choices (mc only): found among the form's sets by their content, or made. */
  set?: { name: string; choices: Choice[] };
}

type Note = (reason: string) => void;

/** A text field by its validation: numbers, email, a date or a time, else free text with the check listed. */
function textResponse(row: DictionaryRow, id: string, note: Note): ResponseItem {
  const validation = row['Text Validation Type OR Show Slider Number'];
  const min = row['Text Validation Min'];
  const max = row['Text Validation Max'];
  const r = makeResponse(id, 'text');
  if (min || max) note(redcapReasons.range(min, max));
  if (validation === '') return r;
  if (validation === 'integer') {
    note(redcapReasons.integer);
    return { ...r, number_only: true };
  }
  if (validation === 'number') return { ...r, number_only: true };
  if (validation.startsWith('number_')) {
    note(redcapReasons.decimals(validation));
    return { ...r, number_only: true };
  }
  if (validation === 'email') return { ...r, validation: { ...r.validation, regex_string: RESPONSE_CHECKS.email } };
  if (DATE_VALIDATIONS.includes(validation)) return { ...makeResponse(id, 'time'), picker_format: 'DD MM YYYY' };
  if (validation === 'time' || validation === 'time_hh_mm_ss') {
    if (validation === 'time_hh_mm_ss') note(redcapReasons.seconds);
    return { ...makeResponse(id, 'time'), picker_format: 'hh mm A' };
  }
  note(redcapReasons.validation(validation));
  return r;
}

function sliderResponse(row: DictionaryRow, id: string, note: Note): ResponseItem {
  // REDCap reads one label as the left one, two as left and right, three as left, middle and right.
  const labels = row['Choices, Calculations, OR Slider Labels'].split('|').map((l) => l.trim());
  const [left = '', middle = '', right = ''] = labels.length === 2 ? [labels[0], '', labels[1]] : labels;
  if (middle) note(redcapReasons.sliderMiddle(middle));
  const minText = row['Text Validation Min'];
  const maxText = row['Text Validation Max'];
  let min = minText === '' ? 0 : Number(minText);
  let max = maxText === '' ? 100 : Number(maxText);
  if (!Number.isFinite(min) || !Number.isFinite(max) || !(max > min)) {
    note(redcapReasons.sliderRange(minText, maxText));
    min = 0;
    max = 100;
  }
  return { ...makeResponse(id, 'slider'), min, max, min_label: left, max_label: right };
}

/** The field's response, or null when the field has no counterpart (the reason noted). */
function fieldResponse(row: DictionaryRow, id: string, note: Note): FieldMapped | null {
  const type = row['Field Type'].toLowerCase();
  switch (type) {
    case 'text':
      return { response: textResponse(row, id, note) };
    case 'notes':
      return { response: makeResponse(id, 'textarea') };
    case 'descriptive':
      return { response: makeResponse(id, 'instruction') };
    case 'slider':
      return { response: sliderResponse(row, id, note) };
    case 'yesno':
    case 'truefalse':
      return { response: { ...makeResponse(id, 'mc'), multiple: false }, set: FIXED_CHOICES[type] };
    case 'radio':
    case 'dropdown':
    case 'checkbox': {
      const text = row['Choices, Calculations, OR Slider Labels'];
      const choices = readChoices(text);
      if (!choices) {
        note(redcapReasons.badChoices(text));
        return null;
      }
      if (choices.length < MIN_CHOICES) {
        note(redcapReasons.fewChoices);
        return null;
      }
      // A list of Yes and No keeps the name a yesno field's has, so that an exported yesno field (a radio) comes back the same.
      const fixed = Object.values(FIXED_CHOICES).find((f) => sameChoices(f.choices, choices));
      return { response: { ...makeResponse(id, 'mc'), multiple: type === 'checkbox' }, set: { name: fixed?.name ?? row['Variable / Field Name'], choices } };
    }
    case 'calc':
      note(redcapReasons.calc);
      return null;
    default:
      note(redcapReasons.fieldType(row['Field Type']));
      return null;
  }
}

interface Placed {
  qpos: number;
  question: Question;
}

const NUMERIC_OPERATORS: Record<Comparison['op'], CriterionOperator> = {
  '=': 'equal',
  '<>': 'not equal',
  '>': 'greater',
  '<': 'less',
  '>=': 'greater or equal',
  '<=': 'less or equal',
};

/** One comparison as a condition on the form's question, or why it cannot be one. */
function condition(cmp: Comparison, ownQpos: number, fields: ReadonlyMap<string, Placed>, sets: readonly SetDraft[]): DependencyCondition | string {
  const target = fields.get(cmp.field);
  if (!target) return branchingProblems.otherForm(cmp.field);
  if (target.qpos === ownQpos) return branchingProblems.itself;
  const r = target.question.other_info[0];
  const at = { dependent_qpos: target.qpos, dependent_response_pos: 0 };
  if (r.type === 'mc') {
    const choices = sets.find((s) => s.id === r.choices)?.choices ?? [];
    const equal = cmp.op === '=';
    if (cmp.op !== '=' && cmp.op !== '<>') return branchingProblems.operator(cmp.field, cmp.op);
    if (r.multiple) {
      if (cmp.code === null || (cmp.value !== '1' && cmp.value !== '0')) return branchingProblems.checkbox(cmp.field);
      if (!choices.some((c) => c.value === cmp.code)) return branchingProblems.notAChoice(cmp.field, cmp.code);
      const selected = equal === (cmp.value === '1');
      return { ...at, criterion_operator: selected ? 'is selected' : 'is not selected', criterion_value: cmp.code };
    }
    if (cmp.code !== null || !choices.some((c) => c.value === cmp.value)) return branchingProblems.notAChoice(cmp.field, cmp.value);
    return { ...at, criterion_operator: equal ? 'is selected' : 'is not selected', criterion_value: cmp.value };
  }
  if (r.type !== 'text' || cmp.code !== null) return branchingProblems.targetType(cmp.field);
  if (r.number_only) {
    if (!/^-?\d+(\.\d+)?$/.test(cmp.value)) return branchingProblems.notNumber(cmp.field);
    return { ...at, criterion_operator: NUMERIC_OPERATORS[cmp.op], criterion_value: cmp.value };
  }
  if (cmp.op !== '=' && cmp.op !== '<>') return branchingProblems.operator(cmp.field, cmp.op);
  if (cmp.value.trim() === '') return branchingProblems.operator(cmp.field, `${cmp.op} ''`);
  return { ...at, criterion_operator: cmp.op === '=' ? 'is' : 'is not', criterion_value: cmp.value };
}

/** The branching logic as the question's dependency; anything it cannot carry leaves the question always shown. */
function dependencyOf(logic: string, ownQpos: number, fields: ReadonlyMap<string, Placed>, sets: readonly SetDraft[]): Question['dependency'] | string {
  const read = readBranching(logic);
  if ('problem' in read) return branchingProblems[read.problem];
  const groups: Question['dependency'] = [];
  for (const group of read.groups) {
    const or: DependencyCondition[] = [];
    for (const cmp of group) {
      const made = condition(cmp, ownQpos, fields, sets);
      if (typeof made === 'string') return made;
      or.push(made);
    }
    groups.push({ or });
  }
  return groups;
}

function instruction(newId: () => string, html: string): Question {
  return { _id: newId(), question_num: '', html_question: html, guide: false, html_guide: '', position: 0, dependency: [], other_info: [{ ...makeResponse(newId(), 'instruction') }] };
}

export function dictionaryToForms(rows: readonly DictionaryRow[], newId: () => string): DictionaryMapped {
  const notMapped: RedcapNotMapped[] = [];
  const forms = new Map<string, FormDraft & { fields: Map<string, Placed>; logic: { qpos: number; field: string; logic: string }[] }>();
  rows.forEach((row, index) => {
    const name = row['Variable / Field Name'];
    const formName = row['Form Name'] || 'form';
    const field = name || `row ${index + 1}`;
    const note: Note = (reason) => notMapped.push({ field, reason });
    let form = forms.get(formName);
    if (!form) {
      form = { form: formName, questions: [], sets: [], fields: new Map(), logic: [] };
      forms.set(formName, form);
    }
    if (row['Section Header']) form.questions.push(instruction(newId, labelToHtml(row['Section Header'])));
    if (!name) {
      note(redcapReasons.noName);
      return;
    }
    // REDCap takes a project's first field as its record identifier, never a question of the instrument.
    if (index === 0) {
      note(redcapReasons.recordId);
      return;
    }
    const mapped = fieldResponse(row, newId(), note);
    if (!mapped) return;
    let response = mapped.response;
    if (mapped.set) {
      const wanted = mapped.set;
      let set = form.sets.find((s) => sameChoices(s.choices, wanted.choices));
      if (!set) {
        set = { id: newId(), name: wanted.name, choices: wanted.choices };
        form.sets.push(set);
      }
      response = { ...response, choices: set.id };
    }
    const required = row['Required Field?'].toLowerCase() === 'y' && response.type !== 'instruction';
    response = { ...response, validation: { ...response.validation, required } };
    let questionNum = name;
    if (questionNum.length > QUESTION_NUMBER_MAX) {
      questionNum = questionNum.slice(0, QUESTION_NUMBER_MAX);
      note(redcapReasons.nameShortened(questionNum));
    }
    const note2 = row['Field Note'];
    const question: Question = {
      _id: newId(),
      question_num: questionNum,
      html_question: labelToHtml(row['Field Label']),
      guide: note2 !== '',
      html_guide: labelToHtml(note2),
      position: form.questions.length,
      dependency: [],
      other_info: [response],
    };
    const qpos = form.questions.length;
    form.questions.push(question);
    form.fields.set(name, { qpos, question });
    // REDCap pipes answers into a label with [field]; the portal's piping names a questionnaire and question.
    const piped = /\[[A-Za-z][A-Za-z0-9_]*(\([A-Za-z0-9_-]+\))?\]/.exec(`${row['Field Label']} ${row['Section Header']} ${note2}`);
    if (piped) note(redcapReasons.piping(piped[0]));
    if (row['Field Annotation']) note(redcapReasons.annotation(row['Field Annotation']));
    if (row['Identifier?'].toLowerCase() === 'y') note(redcapReasons.identifier);
    if (row['Branching Logic (Show field only if...)']) form.logic.push({ qpos, field: name, logic: row['Branching Logic (Show field only if...)'] });
  });
  for (const form of forms.values()) {
    // Positions as they stand once every header and field is in.
    form.questions = form.questions.map((q, position) => ({ ...q, position }));
    for (const { qpos, field, logic } of form.logic) {
      const dependency = dependencyOf(logic, qpos, form.fields, form.sets);
      if (typeof dependency === 'string') notMapped.push({ field, reason: redcapReasons.branching(logic, dependency) });
      else form.questions[qpos] = { ...form.questions[qpos], dependency };
    }
  }
  const made = [...forms.values()].filter((f) => f.questions.length > 0);
  for (const empty of [...forms.values()].filter((f) => f.questions.length === 0)) notMapped.push({ field: empty.form, reason: redcapReasons.emptyForm });
  return { forms: made.map(({ form, questions, sets }) => ({ form, questions, sets })), notMapped };
}
