// read_study.sps: SPSS syntax (run by PSPP in the tests) that reads tasks_long.csv with its types, labels and
// missing-value codes, made from the codebook (analysisVariables.ts).
import { ANALYSIS_FILES } from '../../../shared/dataDownloads';
import { MISSING_CODES, numericChoices, type StudyVariable } from './analysisVariables';
import { clipBytes, oneLine } from './scriptText';

/** SPSS keeps variable labels to 256 bytes, value labels to 120. */
const VARIABLE_LABEL_BYTES = 255;
const VALUE_LABEL_BYTES = 120;
/** SPSS's widest string: answers hold up to 10,000 characters, up to 4 bytes each, so some may be cut here. */
const LONGEST_STRING = 32767;
/** Wide enough for every fixed text column (IDs, emails, codes, zones). */
const FIXED_TEXT_WIDTH = 256;

const spssString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Moments and dates are read as text first, under these names, and computed into their own. */
const readName = (index: number) => `zz_read_${index + 1}`;

const isMoment = (v: StudyVariable) => v.kind === 'utc' || v.kind === 'local' || v.kind === 'date';
const isNumeric = (v: StudyVariable) => v.kind === 'integer' || v.kind === 'number' || (v.kind === 'category' && numericChoices(v));

function inputFormat(v: StudyVariable): string {
  if (isMoment(v)) return 'A40';
  if (v.kind === 'integer') return 'F8.0';
  if (v.kind === 'number') return 'F16.4';
  if (isNumeric(v)) return 'F10.0';
  if (v.kind === 'category') return `A${Math.max(1, ...v.choices.map((c) => Buffer.byteLength(c.value, 'utf8')))}`;
  return `A${v.long ? LONGEST_STRING : FIXED_TEXT_WIDTH}`;
}

/** The moment in a text read as 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SS…' as SPSS's seconds (its own clock time). */
function momentLines(v: StudyVariable, text: string): string[] {
  const part = (from: number, length: number) => `NUMBER(SUBSTR(${text}, ${from}, ${length}), F${length}.0)`;
  const lines = [`COMPUTE ${v.name} = DATE.MDY(${part(6, 2)}, ${part(9, 2)}, ${part(1, 4)}).`];
  if (v.kind !== 'date') lines.push(`IF (LENGTH(RTRIM(${text})) > 10) ${v.name} = ${v.name} + TIME.HMS(${part(12, 2)}, ${part(15, 2)}, ${part(18, 2)}).`);
  lines.push(`FORMATS ${v.name} (${v.kind === 'date' ? 'SDATE10' : 'DATETIME20'}).`);
  return lines;
}

function valueLabels(v: StudyVariable): string | null {
  if (v.kind !== 'category' || !v.choices.some((c) => c.label !== c.value)) return null;
  const pairs = v.choices.map((c) => `${isNumeric(v) ? c.value.trim() : spssString(c.value)} ${spssString(clipBytes(oneLine(c.label), VALUE_LABEL_BYTES))}`);
  return `  ${v.name} ${pairs.join(' ')}`;
}

/** Names on lines of about 80 characters: older SPSS versions refuse long syntax lines. */
function wrapped(names: readonly string[]): string {
  const lines: string[] = [];
  for (const name of names) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + name.length < 80) lines[last] += ` ${name}`;
    else lines.push(name);
  }
  return lines.join('\n  ');
}

export function readStudySpss(variables: readonly StudyVariable[]): string {
  const numericAnswers = wrapped(variables.filter((v) => v.answer && isNumeric(v)).map((v) => v.name));
  const labelled = variables.map(valueLabels).filter((l): l is string => l !== null);
  const { missed, blank } = MISSING_CODES;
  return [
    '* Encoding: UTF-8.',
    `* read_study.sps: reads ${ANALYSIS_FILES.tasks} of this export with its types, labels and missing values.`,
    '* Run it with the unzipped export as the working folder (or write the full path in the FILE HANDLE).',
    "* Moments are SPSS date-times without a zone: *_utc in UTC, *_local on the wall clock of the row's timezone.",
    '* A line break inside an answer shows as the character U+2028 (SPSS cannot read one inside a CSV field).',
    '* Made by the portal from the codebook; README.txt says what each column holds.',
    '',
    `FILE HANDLE study_tasks /NAME=${spssString(ANALYSIS_FILES.tasks)}.`,
    'GET DATA /TYPE=TXT /FILE=study_tasks /ENCODING=\'UTF-8\' /ARRANGEMENT=DELIMITED /DELCASE=LINE /FIRSTCASE=2',
    '  /DELIMITERS="," /QUALIFIER=\'"\'',
    '  /VARIABLES=',
    ...variables.map((v, i) => `  ${isMoment(v) ? readName(i) : v.name} ${inputFormat(v)}`),
    '.',
    '',
    ...variables.flatMap((v, i) => (isMoment(v) ? momentLines(v, readName(i)) : [])),
    ...variables.filter((v) => v.kind === 'number').map((v) => `FORMATS ${v.name} (F12.2).`),
    '',
    ...(numericAnswers.length
      ? [
          `* Empty answers: ${missed.spss} = ${missed.label}; ${blank.spss} = ${blank.label}.`,
          "DO IF (status <> 'completed').",
          `RECODE ${numericAnswers} (SYSMIS=${missed.spss}).`,
          'ELSE.',
          `RECODE ${numericAnswers} (SYSMIS=${blank.spss}).`,
          'END IF.',
          `MISSING VALUES ${numericAnswers} (${missed.spss}, ${blank.spss}).`,
          '',
        ]
      : []),
    'VARIABLE LABELS',
    variables.map((v) => `  ${v.name} ${spssString(clipBytes(oneLine(v.label), VARIABLE_LABEL_BYTES))}`).join('\n /') + '.',
    '',
    ...(labelled.length ? ['VALUE LABELS', `${labelled.join('\n /')}.`, ''] : []),
    ...(numericAnswers.length
      ? [`ADD VALUE LABELS ${numericAnswers} ${missed.spss} ${spssString(missed.label)} ${blank.spss} ${spssString(blank.label)}.`, '']
      : []),
    '* The columns in the order of the CSV; the texts the moments were read from are left out.',
    `MATCH FILES /FILE=* /KEEP=${wrapped(variables.map((v) => v.name))}.`,
    'EXECUTE.',
    '',
  ].join('\n');
}
