// The participant app's sessions: a participant token is checked against its own session table, and only on
// /api/app calls. A staff token is refused here, as a participant token is refused on staff calls (auth.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ParticipantRow } from '../db/types';
import type { AppContext } from '../context';
import { findLiveParticipantSession } from '../repositories/participantSessions';
import { unauthorized } from '../httpErrors';
import { authMessages, participantMessages } from '../../shared/messages';
import { bearerToken } from './auth';

export interface ParticipantAuth {
  sessionId: string;
  participant: ParticipantRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    participantAuth: ParticipantAuth | null;
  }
}

/** Runs before body validation, so a missing session answers 401 whatever the body holds. */
export async function requireParticipant(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(authMessages.sessionMissing);
  const ctx = request.server.ctx;
  const claims = await ctx.tokens.verify(token);
  if (claims === 'expired') throw unauthorized(authMessages.sessionExpired);
  if (!claims) throw unauthorized(authMessages.sessionMissing);
  if (claims.kind !== 'participant') throw unauthorized(participantMessages.wrongTokenKind);
  const participant = await liveParticipant(ctx, claims.sessionId);
  if (!participant || participant.id !== claims.accountId) throw unauthorized(authMessages.sessionExpired);
  request.participantAuth = { sessionId: claims.sessionId, participant };
}

/** The session's participant; remembered briefly where that is safe, as staff sessions are (sessionCache.ts). */
async function liveParticipant(ctx: AppContext, sessionId: string): Promise<ParticipantRow | undefined> {
  const cache = ctx.participantSessions;
  const nowMs = Date.now();
  const known = cache?.get(sessionId, nowMs);
  if (known) return known;
  const mark = cache?.mark() ?? 0;
  const live = await findLiveParticipantSession(ctx.db, sessionId, new Date(nowMs).toISOString());
  if (!live) return undefined;
  cache?.remember(sessionId, live.participant, live.expiresAt, mark, nowMs);
  return live.participant;
}

export function participantOf(request: FastifyRequest): ParticipantAuth {
  if (!request.participantAuth) throw unauthorized(authMessages.sessionMissing);
  return request.participantAuth;
}
