// A staff account's second factor (issue 36 part 1): adding an authenticator app, its recovery codes, checking a
// code at sign-in or at removal, and removing it. Every change and every wrong code is in the audit trail.
import type { AppContext } from '../../context';
import type { Db } from '../../repositories/db';
import type { TotpEnrolment, SecondFactorStatus } from '../../../shared/types/secondFactor';
import { secondFactorMessages } from '../../../shared/messages';
import { isTotpCode, normalizeCode, RECOVERY_CODE_GROUP, type SecondFactorMethod } from '../../../shared/secondFactor';
import { badRequest, conflict } from '../../httpErrors';
import { newId, newIds, nowIso } from '../../ids';
import {
  findTotpFactor,
  replaceRecoveryCodes,
  startTotpFactor,
  unusedRecoveryCodes,
  useRecoveryCode,
  useTimeStep,
  type StaffAccount,
} from '../../repositories/secondFactors';
import { recordAudit, type AuditActor } from '../audit/record';
import type { AuditKind } from '../../../shared/audit';
import { hashPassword, verifyPassword } from './passwords';
import { endSecondFactorSetup } from '../../repositories/sessions';
import { secondFactorRequired } from './secondFactorRequirement';
import { acceptedTimeStep, newRecoveryCodes, newTotpSecret, otpauthUrl, qrCodeOf } from './totp';

/** A signed-in staff member as the second-factor calls know them. */
export interface StaffMember extends StaffAccount {
  email: string;
  /** The lab of a lab user (for the audit trail), null for a system owner. */
  labId: string | null;
  passwordHash: string;
}

const actorOf = (member: { kind: StaffAccount['kind']; id: string; email: string }): AuditActor => ({ kind: member.kind, id: member.id, email: member.email });

/** One second-factor event in the audit trail: never the code or the secret, only what happened. */
export function recordSecondFactor(
  db: Db,
  member: { kind: StaffAccount['kind']; id: string; email: string; labId: string | null },
  kind: Extract<AuditKind, 'secondFactor.added' | 'secondFactor.removed' | 'secondFactor.failed' | 'recoveryCode.used'>,
  after: Record<string, string | number>,
): Promise<void> {
  return recordAudit(db, actorOf(member), { kind, entityType: 'account', entityId: member.id, labId: member.labId, before: null, after });
}

/** The ways the account can finish signing in; empty when it has no second factor. */
export async function methodsOf(db: Db, account: StaffAccount): Promise<SecondFactorMethod[]> {
  const factor = await findTotpFactor(db, account);
  if (!factor?.confirmed_at) return [];
  return (await unusedRecoveryCodes(db, account)).length > 0 ? ['totp', 'recovery_code'] : ['totp'];
}

export async function secondFactorStatus(db: Db, member: StaffMember): Promise<SecondFactorStatus> {
  const factor = await findTotpFactor(db, member);
  const on = Boolean(factor?.confirmed_at);
  return {
    totp: on,
    recoveryCodesLeft: on ? (await unusedRecoveryCodes(db, member)).length : 0,
    required: await secondFactorRequired(db, member),
  };
}

/** Starts adding an authenticator app: a new secret, not yet in force (a started one is replaced). */
export async function startTotp(ctx: AppContext, member: StaffMember, issuer: string): Promise<TotpEnrolment> {
  const factor = await findTotpFactor(ctx.db, member);
  if (factor?.confirmed_at) throw conflict(secondFactorMessages.alreadyOn);
  const secret = newTotpSecret();
  await startTotpFactor(ctx.db, member, { id: newId(), secret, created_at: nowIso() });
  const url = otpauthUrl(secret, issuer, member.email);
  return { secret, otpauthUrl: url, qrCode: await qrCodeOf(url) };
}

/** Turns the started authenticator app on with its first code; answers the ten recovery codes, shown once. */
export async function confirmTotp(ctx: AppContext, member: StaffMember, typed: string, sessionId: string): Promise<string[]> {
  const factor = await findTotpFactor(ctx.db, member);
  if (factor?.confirmed_at) throw conflict(secondFactorMessages.alreadyOn);
  if (!factor) throw conflict(secondFactorMessages.notStarted);
  const code = normalizeCode(typed);
  const step = isTotpCode(code) ? await acceptedTimeStep(factor.secret, code, factor.last_time_step) : null;
  if (step === null) throw badRequest(secondFactorMessages.wrongCode);
  const codes = newRecoveryCodes();
  // Hashed before the transaction: argon2id takes a while, and the audit chain's lock is held until commit.
  const ids = newIds(codes.length);
  const hashed = await Promise.all(codes.map(async (c, i) => ({ id: ids[i], code_hash: await hashPassword(normalizeCode(c)) })));
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await useTimeStep(trx, factor.id, step, now))) throw badRequest(secondFactorMessages.wrongCode);
    await replaceRecoveryCodes(trx, member, hashed, now);
    // A session that had to add a second factor first now serves everything.
    await endSecondFactorSetup(trx, sessionId);
    await recordSecondFactor(trx, member, 'secondFactor.added', { method: 'totp' });
  });
  return codes;
}

/** What a right code was: an authenticator code, or a recovery code (now used). */
export type AcceptedCode = { method: 'totp' } | { method: 'recovery_code'; recoveryCodesLeft: number };

/**
 * Checks a code as typed against the account's second factor, and uses it: a six-digit code is an authenticator
 * code, later than the last one accepted; anything else is tried as an unused recovery code. Null when wrong.
 */
export async function acceptCode(db: Db, account: StaffAccount, typed: string): Promise<AcceptedCode | null> {
  const factor = await findTotpFactor(db, account);
  if (!factor?.confirmed_at) return null;
  const code = normalizeCode(typed);
  if (isTotpCode(code)) {
    const step = await acceptedTimeStep(factor.secret, code, factor.last_time_step);
    return step !== null && (await useTimeStep(db, factor.id, step, null)) ? { method: 'totp' } : null;
  }
  if (code.length !== 2 * RECOVERY_CODE_GROUP) return null;
  const unused = await unusedRecoveryCodes(db, account);
  for (const candidate of unused) {
    if (await verifyPassword(candidate.code_hash, code)) {
      return (await useRecoveryCode(db, candidate.id, nowIso())) ? { method: 'recovery_code', recoveryCodesLeft: unused.length - 1 } : null;
    }
  }
  return null;
}
