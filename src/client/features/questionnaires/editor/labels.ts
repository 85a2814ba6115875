// How questions, responses and types are named in the editor's selects and lists.
import type { MediaSource, Question, ResponseType } from '../../../../shared/questionnaire/types';
import { plainText } from '../../../../shared/richText';
import { mediaNames } from '../../media';

export { plainText };

export const RESPONSE_TYPE_LABELS: Record<ResponseType, string> = {
  instruction: 'Instruction',
  media: 'Media',
  mc: 'Multiple choice',
  time: 'Time',
  duration: 'Duration',
  slider: 'Slider',
  text: 'Text',
  textarea: 'Text area',
  photoUpload: 'Photo upload',
};

export const MEDIA_SOURCE_LABELS: Record<MediaSource, string> = {
  uploaded: mediaNames.source,
  youTube: 'YouTube',
  imageUrl: 'Image URL',
};

const SNIPPET = 40;

/** "Question 3 (Q3): How did you sleep…" — position, number when there is one, the start of the text. */
export function questionLabel(question: Question, qpos: number): string {
  const num = question.question_num.trim();
  const text = plainText(question.html_question);
  const snippet = text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text;
  return `Question ${qpos + 1}${num ? ` (${num})` : ''}${snippet ? `: ${snippet}` : ''}`;
}

export function responseLabel(rpos: number, type: ResponseType): string {
  return `Response ${rpos + 1} (${RESPONSE_TYPE_LABELS[type]})`;
}
