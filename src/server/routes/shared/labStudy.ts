// The study a lab user's call names, looked up in the caller's lab: another lab's study answers 404 as a missing one.
import type { FastifyRequest } from 'fastify';
import { studyMessages } from '../../../shared/messages';
import { notFound } from '../../httpErrors';
import { labUserOf } from '../../plugins/auth';
import { findStudyInLab } from '../../repositories/studies';

export async function studyOfLab(request: FastifyRequest, studyId: string) {
  const { user } = labUserOf(request);
  const study = await findStudyInLab(request.server.ctx.db, studyId, user.lab_id);
  if (!study) throw notFound(studyMessages.studyNotFound);
  return study;
}
