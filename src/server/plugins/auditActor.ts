// Who a staff request acts as, for the audit trail: the signed-in lab user or system owner.
import type { FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR, type AuditActor } from '../services/audit/record';

export function actorOf(request: FastifyRequest): AuditActor {
  const auth = request.auth;
  if (auth?.kind === 'lab_user') return { kind: 'lab_user', id: auth.user.id, email: auth.user.email };
  if (auth?.kind === 'system_owner') return { kind: 'system_owner', id: auth.id, email: auth.email };
  return SYSTEM_ACTOR;
}
