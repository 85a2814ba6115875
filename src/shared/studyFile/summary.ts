// The import's summary as sentences (issue 35 part 1): what was renamed and what could not be carried. One
// wording for the Study List's dialog and anything else that shows it.
import { studyFileMessages } from '../messages/studyFile';
import type { StudyImportSummary } from './format';

export function importSummaryLines(summary: StudyImportSummary): string[] {
  const lines = [
    ...summary.renamed.map((r) => studyFileMessages.renamed(r.from, r.to)),
    ...summary.missing_media.map((name) => studyFileMessages.mediaMissing(name)),
    ...summary.zones_not_offered.map((z) => studyFileMessages.zoneNotOffered(z.zone, z.replaced_by)),
  ];
  return lines.length > 0 ? lines : [studyFileMessages.nothingLeftOut];
}
