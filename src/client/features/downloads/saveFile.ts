// Saving a downloaded file lives with the app (app/saveFile.ts), so that the questionnaires' REDCap download,
// a feature before this one, saves files the same way; the downloads keep their import from here.
export { fileNameFromDisposition, OBJECT_URL_LIFETIME_MS, saveFile } from '../../app/saveFile';
