// What every response input is given: its ids for labels and problems, and the answer to show and change.
import type { ResponseItem } from '../../shared/questionnaire/types';
import type { QuestionnaireFormTexts } from './texts';

export type FormValue = string | string[] | undefined;

export interface InputProps {
  /** The input's own id (a group's id for responses with several inputs). */
  id: string;
  /** Ids of what names the input: the question's title and text, or its response label. */
  labelledBy: string;
  /** The id of the problem shown at the response, when there is one. */
  describedBy: string | undefined;
  required: boolean;
  response: ResponseItem;
  value: FormValue;
  onAnswer: (value: FormValue) => void;
  texts: QuestionnaireFormTexts;
}

/** The ARIA a single input carries. */
export function ariaOf({ labelledBy, describedBy, required }: InputProps) {
  return {
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    'aria-invalid': describedBy ? true : undefined,
    'aria-required': required || undefined,
  };
}

/** A string answer as an input shows it. */
export const textOf = (value: FormValue): string => (typeof value === 'string' ? value : '');

/** An emptied field clears the answer rather than keeping an empty string. */
export const orCleared = (text: string): FormValue => (text === '' ? undefined : text);
