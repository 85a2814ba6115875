// Signing in and out. Attempts are counted in the database, per account and per address, before the password is
// checked, so the limit holds across several server processes and for attempts sent at the same moment.
import { recordAudit, type AuditActor } from '../audit/record';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import type { LabUserSession, SystemOwnerSession } from '../../../shared/types/identity';
import type { SecondFactorChallenge } from '../../../shared/types/secondFactor';
import type { LabRow, LabUserRow, SystemOwnerRow } from '../../db/types';
import { challengeFor } from './challenges';
import { ownersRequired } from './secondFactorRequirement';
import type { Organization } from '../../../shared/organizations';
import { authMessages } from '../../../shared/messages';
import { normalizeEmail } from '../../../shared/validation/identity';
import { EMAIL_MAX_LENGTH } from '../../../shared/limits';
import { forbidden, tooManyRequests, unauthorized } from '../../httpErrors';
import { findLabUserByEmail } from '../../repositories/labUsers';
import { findLab } from '../../repositories/labs';
import { findSystemOwnerByEmail } from '../../repositories/systemOwners';
import { endSession, insertSession } from '../../repositories/sessions';
import { clearFailedLogins, forgetLoginAttempt, recordAttemptWithinLimits } from '../../repositories/loginAttempts';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { newId, nowIso } from '../../ids';
import type { AccountKind } from './tokens';

/** The lengths of login_attempts.email and .address (migration 0001). */
const ATTEMPT_KEY_COLUMN_LENGTH = 254;
const ATTEMPT_ADDRESS_COLUMN_LENGTH = 64;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Login attempts are counted per account kind, so an owner's and a lab user's share of one email stay apart.
 * A key too long for its column (a long email, with the kind before it) is counted under the email's digest:
 * still one key per account, and never a value the database refuses.
 */
export function attemptKey(kind: AccountKind, email: string): string {
  const key = `${kind}:${email}`;
  return key.length <= ATTEMPT_KEY_COLUMN_LENGTH ? key : `${kind}:sha256:${digest(email)}`;
}

/** An address as counted: one too long for its column (only a forged X-Forwarded-For makes one) by its digest. */
function attemptAddress(address: string): string {
  return address.length <= ATTEMPT_ADDRESS_COLUMN_LENGTH ? address : digest(address);
}

/**
 * Counts a sign-in attempt before its password is checked, or refuses it with 429 when the account or the address
 * has reached its limit. A wrong password leaves the attempt counted; a right one clears the account's count.
 * Answers the attempt's id.
 */
export async function countAttempt(ctx: AppContext, key: string, address: string): Promise<string> {
  const { windowMinutes, maxPerAccount, maxPerAddress } = ctx.config.login;
  const id = newId();
  const recorded = await recordAttemptWithinLimits(
    ctx.db,
    { id, email: key, address: attemptAddress(address), attempted_at: nowIso() },
    { since: new Date(Date.now() - windowMinutes * 60_000).toISOString(), perAccount: maxPerAccount, perAddress: maxPerAddress },
  );
  if (!recorded) throw tooManyRequests(authMessages.tooManyAttempts);
  return id;
}

export const invalidCredentials = () => unauthorized(authMessages.invalidCredentials);

/** A session; one in second-factor setup may only add a second factor until it has (plugins/auth.ts). */
async function startSession(ctx: AppContext, kind: AccountKind, accountId: string, organization: number | null, setup: boolean) {
  const expires = new Date(Date.now() + ctx.config.sessionHours * 3600_000);
  const id = newId();
  await insertSession(ctx.db, {
    id,
    lab_user_id: kind === 'lab_user' ? accountId : null,
    system_owner_id: kind === 'system_owner' ? accountId : null,
    created_at: nowIso(),
    expires_at: expires.toISOString(),
    ended_at: null,
    second_factor_setup: setup ? 1 : 0,
  });
  const token = await ctx.tokens.sign({ sessionId: id, accountId, kind, organization }, expires);
  return { token, expires: expires.toISOString(), ...(setup ? { secondFactorSetupRequired: true as const } : {}) };
}

/**
 * A sign-in, right or wrong, in the audit trail: by the account it named, from which address. A failed attempt
 * may name up to a thousand characters; a name longer than any email names no account, so its start is enough.
 */
