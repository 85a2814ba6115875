// Sessions on every authenticated call: the bearer token is verified, then its session row is looked up with
// its account, so a logout, a changed password or a deleted account ends it at once.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext } from '../context';
import type { LabUserRow } from '../db/types';
import { findLiveLabUserSession, findLiveSystemOwnerSession } from '../repositories/sessions';
import { forbidden, unauthorized } from '../httpErrors';
import { apiKeyMessages, authMessages, participantMessages, secondFactorMessages } from '../../shared/messages';
import { looksLikeApiKey } from '../../shared/apiKeys';
import { brandingForHost } from '../../shared/branding';
import type { AccessName } from '../../shared/access';
import { accessOf } from '../services/identity/accounts';
import { demand } from '../services/identity/permissions';
import type { TokenClaims } from '../services/identity/tokens';

export interface LabUserAuth {
  kind: 'lab_user';
  sessionId: string;
  user: LabUserRow;
  organization: number;
  /** The session may only add a second factor (its account was required to have one: issue 36). */
  secondFactorSetup: boolean;
  /** Set when the call was made with an analyst's API key rather than a session (plugins/apiKeyAuth.ts). */
  apiKey?: ApiKeyUse;
}

/** The key a call was made with: what it may read and how its uses are recorded. */
export interface ApiKeyUse {
  id: string;
  name: string;
  prefix: string;
  studyIds: readonly string[];
}

export interface SystemOwnerAuth {
  kind: 'system_owner';
  sessionId: string;
  id: string;
  email: string;
  secondFactorSetup: boolean;
}

