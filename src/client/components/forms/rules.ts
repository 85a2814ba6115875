// Field-by-field checks for the forms, built on the shared rules so each field shows its own message.
import { authMessages } from '../../../shared/messages';
import type { Problem } from '../../../shared/validation/identity';

/** The confirmation field of a new password: required, and equal to the password. */
export function confirmProblem(password: string, confirmation: string): Problem {
  if (!confirmation) return authMessages.confirmPasswordRequired;
  return password === confirmation ? null : authMessages.passwordsDoNotMatch;
}

/** A required field that is not an email or password (e.g. the login password, which is only checked there). */
export function requiredProblem(value: string, message: string): Problem {
  return value.trim() ? null : message;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Drops the fields without a problem; an empty result means the form may be sent. */
export function fieldErrors<F extends string>(problems: Record<F, Problem>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const key of Object.keys(problems) as F[]) {
    const problem = problems[key];
    if (problem) errors[key] = problem;
  }
  return errors;
}

export function hasErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.keys(errors).length > 0;
}

/** Moves keyboard focus to the first field the user must fix. */
export function focusFirstError<F extends string>(errors: FieldErrors<F>, idOf: (field: F) => string): void {
  const first = Object.keys(errors)[0] as F | undefined;
  if (first) document.getElementById(idOf(first))?.focus();
}
