// The participant app's account calls: sign up, sign in (rate-limited with the staff sign-in's counters), sign
// out, change the password (other devices signed out) and reset it with a code sent by mail.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import type { ParticipantRow } from '../../db/types';
import type { AppSession } from '../../../shared/types/participantApp';
import { participantMessages } from '../../../shared/messages';
import { emailProblem, firstProblem, normalizeEmail, passwordProblem } from '../../../shared/validation/identity';
import { HttpError, badRequest } from '../../httpErrors';
import { findParticipantByEmail, updateParticipantPassword } from '../../repositories/participants';
import {
  endOtherParticipantSessions,
  endParticipantSession,
  findLivePasswordReset,
  insertParticipantSession,
  insertPasswordResetWithinLimit,
  markPasswordResetUsed,
  takeResetAttempt,
} from '../../repositories/participantSessions';
import { clearFailedLogins } from '../../repositories/loginAttempts';
import { attemptKey, countAttempt, invalidCredentials } from '../identity/signIn';
import { createParticipantAccount } from './participantAccounts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../identity/passwords';
import { newId, nowIso } from '../../ids';

/** A reset code may be tried this many times, and this many codes may be sent per hour. */
export const RESET_CODE_ATTEMPTS = 5;
export const RESET_CODES_PER_HOUR = 5;
const RESET_CODE_DIGITS = 6;

/** A participant-app session (sign-in, sign-up; also the one the portal opens the app with for a pilot). */
export async function startSession(ctx: AppContext, participant: ParticipantRow): Promise<AppSession> {
  const expires = new Date(Date.now() + ctx.config.participantSessionDays * 86_400_000);
  const id = newId();
  await insertParticipantSession(ctx.db, { id, participant_id: participant.id, created_at: nowIso(), expires_at: expires.toISOString(), ended_at: null });
  const token = await ctx.tokens.sign({ sessionId: id, accountId: participant.id, kind: 'participant', organization: null }, expires);
  return { token, expires: expires.toISOString(), participant: { _id: participant.id, email: participant.email } };
}

export async function signUp(ctx: AppContext, body: { email?: string; password?: string }): Promise<AppSession> {
  const problem = firstProblem(emailProblem(body.email), passwordProblem(body.password));
  if (problem) throw badRequest(problem);
  const participant = await createParticipantAccount(ctx.db, { email: body.email ?? '', password: body.password ?? '', createdBy: null });
  return startSession(ctx, participant);
}

export async function logIn(ctx: AppContext, body: { email: string; password: string }, address: string): Promise<AppSession> {
  const email = normalizeEmail(body.email);
  const key = attemptKey('participant', email);
  await countAttempt(ctx, key, address);
  const participant = await findParticipantByEmail(ctx.db, email);
  const valid = await verifyPassword(participant?.password_hash ?? (await dummyPasswordHash()), body.password);
  if (!participant || !valid) throw invalidCredentials();
  await clearFailedLogins(ctx.db, key);
  return startSession(ctx, participant);
}

export function logOut(ctx: AppContext, sessionId: string): Promise<unknown> {
  return endParticipantSession(ctx.db, sessionId, nowIso());
}

export async function changePassword(
  ctx: AppContext,
  auth: { sessionId: string; participant: ParticipantRow },
  body: { currentPassword: string; newPassword: string },
): Promise<void> {
  if (!(await verifyPassword(auth.participant.password_hash, body.currentPassword))) {
    throw badRequest(participantMessages.currentPasswordWrong);
  }
  const problem = passwordProblem(body.newPassword);
  if (problem) throw badRequest(problem);
  const hash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updateParticipantPassword(trx, auth.participant.id, hash);
    await endOtherParticipantSessions(trx, auth.participant.id, auth.sessionId, nowIso());
  });
}

/** Codes are stored hashed, expire soon and may be tried a few times only. */
function codeHash(participantId: string, code: string): string {
  return createHash('sha256').update(`${participantId}:${code}`).digest('hex');
}

/**
 * Sends a reset code when the account exists; the answer is the same either way. The mail is sent after the
 * answer, so its time does not tell whether the account exists; a failure to send is logged.
 */
export async function requestPasswordReset(ctx: AppContext, rawEmail: string, log: { error: (obj: object, msg: string) => void }): Promise<string> {
  if (!ctx.mailer.enabled) throw new HttpError(503, participantMessages.resetMailOff);
  const participant = await findParticipantByEmail(ctx.db, normalizeEmail(rawEmail));
  // A pilot participant's address is on a reserved domain and is never mailed (issue 20).
  if (!participant || participant.pilot === 1) return participantMessages.resetRequested;
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const code = String(randomInt(10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');
  const reset = {
    id: newId(),
    participant_id: participant.id,
    code_hash: codeHash(participant.id, code),
    created_at: nowIso(),
    expires_at: new Date(Date.now() + ctx.config.resetCodeMinutes * 60_000).toISOString(),
    used_at: null,
    attempts: 0,
  };
  if (!(await insertPasswordResetWithinLimit(ctx.db, reset, hourAgo, RESET_CODES_PER_HOUR))) return participantMessages.resetRequested;
  ctx.mailer
    .send({
      to: participant.email,
      subject: participantMessages.resetMailSubject,
      text: `Your password reset code is ${code}\n\nIt can be used within ${ctx.config.resetCodeMinutes} minutes. If you did not ask for it, ignore this mail.`,
    })
    .catch((error: unknown) => log.error({ err: error }, 'password reset mail could not be sent'));
  return participantMessages.resetRequested;
}

export async function resetPassword(ctx: AppContext, body: { email: string; code: string; newPassword: string }): Promise<void> {
  const problem = passwordProblem(body.newPassword);
  if (problem) throw badRequest(problem);
  const participant = await findParticipantByEmail(ctx.db, normalizeEmail(body.email));
  const reset = participant ? await findLivePasswordReset(ctx.db, participant.id, nowIso()) : undefined;
  // The try is taken before the code is compared, so tries sent at the same moment cannot pass the limit.
  if (!participant || !reset || !(await takeResetAttempt(ctx.db, reset.id, RESET_CODE_ATTEMPTS))) throw badRequest(participantMessages.resetCodeInvalid);
  const given = Buffer.from(codeHash(participant.id, body.code.trim()));
  const stored = Buffer.from(reset.code_hash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw badRequest(participantMessages.resetCodeInvalid);
  const hash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    // The right code sent twice at once sets the password once: the later call finds it used.
    if (!(await markPasswordResetUsed(trx, reset.id, now))) throw badRequest(participantMessages.resetCodeInvalid);
    await updateParticipantPassword(trx, participant.id, hash);
    await endOtherParticipantSessions(trx, participant.id, null, now);
  });
}
