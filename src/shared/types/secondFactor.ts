// The shapes of the two-step sign-in calls (issue 36 part 1), shared by the server's schemas and the browser.
import type { SecondFactorMethod } from '../secondFactor';

export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, a PNG data URL for the page's img. */
  qrCode: string;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** What the sign-in answers, instead of a session, when the account has a second factor. */
export interface SecondFactorChallenge {
  secondFactorRequired: true;
  challengeToken: string;
  methods: SecondFactorMethod[];
}

export interface SecondFactorStep {
  challengeToken: string;
  code: string;
}

export interface SecondFactorStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  /** The system owner requires a second factor of this account (its lab's setting, or the owners'). */
  required: boolean;
}

/** A requirement of a second factor, for a lab's users or for the system owners. */
export interface SecondFactorRequirement {
  required: boolean;
}

export interface RemoveTotpBody {
  password: string;
  code: string;
}
