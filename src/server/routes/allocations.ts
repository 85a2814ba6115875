// Assign at random on the Participant List (issue 34, part 4): a lab user of the study's lab allocates chosen
// participants of stage 1 to groups of a later stage, and downloads the study's allocation list. Another lab's
// study answers 404; the system owner and participants are refused, as on the Participant List's other calls.
// The standing rule (allocation_rule) allocates every participant who becomes enrolled in stage 1 from now on.
import type { FastifyPluginAsync } from 'fastify';
import { ALLOCATION_CSV_MEDIA_TYPE, type AllocateBody, type AllocationRuleBody } from '../../shared/allocation';
import { allocationListTitle } from '../../shared/dataDownloads';
import { actorOf } from '../plugins/auditActor';
import { requireLabUser } from '../plugins/auth';
import { allocateAtRandom, writeAllocationList } from '../services/participants/allocation';
import { readAllocationRule, setAllocationRule, turnOffAllocationRule } from '../services/participants/allocationRule';
import { studyOfLab } from './shared/labStudy';
import { download } from './shared/downloads';
import { bearerAuth, errorResponses } from './schemas/common';
import { allocateAnswerSchema, allocateBodySchema, allocationRuleBodySchema, allocationRuleSchema } from './schemas/allocation';
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

  const ruleUrl = '/api/participants/:studyId/allocation_rule';
  const ruleAnswer = { 200: allocationRuleSchema, ...errorResponses };

  app.get<{ Params: { studyId: string } }>(
    ruleUrl,
    {
      preValidation: requireLabUser,
      schema: { ...common, operationId: 'getAllocationRule', summary: 'The rule allocating every participant who becomes enrolled in stage 1, or null', params: studyParam, response: ruleAnswer },
    },
    async (request) => readAllocationRule(app.ctx.db, await studyOfLab(request, request.params.studyId)),
  );

  app.put<{ Params: { studyId: string }; Body: AllocationRuleBody }>(
    ruleUrl,
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'setAllocationRule',
        summary:
          'Allocate every participant who becomes enrolled in stage 1 from now on (consent in the app, or joining without a consent form) by balanced blocks; a changed rule starts a new block sequence',
        params: studyParam,
        body: allocationRuleBodySchema,
        response: ruleAnswer,
      },
    },
    async (request) => setAllocationRule(app.ctx.db, await studyOfLab(request, request.params.studyId), request.body, actorOf(request)),
  );

  app.delete<{ Params: { studyId: string } }>(
    ruleUrl,
    {
      preValidation: requireLabUser,
      schema: { ...common, operationId: 'turnOffAllocationRule', summary: 'Turn the allocation rule off (answers null); those it allocated stay where they are', params: studyParam, response: ruleAnswer },
    },
    async (request) => {
      await turnOffAllocationRule(app.ctx.db, await studyOfLab(request, request.params.studyId), actorOf(request));
      return null;
    },
  );
};
