// Study Progress's "Needs attention" list (issue 33, part 4): the study's participants under its adherence alert
// thresholds now, each with the reasons the daily digest gives. Another lab's study answers 404.
import type { FastifyPluginAsync } from 'fastify';
import { ADHERENCE_REASON_KINDS, type AttentionAnswer } from '../../shared/adherence';
import { requireLabUser } from '../plugins/auth';
import { participantsNeedingAttention, thresholdsOf } from '../services/alerts/adherence';
import { studyOfLab } from './shared/labStudy';
import { bearerAuth, errorResponses, idParam } from './schemas/common';

const reasonSchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: [...ADHERENCE_REASON_KINDS] },
    answered: { type: 'integer' },
    prompts: { type: 'integer' },
    thresholdPercent: { type: 'integer' },
    lastSeenAt: { type: 'string', format: 'date-time' },
    hours: { type: 'integer' },
    thresholdHours: { type: 'integer' },
  },
} as const;

const attentionSchema = {
  type: 'object',
  required: ['adherenceAlerts', 'participants'],
  properties: {
    adherenceAlerts: { type: 'boolean' },
    participants: {
      type: 'array',
      items: {
        type: 'object',
        required: ['participantId', 'participantCode', 'email', 'reasons'],
        properties: { participantId: { type: 'string' }, participantCode: { type: 'string' }, email: { type: 'string' }, reasons: { type: 'array', items: reasonSchema } },
      },
    },
  },
} as const;

export const attentionRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { studyId: string } }>(
    '/api/participants/:studyId/attention',
    {
      preValidation: requireLabUser,
      schema: {
        tags: ['participants'],
        security: bearerAuth,
        operationId: 'getParticipantsNeedingAttention',
        summary: "The study's enrolled participants under its adherence alert thresholds now (low response rate over the last closed prompts, app not seen), with the reasons",
        params: idParam('studyId'),
        response: { 200: attentionSchema, ...errorResponses },
      },
    },
    async (request): Promise<AttentionAnswer> => {
      const study = await studyOfLab(request, request.params.studyId);
      const participants = await participantsNeedingAttention(app.ctx.db, study.id, thresholdsOf(study), Date.now());
      return { adherenceAlerts: study.adherence_alerts === 1, participants };
    },
  );
};
