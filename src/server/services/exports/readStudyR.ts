// read_study.R: reads tasks_long.csv with base R only, made from the codebook (analysisVariables.ts).
import { ANALYSIS_FILES } from '../../../shared/dataDownloads';
import { ANSWER_LINE_BREAK, type StudyVariable } from './analysisVariables';
import { linesFor, oneLine } from './scriptText';

/** An R string literal in ASCII: other characters as \u escapes, so the script reads the same in any locale. */
export function rString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === '"') out += `\\${char}`;
    else if (code < 0x20 || code > 0x7e) out += `\\U{${code.toString(16)}}`;
    else out += char;
  }
  return `"${out}"`;
}

const rVector = (texts: readonly string[]) => `c(${texts.map(rString).join(', ')})`;

function conversion(v: StudyVariable): string | null {
  const col = `d[[${rString(v.name)}]]`;
  switch (v.kind) {
    case 'integer':
      return `  ${col} <- as.integer(${col})`;
    case 'number':
      return `  ${col} <- as.numeric(${col})`;
    case 'category':
      return `  ${col} <- factor(${col}, levels = ${rVector(v.choices.map((c) => c.value))}, labels = ${rVector(v.choices.map((c) => oneLine(c.label) || c.value))})`;
    case 'utc':
      return `  ${col} <- utc_time(${col})`;
    case 'local':
      return `  ${col} <- local_time(${col}, d$timezone, local_zone)`;
    case 'date':
      return `  ${col} <- as.Date(${col}, format = "%Y-%m-%d")`;
    default:
      return v.answer ? `  ${col} <- gsub(${rString(ANSWER_LINE_BREAK)}, "\\n", ${col}, fixed = TRUE)` : null;
  }
}

export function readStudyR(variables: readonly StudyVariable[]): string {
  return [
    `# read_study.R: reads ${ANALYSIS_FILES.tasks} of this export with its types, factors and labels (base R only).`,
    '# Usage, in the folder of the unzipped export:',
    '#   source("read_study.R"); study <- read_study()',
    '# Made by the portal from the codebook; README.txt says what each column holds and how missing answers show.',
    '',
    '# "2026-01-05T09:30:00.000Z" as POSIXct in UTC (seconds kept, fractions of a second dropped).',
    'utc_time <- function(x) as.POSIXct(substr(x, 1, 19), format = "%Y-%m-%dT%H:%M:%S", tz = "UTC")',
    '',
    '# "2026-01-05T17:30:00+08:00" (a diary\'s day alone in planned_local: its midnight) as POSIXct shown in the',
    '# local zone: the study\'s zone when every row has the same one, or local_zone. With several zones and no',
    '# local_zone the text is kept (a POSIXct column shows one zone only).',
    'local_time <- function(x, zones, local_zone) {',
    '  if (is.null(local_zone)) {',
    '    found <- unique(zones[!is.na(zones)])',
    '    if (length(found) != 1) {',
    '      message("Several time zones: local times kept as text; give read_study(local_zone = ...) to convert them")',
    '      return(x)',
    '    }',
    '    local_zone <- found',
    '  }',
    '  day_only <- !is.na(x) & nchar(x) == 10',
    '  clock <- as.POSIXct(substr(x, 1, 19), format = "%Y-%m-%dT%H:%M:%S", tz = "UTC")',
    '  sign <- ifelse(substr(x, 20, 20) == "-", -1, 1)',
    '  offset <- sign * (as.numeric(substr(x, 21, 22)) * 3600 + as.numeric(substr(x, 24, 25)) * 60)',
    '  moment <- as.numeric(clock) - offset',
    '  for (zone in unique(zones[day_only])) {',
    '    rows <- which(day_only & zones == zone)',
    '    moment[rows] <- as.numeric(as.POSIXct(x[rows], format = "%Y-%m-%d", tz = zone))',
    '  }',
    '  as.POSIXct(moment, origin = "1970-01-01", tz = local_zone)',
    '}',
    '',
    `read_study <- function(file = ${rString(ANALYSIS_FILES.tasks)}, local_zone = NULL) {`,
    '  d <- read.csv(file, colClasses = "character", na.strings = "", check.names = FALSE, encoding = "UTF-8")',
    `  variables <- ${rVector(variables.map((v) => v.name))}`,
    '  if (ncol(d) != length(variables)) stop("This script belongs to another export: the file has ", ncol(d), " columns")',
    '  names(d) <- variables',
    ...linesFor(variables, conversion),
    `  labels <- ${rVector(variables.map((v) => oneLine(v.label)))}`,
    '  for (i in seq_along(variables)) attr(d[[i]], "label") <- labels[[i]]',
    '  d',
    '}',
    '',
  ].join('\n');
}