export type Auth = LabUserAuth | SystemOwnerAuth;

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyContextConfig {
    /** The call serves a session that may only add a second factor (issue 36): reading the state, adding, signing out. */
    duringSecondFactorSetup?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** A live session as read with its account, before the host is checked. */
export type LiveSession =
  | { kind: 'lab_user'; user: LabUserRow; organization: number; secondFactorSetup: boolean }
  | { kind: 'system_owner'; id: string; email: string; secondFactorSetup: boolean };

/** The live session of the kind the token names, or null; remembered briefly where that is safe (sessionCache.ts). */
async function liveSession(ctx: AppContext, claims: TokenClaims, now: string, nowMs: number): Promise<LiveSession | null> {
  const cache = ctx.sessions;
  const known = cache?.get(claims.sessionId, nowMs);
  if (known) return known;
  const mark = cache?.mark() ?? 0;
  let session: LiveSession | null = null;
  let expiresAt = '';
  if (claims.kind === 'system_owner') {
    const owner = await findLiveSystemOwnerSession(ctx.db, claims.sessionId, now);
    if (owner) {
      session = { kind: 'system_owner', id: owner.id, email: owner.email, secondFactorSetup: owner.second_factor_setup === 1 };
      expiresAt = owner.session_expires_at;
    }
  } else {
    const row = await findLiveLabUserSession(ctx.db, claims.sessionId, now);
    if (row) {
      const { organization, session_expires_at, second_factor_setup, ...user } = row;
      // Shared by the calls that find it remembered: none may change it.
      session = { kind: 'lab_user', user: Object.freeze(user), organization, secondFactorSetup: second_factor_setup === 1 };
      expiresAt = session_expires_at;
    }
  }
  if (session && cache) cache.remember(claims.sessionId, session, expiresAt, mark, nowMs);
  return session;
}

/** The claims of the request's token, or why it is refused; undefined when its signature has yet to be checked. */
function knownClaims(ctx: AppContext, token: string | null): TokenClaims | undefined {
  if (!token) throw unauthorized(authMessages.sessionMissing);
  // An API key works only where a route accepts it (plugins/apiKeyAuth.ts), never on any other staff call.
  if (looksLikeApiKey(token)) throw forbidden(apiKeyMessages.keyNotAllowedHere);
  const claims = ctx.tokens.known(token);
  return claims === undefined ? undefined : accepted(claims);
}

function accepted(claims: TokenClaims | 'expired' | null): TokenClaims {
  if (claims === 'expired') throw unauthorized(authMessages.sessionExpired);
  if (!claims) throw unauthorized(authMessages.sessionMissing);
  // A participant's token never works on a staff call.
  if (claims.kind === 'participant') throw unauthorized(participantMessages.wrongTokenKind);
  return claims;
}

/** The caller, once the session is known: the account must be the token's, and the host must fit it. */
function authOf(request: FastifyRequest, claims: TokenClaims, session: LiveSession | null): Auth {
  const branding = brandingForHost(request.host, request.server.ctx.config.branding);
  if (claims.kind === 'system_owner') {
    if (session?.kind !== 'system_owner' || session.id !== claims.accountId) throw unauthorized(authMessages.sessionExpired);
    if (!branding.isMainHost) throw forbidden(authMessages.systemOwnerMainHostOnly);
    return { kind: 'system_owner', sessionId: claims.sessionId, id: session.id, email: session.email, secondFactorSetup: session.secondFactorSetup };
  }
  if (session?.kind !== 'lab_user' || session.user.id !== claims.accountId) throw unauthorized(authMessages.sessionExpired);
  if (session.organization !== branding.organization) throw unauthorized(authMessages.sessionOrganization);
  return { kind: 'lab_user', sessionId: claims.sessionId, user: session.user, organization: session.organization, secondFactorSetup: session.secondFactorSetup };
}

/**
 * The caller without a promise when the token was verified lately and its session is remembered (most calls);
 * null when the signature or the session has to be checked first.
 */
function rememberedAuth(ctx: AppContext, request: FastifyRequest): Auth | null {
  const claims = knownClaims(ctx, bearerToken(request));
  if (!claims || !ctx.sessions) return null;
  const nowMs = Date.now();
  const session = ctx.sessions.get(claims.sessionId, nowMs);
  return session ? authOf(request, claims, session) : null;
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Auth> {
  const token = bearerToken(request);
  const claims = knownClaims(ctx, token) ?? accepted(await ctx.tokens.verify(token as string));
  const nowMs = Date.now();
  return authOf(request, claims, await liveSession(ctx, claims, new Date(nowMs).toISOString(), nowMs));
}

/**
 * Runs before body validation, so a missing session answers 401 whatever the body holds. A callback hook: the
 * usual call, whose caller is remembered, is decided without a promise.
 */
export type Guard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

function guard(check: (request: FastifyRequest, auth: Auth) => Promise<void> | void): Guard {
  function checked(request: FastifyRequest, auth: Auth): Promise<void> | void {
    // A session that must first add a second factor reaches only the calls that add it.
    if (auth.secondFactorSetup && !request.routeOptions.config.duringSecondFactorSetup) throw forbidden(secondFactorMessages.setupRequired);
    request.auth = auth;
    return check(request, auth);
  }
  return function (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    let pending: Promise<void> | void;
    try {
      const ctx = request.server.ctx;
      const auth = request.auth ?? rememberedAuth(ctx, request);
      pending = auth ? checked(request, auth) : authenticate(ctx, request).then((fresh) => checked(request, fresh));
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  };
}

/** Any signed-in account. */
export const requireSession = guard(() => undefined);

export const requireSystemOwner = guard((_request, auth) => {
  if (auth.kind !== 'system_owner') throw forbidden(authMessages.systemOwnerOnly);
});

export const requireLabUser = guard((_request, auth) => {
  if (auth.kind !== 'lab_user') throw forbidden(authMessages.labUserOnly);
});

export const requireLabManager = guard((_request, auth) => {
  if (auth.kind !== 'lab_user') throw forbidden(authMessages.labUserOnly);
  if (!auth.user.is_lab_manager) throw forbidden(authMessages.labManagerOnly);
});

/** A lab user holding the permission entry (a lab manager holds every one). */
export function requireAccess(name: AccessName): Guard {
  return guard(async function (request, auth) {
    if (auth.kind !== 'lab_user') throw forbidden(authMessages.labUserOnly);
    const entries = await accessOf(request.server.ctx.db, auth.user);
    demand(entries, name);
  });
}

export function labUserOf(request: FastifyRequest): LabUserAuth {
  if (request.auth?.kind !== 'lab_user') throw forbidden(authMessages.labUserOnly);
  return request.auth;
}
