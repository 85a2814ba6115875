// REDCap data dictionaries (issue 35 part 2): the columns REDCap writes and reads, the import's limits, its
// answer and every message it gives. The server reads and writes dictionaries; the portal shows these texts.
import type { Questionnaire } from './questionnaire/types';

/** The columns of a REDCap data dictionary, in REDCap's order, exactly as REDCap writes them. */
export const REDCAP_COLUMNS = [
  'Variable / Field Name',
  'Form Name',
  'Section Header',
  'Field Type',
  'Field Label',
  'Choices, Calculations, OR Slider Labels',
  'Field Note',
  'Text Validation Type OR Show Slider Number',
  'Text Validation Min',
  'Text Validation Max',
  'Identifier?',
  'Branching Logic (Show field only if...)',
  'Required Field?',
  'Custom Alignment',
  'Question Number (surveys only)',
  'Matrix Group Name',
  'Matrix Ranking?',
  'Field Annotation',
] as const;
export type RedcapColumn = (typeof REDCAP_COLUMNS)[number];

/** The columns without which a file is no dictionary; older REDCap versions lack some of the others. */
export const REDCAP_REQUIRED_COLUMNS: readonly RedcapColumn[] = ['Variable / Field Name', 'Form Name', 'Field Type', 'Field Label'];

export const REDCAP_MEDIA_TYPE = 'text/csv';
/** The largest dictionary the import reads: REDCap's own of a few hundred fields are well under 1 MB. */
export const REDCAP_DICTIONARY_MAX_BYTES = 2 * 1024 * 1024;
/** Fields in one dictionary: far beyond real projects, low enough to import in one transaction. */
export const REDCAP_MAX_FIELDS = 5000;

/** Something of the dictionary the portal could not carry, by the field (or form) it belongs to. */
export interface RedcapNotMapped {
  field: string;
  reason: string;
}

/** The record identifier the export writes first, as every REDCap project's dictionary starts with it. */
export const REDCAP_RECORD_ID = { name: 'record_id', label: 'Record ID' } as const;

/** The import's answer (201): the questionnaires made, one per form, and what could not be carried. */
export interface RedcapImportAnswer {
  questionnaires: Questionnaire[];
  notMapped: RedcapNotMapped[];
}

const quoteList = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

/** The import's refusals (400) and the page's texts. */
export const redcapMessages = {
  empty: 'The file is empty. Choose the data dictionary (CSV) REDCap downloads.',
  notCsv: (detail: string) => `The file could not be read as CSV: ${detail}`,
  missingColumns: (columns: readonly string[]) =>
    `This is not a REDCap data dictionary: the column${columns.length === 1 ? '' : 's'} ${quoteList(columns)} ${columns.length === 1 ? 'is' : 'are'} missing`,
  noFields: 'The data dictionary has no fields',
  tooManyFields: `A data dictionary can have at most ${REDCAP_MAX_FIELDS} fields`,
  tooLarge: `The data dictionary is larger than ${REDCAP_DICTIONARY_MAX_BYTES / (1024 * 1024)} MB`,
  formTooLong: (form: string, max: number) => `The form "${form}" has more than ${max} questions`,
  notCsvType: 'Send the data dictionary as text/csv',
  imported: (count: number) => `${count} questionnaire${count === 1 ? '' : 's'} imported from REDCap`,
  allMapped: 'Everything in the dictionary was carried.',
} as const;

/** Why a part of a dictionary was not carried (the notMapped list's reasons). */
export const redcapReasons = {
  noName: 'The row has no variable name; it was left out',
  emptyForm: 'The form has no field the portal can ask; no questionnaire was made for it',
  recordId: "The dictionary's first field is REDCap's record identifier; the portal knows answers by their participant, so it is not asked",
  fieldType: (type: string) => `Field type "${type}" has no counterpart in the portal; the field was left out`,
  calc: 'Calculated fields are not asked in the portal; the field was left out (a score can compute it)',
  fewChoices: 'The portal needs at least 2 choices; the field was left out',
  badChoices: (choices: string) => `The choices "${choices}" could not be read; the field was left out`,
  validation: (validation: string) => `Validation "${validation}" is not checked by the portal; the answer is free text`,
  integer: 'Validation "integer": the answer must be a number, but a whole number is not required',
  decimals: (validation: string) => `Validation "${validation}": the answer must be a number; its decimals are not checked`,
  seconds: 'Validation "time_hh_mm_ss": the time is asked in hours and minutes',
  range: (min: string, max: string) => `The range ${min || '…'} to ${max || '…'} is not checked by the portal`,
  sliderRange: (min: string, max: string) => `The slider range ${min || '…'} to ${max || '…'} is not valid; 0 to 100 is used`,
  sliderMiddle: (label: string) => `The slider's middle label "${label}" is not shown by the portal`,
  branching: (logic: string, why: string) => `Branching logic "${logic}" was not carried (${why}); the question is always shown`,
  annotation: (annotation: string) => `Field annotation "${annotation}" (action tags) is not carried`,
  identifier: 'Marked as an identifier in REDCap; the portal has no such mark',
  piping: (token: string) => `The label pipes ${token}, which the portal shows as written`,
  nameShortened: (name: string) => `The variable name is longer than the portal's question numbers; it was shortened to "${name}"`,
} as const;

/** Why branching logic could not become visibility conditions (inside redcapReasons.branching). */
export const branchingProblems = {
  syntax: 'it is not of the simple forms [field] = value joined by and / or',
  otherForm: (field: string) => `[${field}] is not a question of this form`,
  itself: 'it refers to the question itself',
  targetType: (field: string) => `[${field}] is not a text or choice question`,
  operator: (field: string, op: string) => `"${op}" cannot be checked on [${field}]`,
  notNumber: (field: string) => `[${field}] takes numbers and is compared with something else`,
  checkbox: (field: string) => `[${field}] is a checkbox field: name a choice as [${field}(code)] and compare with '1' or '0'`,
  notAChoice: (field: string, value: string) => `'${value}' is not a choice of [${field}]`,
  tooComplex: 'it has too many conditions',
} as const;
