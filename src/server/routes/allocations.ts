// Assign at random on the Participant List (issue 34, part 4): a lab user of the study's lab allocates chosen
// participants of stage 1 to groups of a later stage, and downloads the study's allocation list. Another lab's
// study answers 404; the system owner and participants are refused, as on the Participant List's other calls.
import type { FastifyPluginAsync } from 'fastify';
import { ALLOCATION_CSV_MEDIA_TYPE, type AllocateBody } from '../../shared/allocation';
import { allocationListTitle } from '../../shared/dataDownloads';
import { actorOf } from '../plugins/auditActor';
import { requireLabUser } from '../plugins/auth';
import { allocateAtRandom, writeAllocationList } from '../services/participants/allocation';
import { studyOfLab } from './shared/labStudy';
import { download } from './shared/downloads';
import { bearerAuth, errorResponses } from './schemas/common';
import { allocateAnswerSchema, allocateBodySchema } from './schemas/allocation';
import { streamOnly } from './schemas/dataDownloads';

const studyParam = { type: 'object', required: ['studyId'], properties: { studyId: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

export const allocationRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['participants'], security: bearerAuth };

  app.post<{ Params: { studyId: string }; Body: AllocateBody }>(
    '/api/participants/:studyId/allocate',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'allocateParticipants',
        summary:
          'Assign at random: allocate enrolled participants of stage 1 to groups of a later stage by balanced blocks, move each there as Assign To Another Stage does, and record the seed and the list in the audit trail',
        params: studyParam,
        body: allocateBodySchema,
        response: { 200: allocateAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const study = await studyOfLab(request, request.params.studyId);
      return allocateAtRandom(app.ctx.db, study, request.body, actorOf(request));
    },
  );

  app.get<{ Params: { studyId: string } }>(
    '/api/participants/:studyId/allocations',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'downloadAllocations',
        summary: "The study's random allocation list: a CSV of participant code, group, block and position (then stage, seed and time), recorded as a data download",
        params: studyParam,
        response: { 200: streamOnly(ALLOCATION_CSV_MEDIA_TYPE), ...errorResponses },
      },
    },
    async (request, reply) => {
      const study = await studyOfLab(request, request.params.studyId);
      return download(request, reply, `${ALLOCATION_CSV_MEDIA_TYPE}; charset=utf-8`, 'streamed', study, async (reads) => ({
        title: allocationListTitle(study.study_code || 'study', new Date()),
        write: (sink) => writeAllocationList(reads, study.id, sink),
      }));
    },
  );
};
