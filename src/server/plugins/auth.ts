// Sessions on every authenticated call: the bearer token is verified, then its session row is looked up with
// its account, so a logout, a changed password or a deleted account ends it at once.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { LabUserRow } from '../db/types';
import { findLiveLabUserSession, findLiveSystemOwnerSession } from '../repositories/sessions';
import { forbidden, unauthorized } from '../httpErrors';
import { authMessages, participantMessages } from '../../shared/messages';
import { brandingForHost } from '../../shared/branding';
import type { AccessName } from '../../shared/access';
import { accessOf } from '../services/accounts';
import { demand } from '../services/permissions';

export interface LabUserAuth {
  kind: 'lab_user';
  sessionId: string;
  user: LabUserRow;
  organization: number;
}

export interface SystemOwnerAuth {
  kind: 'system_owner';
  sessionId: string;
  id: string;
  email: string;
}

export type Auth = LabUserAuth | SystemOwnerAuth;

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Auth> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(authMessages.sessionMissing);
  const claims = await ctx.tokens.verify(token);
  if (claims === 'expired') throw unauthorized(authMessages.sessionExpired);
  if (!claims) throw unauthorized(authMessages.sessionMissing);
  // A participant's token never works on a staff call.
  if (claims.kind === 'participant') throw unauthorized(participantMessages.wrongTokenKind);
  const now = new Date().toISOString();
  const branding = brandingForHost(request.host, ctx.config.branding);
  if (claims.kind === 'system_owner') {
    const owner = await findLiveSystemOwnerSession(ctx.db, claims.sessionId, now);
    if (!owner || owner.id !== claims.accountId) throw unauthorized(authMessages.sessionExpired);
    if (!branding.isMainHost) throw forbidden(authMessages.systemOwnerMainHostOnly);
    return { kind: 'system_owner', sessionId: claims.sessionId, id: owner.id, email: owner.email };
  }
  const row = await findLiveLabUserSession(ctx.db, claims.sessionId, now);
  if (!row || row.id !== claims.accountId) throw unauthorized(authMessages.sessionExpired);
  const { organization, ...user } = row;
  if (organization !== branding.organization) throw unauthorized(authMessages.sessionOrganization);
  return { kind: 'lab_user', sessionId: claims.sessionId, user, organization };
}

/** Runs before body validation, so a missing session answers 401 whatever the body holds. */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function guard(check: (request: FastifyRequest, auth: Auth) => Promise<void> | void): Guard {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    const auth = request.auth ?? (await authenticate(request.server.ctx, request));
    request.auth = auth;
    await check(request, auth);
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
