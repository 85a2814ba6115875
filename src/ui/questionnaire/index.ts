// The questionnaire renderer both browser apps use (see QuestionnaireFormProps for its API).
export { QuestionnaireForm, type QuestionnaireFormProps } from './QuestionnaireForm';
export { ENGLISH_FORM_TEXTS, type QuestionnaireFormTexts } from './texts';
export type { MediaUrl } from './MediaView';
export type { PhotoChosen } from './PhotoInput';
export { questionTitles } from './numbering';