export function recordSignIn(ctx: AppContext, kind: 'signIn.succeeded' | 'signIn.failed', actor: AuditActor, labId: string | null, address: string): Promise<void> {
  const email = actor.email === null ? null : cutToLongestEmail(actor.email);
  return recordAudit(ctx.db, { ...actor, email }, { kind, entityType: 'account', entityId: actor.id, labId, before: null, after: { email, address } });
}

function cutToLongestEmail(typed: string): string {
  const characters = Array.from(typed);
  return characters.length <= EMAIL_MAX_LENGTH ? typed : `${characters.slice(0, EMAIL_MAX_LENGTH - 1).join('')}…`;
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs a lab user in whose password (and second factor, if any) was right: a session, in the audit trail, and
 * the account's failed attempts forgotten.
 */
export async function labUserSignedIn(ctx: AppContext, user: LabUserRow, lab: LabRow, key: string, address: string, setup = false): Promise<LabUserSession> {
  await clearFailedLogins(ctx.db, key);
  const session = await startSession(ctx, 'lab_user', user.id, lab.organization, setup);
  await recordSignIn(ctx, 'signIn.succeeded', { kind: 'lab_user', id: user.id, email: user.email }, lab.id, address);
  return {
    _id: user.id,
    ...session,
    organization: lab.organization as Organization,
    lab: lab.id,
    isLabManager: user.is_lab_manager === 1,
    email: user.email,
  };
}

export async function ownerSignedIn(ctx: AppContext, owner: SystemOwnerRow, key: string, address: string, setup = false): Promise<SystemOwnerSession> {
  await clearFailedLogins(ctx.db, key);
  const session = await startSession(ctx, 'system_owner', owner.id, null, setup);
  await recordSignIn(ctx, 'signIn.succeeded', { kind: 'system_owner', id: owner.id, email: owner.email }, null, address);
  return { _id: owner.id, ...session, email: owner.email };
}

/**
 * A right password. With a second factor it signs in only after the code step: the attempt is taken back (it was
 * no guess) but the account's earlier failures stay counted until the code is right, so a stolen password cannot
 * reset the count between guesses of the code.
 */
export async function signInLabUser(
  ctx: AppContext,
  credentials: Credentials & { organization: Organization },
  address: string,
): Promise<LabUserSession | SecondFactorChallenge> {
  const email = normalizeEmail(credentials.email);
  const key = attemptKey('lab_user', email);
  const attempt = await countAttempt(ctx, key, address);
  const user = await findLabUserByEmail(ctx.db, email);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), credentials.password);
  if (!user || !valid) {
    await recordSignIn(ctx, 'signIn.failed', { kind: 'lab_user', id: user?.id ?? null, email }, user?.lab_id ?? null, address);
    throw invalidCredentials();
  }
  const lab = await findLab(ctx.db, user.lab_id);
  if (!lab || lab.organization !== credentials.organization) {
    // The right password at the other organization's page is no guess: it does not count, as before.
    await forgetLoginAttempt(ctx.db, attempt);
    throw forbidden(authMessages.wrongOrganization);
  }
  const challenge = await challengeFor(ctx, { kind: 'lab_user', id: user.id }, lab.organization, key);
  if (challenge) {
    await forgetLoginAttempt(ctx.db, attempt);
    return challenge;
  }
  // Required to have a second factor and without one: a session that can only add it.
  return labUserSignedIn(ctx, user, lab, key, address, lab.second_factor_required === 1);
}

export async function signInSystemOwner(ctx: AppContext, credentials: Credentials, address: string): Promise<SystemOwnerSession | SecondFactorChallenge> {
  const email = normalizeEmail(credentials.email);
  const key = attemptKey('system_owner', email);
  const attempt = await countAttempt(ctx, key, address);
  const owner = await findSystemOwnerByEmail(ctx.db, email);
  const valid = await verifyPassword(owner?.password_hash ?? (await dummyPasswordHash()), credentials.password);
  if (!owner || !valid) {
    await recordSignIn(ctx, 'signIn.failed', { kind: 'system_owner', id: owner?.id ?? null, email }, null, address);
    throw invalidCredentials();
  }
  const challenge = await challengeFor(ctx, { kind: 'system_owner', id: owner.id }, null, key);
  if (challenge) {
    await forgetLoginAttempt(ctx.db, attempt);
    return challenge;
  }
  return ownerSignedIn(ctx, owner, key, address, await ownersRequired(ctx.db));
}

export function signOut(ctx: AppContext, sessionId: string): Promise<unknown> {
  return endSession(ctx.db, sessionId, nowIso());
}
