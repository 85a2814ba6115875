// The basic information the editor's first column edits, and which field a shared rule's message belongs to.
import { authMessages, studyMessages } from '../../../../shared/messages';
import { basicInfoProblem } from '../../../../shared/studyRules';
import type { BasicInfoBody, Study } from '../../../../shared/types/study';

export type BasicField = keyof BasicInfoBody;

export const BASIC_FIELD_IDS: Record<BasicField, string> = {
  chin_name: 'study-name',
  contact_person_name: 'study-contact-person',
  contact_email: 'study-contact-email',
};

export function basicInfoOf(study: Study): BasicInfoBody {
  return { chin_name: study.chin_name, contact_person_name: study.contact_person_name, contact_email: study.contact_email };
}

/** The shared rule's problem with the field it concerns, or null when the information may be saved. */
export function basicInfoError(info: BasicInfoBody): { field: BasicField; message: string } | null {
  const message = basicInfoProblem(info);
  if (!message) return null;
  if (message === studyMessages.studyNameTooLong) return { field: 'chin_name', message };
  if (message === studyMessages.contactPersonTooLong) return { field: 'contact_person_name', message };
  if (message === authMessages.invalidEmail) return { field: 'contact_email', message };
  return { field: 'chin_name', message };
}
