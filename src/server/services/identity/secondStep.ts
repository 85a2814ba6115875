// The code step of a sign-in (issue 36 part 1): the challenge token from the password step and a code, either an
// authenticator code or a recovery code. Each try counts toward the sign-in throttle of the account, like a
// password; a wrong one is in the audit trail. A right one answers what the password step answers without a
// second factor.
import type { AppContext } from '../../context';
import type { LabUserSession, SystemOwnerSession } from '../../../shared/types/identity';
import type { SecondFactorStep } from '../../../shared/types/secondFactor';
import { secondFactorMessages } from '../../../shared/messages';
import { unauthorized } from '../../httpErrors';
import { nowIso } from '../../ids';
import { findLiveChallenge, useChallenge } from '../../repositories/secondFactors';
import { findLabUser } from '../../repositories/labUsers';
import { findLab } from '../../repositories/labs';
import { findSystemOwner } from '../../repositories/systemOwners';
import { challengeTokenHash } from './challenges';
import { acceptCode, recordSecondFactor } from './secondFactor';
import { countAttempt, labUserSignedIn, ownerSignedIn } from './signIn';

const challengeExpired = () => unauthorized(secondFactorMessages.challengeExpired);

/** The live challenge of this kind of account, the account and its lab; the attempt counted. */
async function openChallenge(ctx: AppContext, kind: 'lab_user' | 'system_owner', token: string, address: string) {
  const challenge = await findLiveChallenge(ctx.db, challengeTokenHash(token), nowIso());
  if (!challenge || challenge.account.kind !== kind) throw challengeExpired();
  await countAttempt(ctx, challenge.attempt_key, address);
  return challenge;
}

/**
 * Checks the code; a wrong one is recorded and refused. The challenge is used only by a right code, and only once
 * even when two right codes arrive at the same moment.
 */
async function passCode(
  ctx: AppContext,
  challenge: { id: string; account: { kind: 'lab_user' | 'system_owner'; id: string } },
  member: { email: string; labId: string | null },
  code: string,
): Promise<void> {
  const who = { ...challenge.account, ...member };
  const accepted = await acceptCode(ctx.db, challenge.account, code);
  if (!accepted) {
    await recordSecondFactor(ctx.db, who, 'secondFactor.failed', { step: 'signIn' });
    throw unauthorized(secondFactorMessages.wrongCode);
  }
  if (!(await useChallenge(ctx.db, challenge.id, nowIso()))) throw challengeExpired();
  if (accepted.method === 'recovery_code') {
    await recordSecondFactor(ctx.db, who, 'recoveryCode.used', { recoveryCodesLeft: accepted.recoveryCodesLeft });
  }
}

export async function completeLabUserSignIn(ctx: AppContext, step: SecondFactorStep, address: string): Promise<LabUserSession> {
  const challenge = await openChallenge(ctx, 'lab_user', step.challengeToken, address);
  const user = await findLabUser(ctx.db, challenge.account.id);
  const lab = user ? await findLab(ctx.db, user.lab_id) : undefined;
  if (!user || !lab || lab.organization !== challenge.organization) throw challengeExpired();
  await passCode(ctx, challenge, { email: user.email, labId: lab.id }, step.code);
  return labUserSignedIn(ctx, user, lab, challenge.attempt_key, address);
}

export async function completeOwnerSignIn(ctx: AppContext, step: SecondFactorStep, address: string): Promise<SystemOwnerSession> {
  const challenge = await openChallenge(ctx, 'system_owner', step.challengeToken, address);
  const owner = await findSystemOwner(ctx.db, challenge.account.id);
  if (!owner) throw challengeExpired();
  await passCode(ctx, challenge, { email: owner.email, labId: null }, step.code);
  return ownerSignedIn(ctx, owner, challenge.attempt_key, address);
}
