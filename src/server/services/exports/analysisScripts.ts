// The analysis zip's reading scripts and README, made from the export's plan (never from the answers).
import type { AnalysisPlan } from './analysis';
import { studyVariables } from './analysisVariables';
import { analysisReadme, READING_FILES } from './analysisReadme';
import type { FetchedFrom } from './apiKeyFetch';
import type { ZipWriter } from './output';
import { readStudyPython } from './readStudyPython';
import { readStudyR } from './readStudyR';
import { readStudySpss } from './readStudySpss';
import { readStudyStata } from './readStudyStata';

export function readingFiles(plan: AnalysisPlan, fetchedFrom?: FetchedFrom, answersDeleted?: string | null): [string, string][] {
  const variables = studyVariables(plan);
  return [
    [READING_FILES.r, readStudyR(variables)],
    [READING_FILES.python, readStudyPython(variables)],
    [READING_FILES.spss, readStudySpss(variables)],
    [READING_FILES.stata, readStudyStata(variables)],
    [READING_FILES.readme, analysisReadme(fetchedFrom, answersDeleted)],
  ];
}

export async function writeReadingFiles(zip: ZipWriter, plan: AnalysisPlan, fetchedFrom?: FetchedFrom, answersDeleted?: string | null): Promise<void> {
  for (const [name, text] of readingFiles(plan, fetchedFrom, answersDeleted)) await zip.file(name, (file) => file.write(text));
}
