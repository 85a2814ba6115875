// The calls an analyst's API key may make (issue 36 part 2): the data downloads and the study reads, each only
// for the studies the key names. Any other call refuses a key (auth.ts); a session works here as before.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { looksLikeApiKey } from '../../shared/apiKeys';
import { apiKeyMessages, authMessages } from '../../shared/messages';
import { brandingForHost } from '../../shared/branding';
import { forbidden, unauthorized } from '../httpErrors';
import { liveApiKey, recordApiKeyUse } from '../services/identity/apiKeys';
import { bearerToken, requireLabUser, type Guard } from './auth';

/** The route parameter naming the study, or null when the handler finds the study itself (apiKeyReadOf). */
type StudyParam = 'studyId' | 'id' | null;

async function authenticateKey(request: FastifyRequest, key: string, studyParam: StudyParam): Promise<void> {
  const ctx = request.server.ctx;
  const live = await liveApiKey(ctx.db, key);
  // As with a session: a key works only on its own organization's host.
  if (live.organization !== brandingForHost(request.host, ctx.config.branding).organization) throw unauthorized(authMessages.sessionOrganization);
  request.auth = {
    kind: 'lab_user',
    sessionId: `apiKey:${live.key.id}`,
    user: live.user,
    organization: live.organization,
    // A key is made from a full session and only reads; it is never a session that must first add a factor.
    secondFactorSetup: false,
    apiKey: { id: live.key.id, name: live.key.name, prefix: live.key.prefix, studyIds: live.studyIds },
  };
  if (studyParam) await apiKeyReadOf(request, (request.params as Record<string, string | undefined>)[studyParam] ?? '');
}

/** A lab user's session, or an API key given the study the route names. */
export function sessionOrApiKey(studyParam: StudyParam): Guard {
  return function (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const token = bearerToken(request);
    if (!token || !looksLikeApiKey(token)) {
      requireLabUser(request, reply, done);
      return;
    }
    authenticateKey(request, token, studyParam).then(() => done(), done);
  };
}

/**
 * When the call was made with a key: 403 unless the key was given the study, else its use is recorded (audit
 * trail, last use). Nothing for a session.
 */
export async function apiKeyReadOf(request: FastifyRequest, studyId: string): Promise<void> {
  const auth = request.auth;
  if (auth?.kind !== 'lab_user' || !auth.apiKey) return;
  if (!auth.apiKey.studyIds.includes(studyId)) throw forbidden(apiKeyMessages.keyStudyNotAllowed);
  await recordApiKeyUse(request.server.ctx.db, auth.user, auth.apiKey, studyId, `${request.method} ${request.routeOptions.url ?? request.url}`);
}
