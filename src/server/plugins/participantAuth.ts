// The participant app's sessions: a participant token is checked against its own session table, and only on
// /api/app calls. A staff token is refused here, as a participant token is refused on staff calls (auth.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ParticipantRow } from '../db/types';
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
  const participant = await findLiveParticipantSession(ctx.db, claims.sessionId, new Date().toISOString());
  if (!participant || participant.id !== claims.accountId) throw unauthorized(authMessages.sessionExpired);
  request.participantAuth = { sessionId: claims.sessionId, participant };
}

export function participantOf(request: FastifyRequest): ParticipantAuth {
  if (!request.participantAuth) throw unauthorized(authMessages.sessionMissing);
  return request.participantAuth;
}
