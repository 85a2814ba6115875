// What the app and other features use of media files: the pages, the picker (questionnaire media questions),
// its types, the files' one name, and the signed addresses of stored files by key (the questionnaire preview).
export { mediaPages } from './pages';
export { MediaPicker, type MediaPickerProps } from './MediaPicker';
export { mediaNames } from './names';
export type { MediaFile } from '../../../shared/types/media';
export { fetchMediaAddresses, selectMediaAddresses, selectMediaRequests } from './mediaSlice';
