// The step after a right password, for an account with a second factor: a random token (only its SHA-256 is
// stored), short-lived and used once, that names the account without being a session.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { SecondFactorChallenge } from '../../../shared/types/secondFactor';
import { SECOND_FACTOR_CHALLENGE_MINUTES } from '../../../shared/secondFactor';
import { insertChallenge, type StaffAccount } from '../../repositories/secondFactors';
import { newId, nowIso } from '../../ids';
import { methodsOf } from './secondFactor';

const CHALLENGE_TOKEN_BYTES = 32;

export const challengeTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A challenge when the account has a second factor, null when the password alone signs it in. */
export async function challengeFor(
  ctx: AppContext,
  account: StaffAccount,
  organization: number | null,
  attemptKey: string,
): Promise<SecondFactorChallenge | null> {
  const methods = await methodsOf(ctx.db, account);
  if (methods.length === 0) return null;
  const challengeToken = randomBytes(CHALLENGE_TOKEN_BYTES).toString('base64url');
  const now = Date.now();
  await insertChallenge(ctx.db, account, {
    id: newId(),
    token_hash: challengeTokenHash(challengeToken),
    organization,
    attempt_key: attemptKey,
    created_at: nowIso(),
    expires_at: new Date(now + SECOND_FACTOR_CHALLENGE_MINUTES * 60_000).toISOString(),
  });
  return { secondFactorRequired: true, challengeToken, methods };
}
