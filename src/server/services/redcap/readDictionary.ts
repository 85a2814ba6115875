// Reads a REDCap data dictionary with csv-parse: the columns found by their headers (as the Online Designer's
// download writes them, or as the API's metadata export names them), one row per field. A file that is no
// dictionary is refused with the first problem found.
import { parse } from 'csv-parse/sync';
import { REDCAP_COLUMNS, REDCAP_MAX_FIELDS, REDCAP_REQUIRED_COLUMNS, redcapMessages, type RedcapColumn } from '../../../shared/redcap';
import { badRequest } from '../../httpErrors';

/** The API's metadata export names the same columns so. */
const API_NAMES: Record<RedcapColumn, string> = {
  'Variable / Field Name': 'field_name',
  'Form Name': 'form_name',
  'Section Header': 'section_header',
  'Field Type': 'field_type',
  'Field Label': 'field_label',
  'Choices, Calculations, OR Slider Labels': 'select_choices_or_calculations',
  'Field Note': 'field_note',
  'Text Validation Type OR Show Slider Number': 'text_validation_type_or_show_slider_number',
  'Text Validation Min': 'text_validation_min',
  'Text Validation Max': 'text_validation_max',
  'Identifier?': 'identifier',
  'Branching Logic (Show field only if...)': 'branching_logic',
  'Required Field?': 'required_field',
  'Custom Alignment': 'custom_alignment',
  'Question Number (surveys only)': 'question_number',
  'Matrix Group Name': 'matrix_group_name',
  'Matrix Ranking?': 'matrix_ranking',
  'Field Annotation': 'field_annotation',
};

const normal = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** Which column a header is; REDCap versions differ in the branching column's parenthesis, so its start counts. */
function columnOf(header: string): RedcapColumn | null {
  const h = normal(header);
  for (const column of REDCAP_COLUMNS) {
    if (h === normal(column) || h === API_NAMES[column]) return column;
  }
  return h.startsWith('branching logic') ? 'Branching Logic (Show field only if...)' : null;
}

function isCsvError(error: unknown): error is Error & { code: string } {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('CSV_');
}

export type DictionaryRow = Record<RedcapColumn, string> & { line: number };

export function readDictionary(text: string): DictionaryRow[] {
  if (text.replace(/^\uFEFF/, '').trim() === '') throw badRequest(redcapMessages.empty);
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_quotes: false }) as string[][];
  } catch (error) {
    // csv-parse's own errors (CSV_QUOTE_NOT_CLOSED, CSV_RECORD_INCONSISTENT_FIELDS_LENGTH, …) say what and where.
    if (isCsvError(error)) throw badRequest(redcapMessages.notCsv(error.message));
    throw error;
  }
  const [header, ...rows] = records;
  const positions = new Map<RedcapColumn, number>();
  header.forEach((h, i) => {
    const column = columnOf(h);
    if (column && !positions.has(column)) positions.set(column, i);
  });
  const missing = REDCAP_REQUIRED_COLUMNS.filter((c) => !positions.has(c));
  if (missing.length > 0) throw badRequest(redcapMessages.missingColumns(missing));
  const fields = rows.filter((r) => r.some((cell) => cell.trim() !== ''));
  if (fields.length === 0) throw badRequest(redcapMessages.noFields);
  if (fields.length > REDCAP_MAX_FIELDS) throw badRequest(redcapMessages.tooManyFields);
  return fields.map((cells, index) => {
    const row = { line: index + 2 } as DictionaryRow;
    for (const column of REDCAP_COLUMNS) {
      const at = positions.get(column);
      row[column] = at === undefined ? '' : (cells[at] ?? '').trim();
    }
    return row;
  });
}
