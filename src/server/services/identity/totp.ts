// Authenticator-app codes (RFC 6238) and recovery codes: made, shown and checked here, with otplib's defaults
// (SHA-1, six digits, 30 seconds), which every authenticator app reads from the otpauth URL.
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_GROUP,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_TOLERANCE_PERIODS,
} from '../../../shared/secondFactor';

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(secret: string, issuer: string, accountName: string): string {
  return generateURI({ issuer, label: accountName, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The URL as a QR code the page shows as an image. */
export function qrCodeOf(url: string): Promise<string> {
  return toDataURL(url, { errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step of a right code that is later than the last one accepted, or null: a code of a step already used
 * (the same code sent twice within its period) is refused.
 */
export async function acceptedTimeStep(secret: string, code: string, lastTimeStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_TOLERANCE_PERIODS * TOTP_PERIOD_SECONDS,
      ...(lastTimeStep === null ? {} : { afterTimeStep: lastTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib refuses a last step beyond the window (a server clock set back): no code is accepted then.
    return null;
  }
}

function recoveryGroup(): string {
  let group = '';
  for (let i = 0; i < RECOVERY_CODE_GROUP; i += 1) group += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return group;
}

/** Ten new recovery codes as shown to the user ('abcde-fghjk'). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${recoveryGroup()}-${recoveryGroup()}`);
}
