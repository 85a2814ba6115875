// What other features use of the downloads: the controls the Participant List, Study Progress and the owner's
// study editor place on their pages, and the photo download of a participant's row.
export { AnalysisDownloadButton } from './AnalysisDownloadButton';
export { ImageDownloadButton, useImageDownloadPhase } from './ImageDownloadButton';
export { IncludePilotCheckbox } from './IncludePilotCheckbox';
export { ParticipantListDownloads } from './ParticipantListDownloads';
export { ResponseTimeDownloadButton } from './ResponseTimeDownloadButton';
export { startImageDownload } from './imageDownloadsSlice';
export { fileNameFromDisposition, saveFile } from './saveFile';
