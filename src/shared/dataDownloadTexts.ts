// The portal's texts for the data downloads (part 2 sections 2.5 and 2.7; the Study Progress label is quoted
// exactly). Server messages of the same calls live in dataDownloads.ts.

export const dataDownloadTexts = {
  textResponseButton: 'Download Text Response',
  textResponseTitle: 'Download Text Response',
  responseTimeButton: 'Download Response Time',
  responseTimeWithoutEmaButton: 'Download Questionnaire Response Time (Not Include EMA Response)',
  emaNote: 'EMA response time is in the response time download on the Participant List page.',
  analysisButton: 'Download analysis data',
  download: 'Download',
  cancel: 'Cancel download',
  preparing: 'Preparing the file…',
  excludeLegend: 'Participants to exclude',
  searchLabel: 'Search participants',
  noParticipants: 'No participant is in this stage and group',
  noMatch: 'No participant matches the search',
  allGroups: 'All groups',
  clearExclusions: 'Clear',
} as const;

export function receivedText(received: string, total: string | null): string {
  return total ? `Downloading… ${received} of ${total}` : `Downloading… ${received} received`;
}

export function savedText(fileName: string): string {
  return `Saved ${fileName}`;
}

export function excludedCountText(excluded: number, total: number): string {
  return `${excluded} of ${total} excluded`;
}
