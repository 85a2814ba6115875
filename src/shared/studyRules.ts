// Study-level rules: the study code's alphabet and the basic-information checks.
import { studyMessages } from './messages/study';
import { EMAIL_PATTERN } from './validation/identity';
import { authMessages } from './messages/auth';
import { EMAIL_MAX_LENGTH } from './limits';

/** Six characters without look-alikes (no 0/O, 1/I/L), so a participant can type a code read aloud. */
export const STUDY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const STUDY_CODE_LENGTH = 6;

export const STUDY_NAME_MAX = 500;
export const CONTACT_PERSON_MAX = 200;
export const CONSENT_MAX_CHARS = 200_000;

/** Create Study's one field: a name, not blank, within the basic information's bound. */
export function newStudyNameProblem(name: string): string | null {
  if (name.trim() === '') return studyMessages.studyNameRequired;
  if (name.trim().length > STUDY_NAME_MAX) return studyMessages.studyNameTooLong;
  return null;
}

export function basicInfoProblem(info: { chin_name?: string; contact_person_name?: string; contact_email?: string }): string | null {
  if ((info.chin_name ?? '').length > STUDY_NAME_MAX) return studyMessages.studyNameTooLong;
  if ((info.contact_person_name ?? '').length > CONTACT_PERSON_MAX) return studyMessages.contactPersonTooLong;
  const email = (info.contact_email ?? '').trim();
  if (email && (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))) return authMessages.invalidEmail;
  return null;
}
