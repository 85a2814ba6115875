// Two-step sign-in (issue 36 part 1): the authenticator codes' shape (RFC 6238's usual six digits every 30
// seconds), how long the step after the password may wait, and the recovery codes' count and shape.

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the period before or after the server's is accepted too: a phone's clock may be a little off. */
export const TOTP_TOLERANCE_PERIODS = 1;

/** How long the code step may follow the password. */
export const SECOND_FACTOR_CHALLENGE_MINUTES = 5;

export const RECOVERY_CODE_COUNT = 10;
/** Ten letters and digits in two groups of five (about 50 bits each); typed with or without the dash. */
export const RECOVERY_CODE_GROUP = 5;
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The longest code a call accepts: a recovery code with its dash and a few spaces. */
export const SECOND_FACTOR_CODE_MAX_LENGTH = 32;

export type SecondFactorMethod = 'totp' | 'recovery_code';

/** A code as typed, without spaces or dashes, in lower case (recovery codes are shown in lower case). */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toLowerCase();
}

export function isTotpCode(normalized: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalized);
}
