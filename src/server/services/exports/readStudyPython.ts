// read_study.py: reads tasks_long.csv with pandas, made from the codebook (analysisVariables.ts).
import { ANALYSIS_FILES } from '../../../shared/dataDownloads';
import { ANSWER_LINE_BREAK, type StudyVariable, type VariableKind } from './analysisVariables';
import { oneLine } from './scriptText';

/** A Python string literal: JSON's escapes are Python's too; Chinese and emoji stay as they are (UTF-8). */
const pyString = (text: string) => JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const pyList = (texts: readonly string[]) => `[${texts.map(pyString).join(', ')}]`;

const KIND_READERS: Record<Exclude<VariableKind, 'category'>, string> = {
  text: '_text',
  integer: '_integer',
  number: '_number',
  utc: '_utc',
  local: '_local',
  date: '_date',
};

function variableLine(v: StudyVariable): string {
  const reader = v.kind === 'category' ? '_category' : v.answer && v.kind === 'text' ? '_answer' : KIND_READERS[v.kind];
  return `    (${pyString(v.name)}, ${reader}, ${pyString(oneLine(v.label))}),`;
}

function choicesLine(v: StudyVariable): string | null {
  if (v.kind !== 'category') return null;
  return `    ${pyString(v.name)}: (${pyList(v.choices.map((c) => c.value))}, ${pyList(v.choices.map((c) => oneLine(c.label) || c.value))}),`;
}

export function readStudyPython(variables: readonly StudyVariable[]): string {
  return [
    `"""read_study.py: reads ${ANALYSIS_FILES.tasks} of this export with pandas, with its types and labels.`,
    '',
    'Usage, in the folder of the unzipped export:',
    '    from read_study import read_study, VARIABLE_LABELS',
    '    study = read_study()',
    'or `python3 read_study.py` to see the columns and their types.',
    'Made by the portal from the codebook; README.txt says what each column holds and how missing answers show.',
    '"""',
    'import sys',
    '',
    'import pandas as pd',
    '',
    '',
    'def _text(column, frame, local_zone):',
    '    return column',
    '',
    '',
    'def _answer(column, frame, local_zone):',
    `    # A line break inside an answer is written as ${pyString(ANSWER_LINE_BREAK)} in the CSV (README.txt).`,
    `    return column.str.replace(${pyString(ANSWER_LINE_BREAK)}, "\\n", regex=False)`,
    '',
    '',
    'def _integer(column, frame, local_zone):',
    '    return pd.to_numeric(column).astype("Int64")',
    '',
    '',
    'def _number(column, frame, local_zone):',
    '    return pd.to_numeric(column)',
    '',
    '',
    'def _date(column, frame, local_zone):',
    '    return pd.to_datetime(column, format="%Y-%m-%d")',
    '',
    '',
    'def _utc(column, frame, local_zone):',
    '    # "2026-01-05T09:30:00.000Z": seconds kept, fractions of a second dropped.',
    '    return pd.to_datetime(column.str.slice(0, 19), format="%Y-%m-%dT%H:%M:%S").dt.tz_localize("UTC")',
    '',
    '',
    'def _local(column, frame, local_zone):',
    '    # "2026-01-05T17:30:00+08:00" (a diary\'s day alone in planned_local: its midnight), shown in the study\'s',
    '    # zone when every row has the same one, or in local_zone; with several zones and none given, kept as text.',
    '    zones = frame["timezone"].dropna().unique()',
    '    if local_zone is None:',
    '        if len(zones) != 1:',
    '            print("Several time zones: local times kept as text; give read_study(local_zone=...)", file=sys.stderr)',
    '            return column',
    '        local_zone = zones[0]',
    '    day_only = column.str.len() == 10',
    '    clock = pd.to_datetime(column.where(~day_only).str.slice(0, 19), format="%Y-%m-%dT%H:%M:%S")',
    '    sign = column.str.slice(19, 20).map({"+": 1, "-": -1})',
    '    hours = pd.to_numeric(column.str.slice(20, 22))',
    '    minutes = pd.to_numeric(column.str.slice(23, 25))',
    '    offset = pd.to_timedelta((sign * (hours * 60 + minutes)).fillna(0), unit="min")',
    '    moment = (clock - offset).dt.tz_localize("UTC").dt.tz_convert(local_zone)',
    '    for zone in frame.loc[day_only, "timezone"].dropna().unique():',
    '        rows = day_only & (frame["timezone"] == zone)',
    '        midnight = pd.to_datetime(column[rows], format="%Y-%m-%d").dt.tz_localize(zone).dt.tz_convert(local_zone)',
    '        moment = moment.where(~rows, midnight)',
    '    return moment',
    '',
    '',
    'def _category(column, frame, local_zone, name=None):',
    '    values, labels = CHOICES[name]',
    '    by_value = dict(zip(values, labels))',
    '    return pd.Categorical(column.map(by_value), categories=list(dict.fromkeys(labels)))',
    '',
    '',
    '# (name, reader, label) in the order of the CSV.',
    'VARIABLES = [',
    ...variables.map(variableLine),
    ']',
    '',
    'VARIABLE_LABELS = {name: label for name, _, label in VARIABLES}',
    '',
    '# Choice values and their labels: the categorical columns show the labels.',
    'CHOICES = {',
    ...variables.map(choicesLine).filter((l): l is string => l !== null),
    '}',
    '',
    '',
    `def read_study(path=${pyString(ANALYSIS_FILES.tasks)}, local_zone=None):`,
    '    frame = pd.read_csv(path, encoding="utf-8-sig", dtype=str, keep_default_na=False, na_values=[""])',
    '    if len(frame.columns) != len(VARIABLES):',
    '        raise ValueError(f"This script belongs to another export: the file has {len(frame.columns)} columns")',
    '    frame.columns = [name for name, _, _ in VARIABLES]',
    '    for name, reader, _ in VARIABLES:',
    '        if reader is _category:',
    '            frame[name] = _category(frame[name], frame, local_zone, name)',
    '        else:',
    '            frame[name] = reader(frame[name], frame, local_zone)',
    '    frame.attrs["variable_labels"] = VARIABLE_LABELS',
    '    return frame',
    '',
    '',
    'if __name__ == "__main__":',
    `    study = read_study(sys.argv[1] if len(sys.argv) > 1 else ${pyString(ANALYSIS_FILES.tasks)})`,
    '    print(study.dtypes.to_string())',
    '    print(f"{len(study)} rows")',
    '',
  ].join('\n');
}
