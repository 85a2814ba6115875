// The analysis zip's reading scripts and README, made from the export's plan (never from the answers).
import type { AnalysisPlan } from './analysis';
import { studyVariables } from './analysisVariables';
import { analysisReadme, READING_FILES } from './analysisReadme';
import type { ZipWriter } from './output';
import { readStudyPython } from './readStudyPython';
import { readStudyR } from './readStudyR';
import { readStudySpss } from './readStudySpss';
import { readStudyStata } from './readStudyStata';

export function readingFiles(plan: AnalysisPlan): [string, string][] {
  const variables = studyVariables(plan);
  return [
    [READING_FILES.r, readStudyR(variables)],
    [READING_FILES.python, readStudyPython(variables)],
    [READING_FILES.spss, readStudySpss(variables)],
    [READING_FILES.stata, readStudyStata(variables)],
    [READING_FILES.readme, analysisReadme()],
  ];
}

export async function writeReadingFiles(zip: ZipWriter, plan: AnalysisPlan): Promise<void> {
  for (const [name, text] of readingFiles(plan)) await zip.file(name, (file) => file.write(text));
}
