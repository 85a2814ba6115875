// What other features may use of media files: the picker (questionnaire media questions) and its types.
export { MediaPicker, type MediaPickerProps } from './MediaPicker';
export type { MediaFile } from '../../../shared/types/media';
