// Removing the authenticator app (issue 36 part 1): it needs the password and a code, as a sign-in does.
import type { AppContext } from '../../context';
import { secondFactorMessages } from '../../../shared/messages';
import { badRequest, conflict } from '../../httpErrors';
import { deleteRecoveryCodes, deleteTotpFactor, findTotpFactor } from '../../repositories/secondFactors';
import { clearFailedLogins } from '../../repositories/loginAttempts';
import { verifyPassword } from './passwords';
import { acceptCode, recordSecondFactor, type StaffMember } from './secondFactor';
import { attemptKey, countAttempt } from './signIn';
import { secondFactorRequired } from './secondFactorRequirement';

/**
 * Removes the authenticator app and its recovery codes, given the password and a code. Counted as a sign-in
 * attempt, so a stolen session cannot guess the password here faster than at the sign-in page.
 */
export async function removeTotp(
  ctx: AppContext,
  member: StaffMember,
  body: { password: string; code: string },
  address: string,
): Promise<void> {
  const key = attemptKey(member.kind, member.email);
  const factor = await findTotpFactor(ctx.db, member);
  if (!factor?.confirmed_at) throw conflict(secondFactorMessages.notOn);
  if (await secondFactorRequired(ctx.db, member)) throw conflict(secondFactorMessages.requiredCannotRemove);
  await countAttempt(ctx, key, address);
  if (!(await verifyPassword(member.passwordHash, body.password))) {
    await recordSecondFactor(ctx.db, member, 'secondFactor.failed', { step: 'removal', reason: 'password' });
    throw badRequest(secondFactorMessages.wrongPassword);
  }
  const accepted = await acceptCode(ctx.db, member, body.code);
  if (!accepted) {
    await recordSecondFactor(ctx.db, member, 'secondFactor.failed', { step: 'removal', reason: 'code' });
    throw badRequest(secondFactorMessages.wrongCode);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await deleteTotpFactor(trx, member);
    await deleteRecoveryCodes(trx, member);
    if (accepted.method === 'recovery_code') await recordSecondFactor(trx, member, 'recoveryCode.used', { recoveryCodesLeft: 0 });
    await recordSecondFactor(trx, member, 'secondFactor.removed', { method: 'totp' });
  });
  await clearFailedLogins(ctx.db, key);
}
