// The renderer's own words. English by default; an app that speaks another language passes its own.
export interface QuestionnaireFormTexts {
  /** The title of a question the researcher gave no number: its place among the questions that take answers. */
  questionTitle: (n: number) => string;
  /** Read by screen readers after a required question's title and response label; the eye sees an asterisk. */
  required: string;
  /** The label of each response of a question that has more than one to answer. */
  response: (n: number) => string;
  sliderNoValue: string;
  sliderValue: (value: string) => string;
  days: string;
  hours: string;
  minutes: string;
  choosePhoto: string;
  photoUploading: string;
  /** A photo answered earlier whose picture this page no longer has (the answer is its stored key). */
  photoChosen: string;
  photoPreview: string;
  image: string;
  audio: string;
  video: string;
  watchOnYouTube: string;
  mediaUnavailable: string;
}

export const ENGLISH_FORM_TEXTS: QuestionnaireFormTexts = {
  questionTitle: (n) => `Question ${n}`,
  required: 'required',
  response: (n) => `Response ${n}`,
  sliderNoValue: 'No value chosen',
  sliderValue: (value) => `Chosen: ${value}`,
  days: 'Days',
  hours: 'Hours',
  minutes: 'Minutes',
  choosePhoto: 'Choose a photo',
  photoUploading: 'Uploading the photo…',
  photoChosen: 'A photo is chosen',
  photoPreview: 'The chosen photo',
  image: 'Image of the question',
  audio: 'Audio of the question',
  video: 'Video of the question',
  watchOnYouTube: 'Watch the video on YouTube',
  mediaUnavailable: 'This media file cannot be shown',
};
