// What other features may use of media files: the picker (questionnaire media questions), its types, the
// files' one name, and the signed addresses of stored files by key (the questionnaire preview).
export { MediaPicker, type MediaPickerProps } from './MediaPicker';
export { mediaNames } from './names';
export type { MediaFile } from '../../../shared/types/media';
export { fetchMediaAddresses } from './mediaThunks';
export { selectMediaAddresses, selectMediaRequests } from './mediaSlice';
