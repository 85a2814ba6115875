// What other features may use of media files: the picker (questionnaire media questions), its types and the
// files' one name.
export { MediaPicker, type MediaPickerProps } from './MediaPicker';
export { mediaNames } from './names';
export type { MediaFile } from '../../../shared/types/media';
