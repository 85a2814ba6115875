// Rules for emails, passwords and lab names: the browser shows these messages before a call, and the server
// answers the same ones when a call breaks them.
import { authMessages } from '../messages/auth';
import { EMAIL_MAX_LENGTH, LAB_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { isOrganization } from '../organizations';

/** The specification's "simple {email} pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Problem = string | null;

export function emailProblem(email: string | undefined): Problem {
  const value = (email ?? '').trim();
  if (!value) return authMessages.emailRequired;
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return authMessages.invalidEmail;
  return null;
}

/** A new or changed password. */
export function passwordProblem(password: string | undefined): Problem {
  const value = password ?? '';
  if (!value) return authMessages.passwordRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return authMessages.passwordTooLong;
  return null;
}

/** A password with its confirmation, as on the registration forms. */
export function newPasswordProblem(password: string | undefined, confirm: string | undefined): Problem {
  if (!password) return authMessages.passwordRequired;
  if (!confirm) return authMessages.confirmPasswordRequired;
  if (password !== confirm) return authMessages.passwordsDoNotMatch;
  return passwordProblem(password);
}

export function labNameProblem(name: string | undefined): Problem {
  const value = (name ?? '').trim();
  if (!value) return authMessages.labNameRequired;
  if (value.length > LAB_NAME_MAX_LENGTH) return `Lab name must be at most ${LAB_NAME_MAX_LENGTH} characters`;
  return null;
}

export function organizationProblem(organization: unknown): Problem {
  return isOrganization(organization) ? null : authMessages.organizationRequired;
}

/** Emails are compared case-insensitively; this is the one form in which they are stored and looked up. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The first problem of a list of checks, in the order given. */
export function firstProblem(...problems: Problem[]): Problem {
  return problems.find((p) => p !== null) ?? null;
}
