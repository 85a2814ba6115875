// read_study.do: Stata reads tasks_long.csv with its types, labels and missing-value codes, made from the
// codebook (analysisVariables.ts). No free Stata runs in the tests: a golden file, reviewed once, guards it.
import { ANALYSIS_FILES } from '../../../shared/dataDownloads';
import { ANSWER_LINE_BREAK, MISSING_CODES, numericChoices, type StudyVariable } from './analysisVariables';
import { clipChars, oneLine } from './scriptText';

/** Stata keeps variable labels to 80 characters. */
const VARIABLE_LABEL_CHARS = 80;

/** A Stata string: compound quotes take a '"' as it is; '`' and '$' would start a macro, so they are escaped. */
const stataString = (text: string) => `\`"${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$/g, '\\$')}"'`;

/** The temporary name a column is computed under before it takes its own (item names end in _R{n}, never so). */
const work = (index: number) => `zz_t${index + 1}`;

function conversion(v: StudyVariable, index: number): string[] {
  const t = work(index);
  const lbl = `lbl_${index + 1}`;
  const swap = [`drop ${v.name}`, `rename ${t} ${v.name}`];
  switch (v.kind) {
    case 'integer':
    case 'number':
      return [`destring ${v.name}, replace`];
    case 'utc':
    case 'local':
      return [
        `generate double ${t} = clock(subinstr(substr(${v.name}, 1, 19), "T", " ", 1), "YMDhms")`,
        `replace ${t} = clock(${v.name}, "YMD") if strlen(${v.name}) == 10`,
        ...swap,
        `format ${v.name} %tc`,
      ];
    case 'date':
      return [`generate ${t} = date(${v.name}, "YMD")`, ...swap, `format ${v.name} %td`];
    case 'category': {
      if (v.choices.every((c) => c.label === c.value)) return [];
      const define = `label define ${lbl} ${v.choices.map((c, i) => `${numericChoices(v) ? c.value.trim() : i + 1} ${stataString(oneLine(c.label))}`).join(' ')}`;
      if (numericChoices(v)) return [`destring ${v.name}, replace`, define, `label values ${v.name} ${lbl}`];
      return [
        `generate long ${t} = .`,
        ...v.choices.map((c, i) => `replace ${t} = ${i + 1} if ${v.name} == ${stataString(c.value)}`),
        ...swap,
        define,
        `label values ${v.name} ${lbl}`,
      ];
    }
    default:
      return v.answer ? [`replace ${v.name} = usubinstr(${v.name}, uchar(${ANSWER_LINE_BREAK.codePointAt(0)}), char(10), .)`] : [];
  }
}

function missingCodes(v: StudyVariable, index: number): string[] {
  const numeric = v.kind === 'integer' || v.kind === 'number' || (v.kind === 'category' && (numericChoices(v) || v.choices.some((c) => c.label !== c.value)));
  if (!v.answer || !numeric) return [];
  const { missed, blank } = MISSING_CODES;
  const lbl = v.kind === 'category' ? `lbl_${index + 1}` : 'lbl_missing';
  return [
    `replace ${v.name} = ${missed.stata} if ${v.name} == . & status != "completed"`,
    `replace ${v.name} = ${blank.stata} if ${v.name} == .`,
    `label define ${lbl} ${missed.stata} ${stataString(missed.label)} ${blank.stata} ${stataString(blank.label)}, modify`,
    // A choice column has its label already.
    ...(v.kind === 'category' ? [] : [`label values ${v.name} ${lbl}`]),
  ];
}

export function readStudyStata(variables: readonly StudyVariable[]): string {
  return [
    `* read_study.do: reads ${ANALYSIS_FILES.tasks} of this export with its types, labels and missing values.`,
    '* Run it with the unzipped export as the working folder: do read_study.do',
    '* Moments are Stata %tc date-times without a zone: *_utc in UTC, *_local on the wall clock of the row\'s timezone.',
    '* Made by the portal from the codebook; README.txt says what each column holds.',
    '* Not run in the portal\'s tests (Stata has no free runner): checked by a golden file reviewed once.',
    'version 14',
    `import delimited using "${ANALYSIS_FILES.tasks}", varnames(1) case(preserve) encoding("utf-8") delimiters(",") bindquotes(strict) stringcols(_all) clear`,
    '* A byte-order mark can hide the first name: it is participant_id.',
    'quietly describe, varlist',
    'local first : word 1 of `r(varlist)\'',
    'if "`first\'" != "participant_id" rename `first\' participant_id',
    '',
    ...variables.flatMap((v, i) => [...conversion(v, i), ...missingCodes(v, i)]),
    '',
    ...variables.map((v) => `label variable ${v.name} ${stataString(clipChars(oneLine(v.label), VARIABLE_LABEL_CHARS))}`),
    '',
    `order ${variables.map((v) => v.name).join(' ')}`,
    'compress',
    '',
  ].join('\n');
}
