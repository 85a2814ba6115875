// README.txt of the analysis export: what each file is, the time zone rules, how compliance is counted, how
// missing answers show and how the columns are named.
import { ANALYSIS_FILES } from '../../../shared/dataDownloads';
import { RECENT_HOURS } from '../../../shared/progress';
import { ANSWER_LINE_BREAK, MISSING_CODES } from './analysisVariables';
import { MAX_VARIABLE_NAME_LENGTH } from './variableNames';
import { apiKeyFetchLines, type FetchedFrom } from './apiKeyFetch';

export const READING_FILES = {
  r: 'read_study.R',
  python: 'read_study.py',
  spss: 'read_study.sps',
  stata: 'read_study.do',
  readme: 'README.txt',
} as const;

const breakCode = `U+${(ANSWER_LINE_BREAK.codePointAt(0) ?? 0).toString(16).toUpperCase()}`;

/**
 * With `fetchedFrom`, it also shows how to fetch this export again with an API key; with `answersDeleted`, it
 * starts with the statement that the study's answers were deleted under its retention date.
 */
export function analysisReadme(fetchedFrom?: FetchedFrom, answersDeleted?: string | null): string {
  const { missed, blank } = MISSING_CODES;
  return [
    'ANALYSIS DATA',
    '',
    ...(answersDeleted ? ['ANSWERS DELETED', answersDeleted, ''] : []),
    'Every file is UTF-8 (the CSV files start with a byte-order mark, so that Excel reads them as UTF-8).',
    '',
    'FILES',
    `${ANALYSIS_FILES.tasks}  One row per planned task, answered or not (long format): an EMA prompt or a one-time task`,
    '    once, a diary once per day, an anytime questionnaire once per answer. Missed prompts are rows too: their',
    '    status says what happened and their answer columns are empty. A questionnaire\'s scores follow its answer',
    '    columns (<code>_score_<name>): each computed by the server when the answer was stored, as the codebook says.',
    '    A questionnaire that shuffles has order columns after them: <code>_order_questions (the question numbers in',
    '    the order shown) and <code>_Q<number>_order (a question\'s choice values in the order shown), lists separated by ;.',
    '    A question whose text or choice labels quote earlier answers (piping) has a column of the text as the',
    '    participant saw it (<code>_<question>_shown; labels: <code>_<question>_labels_shown, value=label pairs).',
    `${ANALYSIS_FILES.codebook}  Every column of ${ANALYSIS_FILES.tasks}: its questionnaire, question, response type, choice values`,
    '    and labels, unit, the name it was made from (original_name) and how its empty cells are coded.',
    `${ANALYSIS_FILES.photos}  The photo answers: file name, participant, task and column.`,
    `${ANALYSIS_FILES.activity}  The study's audit trail, oldest first: who changed what and when (UTC), one row per changed`,
    '    field with its value before and after, and each entry\'s hash (chained to the one before it).',
    `${READING_FILES.r}  R (base R only): source("${READING_FILES.r}"); study <- read_study(). Types set, choices as factors`,
    '    with their labels, moments as POSIXct in UTC (*_utc) and in the local zone (*_local), each variable\'s',
    '    label in attr(, "label").',
    `${READING_FILES.python}  Python with pandas: from read_study import read_study; study = read_study(). Choices as`,
    '    categorical columns with their labels, moments timezone-aware; labels in VARIABLE_LABELS.',
    `${READING_FILES.spss}  SPSS syntax: GET DATA, VARIABLE LABELS, VALUE LABELS, MISSING VALUES. Checked with GNU PSPP.`,
    `${READING_FILES.stata}  Stata: import delimited, label define / label values, label variable. Stata has no free`,
    '    runner, so this file is not run in the portal\'s tests: it is checked against a golden file that was reviewed',
    '    once by hand. Please report anything it gets wrong.',
    'Run each with the unzipped folder as the working folder.',
    '',
    'TIME ZONES',
    '*_utc columns are UTC (ISO-8601, ending in Z). *_local columns are the same moments on the wall clock of the',
    'row\'s timezone (the participant\'s zone when the task was planned, else the study\'s), with their offset',
    '(2026-01-05T17:30:00+08:00). planned_local of a diary row is its day alone (YYYY-MM-DD). day_of_study and',
    'prompt_of_day count local days. R and Python show *_local in the zone when every row has the same one (or the',
    'zone you give as local_zone); SPSS and Stata have no zones: their *_local values are the local wall clock.',
    '',
    'COMPLIANCE (as the portal\'s Study Progress counts it)',
    'A prompt is an EMA row (task_kind ema). Cancelled prompts (status cancelled: the participant withdrew or moved',
    'on before them) do not count. A prompt is closed when it was answered (status completed) or its window closed',
    'with no answer (status expired); prompts still open (planned, delivered, opened) are neither kept nor missed.',
    '  completion rate = closed prompts answered in time (status completed, late no) / closed prompts',
    '  delivery rate   = closed prompts with delivered_utc or an answer / closed prompts',
    '  response rate   = closed prompts answered in time / closed delivered prompts',
    `The portal flags a participant from the last ${RECENT_HOURS} hours' prompts; late = yes marks an answer after the`,
    'window (or the diary\'s day) closed.',
    '',
    'DELIVERY (EMA prompts)',
    'channel is how the prompt went out: push (a push service accepted it) or email (it could not be pushed: no',
    'push subscription, the subscription gone, or the push refused; sent by email when the study offers it and the',
    'participant kept prompt emails on). sent_utc is when it was sent; received_utc when the pushed prompt reached',
    'the phone (its app reported it before showing the notification); delivered_utc when the notification was shown.',
    'All three are empty when the prompt was never sent (an older plan, a pilot, no channel to reach the participant).',
    '',
    'MISSING ANSWERS',
    `An empty answer cell is NA in R and Python; the row's status says why. In SPSS and Stata numeric answer`,
    'variables get codes (also in the codebook\'s missing_values column):',
    `  ${missed.spss} (SPSS, user-missing) / ${missed.stata} (Stata): ${missed.label}`,
    `  ${blank.spss} (SPSS, user-missing) / ${blank.stata} (Stata): ${blank.label}`,
    '',
    'TEXT',
    `A line break inside an answer is written as ${breakCode} (LINE SEPARATOR), so that every row is one line (SPSS`,
    'cannot read a line break inside a CSV field). The R and Python scripts turn it back into a new line; Stata\'s',
    'into char(10). Chinese text and emoji are kept everywhere.',
    '',
    'NAMES',
    `Column names are safe in R, Python, SPSS and Stata: ASCII letters, digits and _, starting with a letter, at most`,
    `${MAX_VARIABLE_NAME_LENGTH} characters, no reserved word of the four, unique without regard to case (a repeat is`,
    'numbered _2, _3). The codebook\'s original_name column gives the name each was made from.',
    '',
    ...(fetchedFrom ? apiKeyFetchLines(fetchedFrom) : []),
  ].join('\r\n');
}
