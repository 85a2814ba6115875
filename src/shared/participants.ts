// Participant rules (part 2 section 5 "Participant", PARTICIPANTS.md): the Create New Participant and Assign To
// Another Stage checks in the specification's order, used by the portal's dialogs and again by the server.
import { participantMessages } from './messages/participant';
import { emailProblem, passwordProblem } from './validation/identity';

export interface NewParticipantFields {
  email?: string;
  password?: string;
  /** The dialog always has it; a call without it is checked on email and password only. */
  confirmPassword?: string;
}

/**
 * Create New Participant: email required, password and its confirmation required, the two equal; then the
 * account rules every password and email follow (a valid address, 8 to 128 characters).
 */
export function newParticipantProblem(fields: NewParticipantFields, confirmSent = true): string | null {
  const email = (fields.email ?? '').trim();
  if (!email) return participantMessages.emailRequired;
  if (!fields.password || (confirmSent && !fields.confirmPassword)) return participantMessages.passwordsRequired;
  if (confirmSent && fields.password !== fields.confirmPassword) return participantMessages.confirmDifferent;
  return emailProblem(email) ?? passwordProblem(fields.password);
}

export interface AssignFields {
  stageId?: string | null;
  groupId?: string | null;
}

/** Assign To Another Stage: a stage, then a group of it. */
export function assignProblem(fields: AssignFields): string | null {
  if (!fields.stageId) return participantMessages.stageRequired;
  if (!fields.groupId) return participantMessages.groupRequired;
  return null;
}

/** Choosing a stage in the assign dialog resets the group (part 2 section 4). */
export function withAssignedStage<T extends AssignFields>(fields: T, stageId: string | null): T {
  return { ...fields, stageId, groupId: null };
}

/** The characters of a participant code: no look-alikes, so that it can be read aloud. */
export const PARTICIPANT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PARTICIPANT_CODE_LENGTH = 8;

/** Photo answers (PARTICIPANTS.md): JPEG or PNG images up to 10 MB. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export function isPhotoContentType(value: string): value is PhotoContentType {
  return (PHOTO_CONTENT_TYPES as readonly string[]).includes(value);
}

export function photoUploadProblem(contentType: string, size: number): string | null {
  if (!isPhotoContentType(contentType)) return participantMessages.photoOnly;
  if (!Number.isFinite(size) || size <= 0 || size > PHOTO_MAX_BYTES) return participantMessages.photoTooLarge;
  return null;
}

/** The Participant List shows the moment of the last arrival (the last enrolment_time entry). */
export function lastArrival(enrolmentTimes: readonly { start_datetime: string }[]): string | null {
  return enrolmentTimes.length ? enrolmentTimes[enrolmentTimes.length - 1].start_datetime : null;
}
