// The questionnaire renderer's words in the app's language.
import type { TFunction } from 'i18next';
import type { QuestionnaireFormTexts } from '../../ui/questionnaire';

export function formTexts(t: TFunction): QuestionnaireFormTexts {
  return {
    questionTitle: (n) => t('answer.form.questionTitle', { n }),
    required: t('answer.form.required'),
    response: (n) => t('answer.form.response', { n }),
    sliderNoValue: t('answer.form.sliderNoValue'),
    sliderValue: (value) => t('answer.form.sliderValue', { value }),
    days: t('answer.form.days'),
    hours: t('answer.form.hours'),
    minutes: t('answer.form.minutes'),
    choosePhoto: t('answer.form.choosePhoto'),
    photoUploading: t('answer.form.photoUploading'),
    photoChosen: t('answer.form.photoChosen'),
    photoPreview: t('answer.form.photoPreview'),
    image: t('answer.form.image'),
    audio: t('answer.form.audio'),
    video: t('answer.form.video'),
    watchOnYouTube: t('answer.form.watchOnYouTube'),
    mediaUnavailable: t('answer.form.mediaUnavailable'),
  };
}
