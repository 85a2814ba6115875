// The photo (image data) download of the Participant List (part 2 sections 2.5, 4 and 7): start a zip of a
// participant's photo answers, then ask for its signed link until it is ready. Lab users of the study's lab
// only; another lab's study or participant answers 404, and so does another user's token.
import type { FastifyPluginAsync } from 'fastify';
import type { ImageLinkBody } from '../../shared/types/imageDownloads';
import { studyMessages } from '../../shared/messages';
import { notFound } from '../httpErrors';
import { labUserOf } from '../plugins/auth';
import { apiKeyReadOf, sessionOrApiKey } from '../plugins/apiKeyAuth';
import { actorOf } from '../plugins/auditActor';
import { findStudyInLab } from '../repositories/studies';
import { ImageZipBuilds, imageDownloadLink, startImageDownload, sweepExpiredImageDownloads } from '../services/exports/imageDownloads/imageDownloads';
import { bearerOrApiKeyAuth, errorResponses, messageSchema } from './schemas/common';

/** How often a process removes expired zips even when nobody asks for one. */
const SWEEP_EVERY_MS = 10 * 60_000;

const idString = { type: 'string', minLength: 1, maxLength: 64 } as const;

const streamZipRespSchema = {
  type: 'object',
  required: ['status', 'message', 'photoCount', 'fileName'],
  properties: {
    status: { type: 'string', enum: ['Started', 'NoResponse'] },
    message: { type: 'string', maxLength: 500 },
    photoCount: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    fileName: { type: ['string', 'null'], maxLength: 300 },
  },
} as const;

const startAnswerSchema = {
  type: 'object',
  required: ['s3ZipperToken', 'streamZipResp'],
  properties: { s3ZipperToken: { type: ['string', 'null'] }, streamZipResp: streamZipRespSchema },
} as const;

const linkBodySchema = {
  type: 'object',
  required: ['s3ZipperToken'],
  properties: { s3ZipperToken: { type: 'string', minLength: 1, maxLength: 100 }, streamZipResp: streamZipRespSchema },
} as const;

const pendingSchema = {
  type: 'object',
  required: ['status', 'message'],
  properties: { status: { type: 'string', enum: ['Started'] }, message: { type: 'string' } },
} as const;

const readySchema = {
  type: 'object',
  required: ['status', 'message', 'link', 'fileName', 'expiresAt', 'photoCount'],
  properties: {
    status: { type: 'string', enum: ['ReadyDownload'] },
    message: { type: 'string' },
    link: { type: 'string' },
    fileName: { type: 'string' },
    expiresAt: { type: 'string' },
    photoCount: { type: 'integer' },
  },
} as const;

export const imageDownloadRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['data'], security: bearerOrApiKeyAuth };
  const builds = new ImageZipBuilds();
  const sweep = () => sweepExpiredImageDownloads(app.ctx, app.log).catch((error: unknown) => app.log.warn({ err: error }, 'image data sweep failed'));
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await builds.close();
  });

  app.get<{ Params: { studyId: string; participantId: string } }>(
    '/api/data/:studyId/:participantId/download_img_resp',
    {
      preValidation: sessionOrApiKey('studyId'),
      schema: {
        ...common,
        operationId: 'startImageDownload',
        summary: "Start a zip of a participant's photo answers in the study",
        description: 'Answers at once: NoResponse when there are no photos, otherwise a token for get_img_resp_link.',
        params: {
          type: 'object',
          required: ['studyId', 'participantId'],
          properties: { studyId: idString, participantId: idString },
        },
        response: { 200: startAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = labUserOf(request);
      const study = await findStudyInLab(app.ctx.db, request.params.studyId, user.lab_id);
      if (!study) throw notFound(studyMessages.studyNotFound);
      return startImageDownload(app.ctx, builds, request.log, user, study, request.params.participantId, actorOf(request));
    },
  );

  app.post<{ Body: ImageLinkBody }>(
    '/api/data/get_img_resp_link',
    {
      preValidation: sessionOrApiKey(null),
      schema: {
        ...common,
        operationId: 'getImageDownloadLink',
        summary: 'The signed, expiring link of a photo zip once it is built',
        description: '202 while it is being built (ask again); 500 with a message when building failed; 404 for an unknown, expired or other user’s token.',
        body: linkBodySchema,
        response: { 200: readySchema, 202: pendingSchema, ...errorResponses, 500: messageSchema },
      },
    },
    async (request, reply) => {
      const { httpStatus, ...answer } = await imageDownloadLink(app.ctx, labUserOf(request).user, request.body.s3ZipperToken, (studyId) => apiKeyReadOf(request, studyId));
      return reply.status(httpStatus).send(answer);
    },
  );
};
