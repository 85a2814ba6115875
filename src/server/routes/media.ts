// Media files of the lab user's lab (part 1 section 7 "Media files", and the media picker of part 2).
import type { FastifyPluginAsync } from 'fastify';
import { NUMBER_INPUT_LIMIT, PAGE_SIZE } from '../../shared/limits';
import { MAX_MEDIA_KEYS, MEDIA_TYPES } from '../../shared/media';
import { mediaMessages } from '../../shared/messages';
import { fileNameProblem } from '../../shared/media';
import type { CreateFileBody, MediaByKeysBody, UploadUrlBody } from '../../shared/types/media';
import { badRequest } from '../httpErrors';
import { labUserOf, requireLabUser } from '../plugins/auth';
import { actorOf } from '../plugins/auditActor';
import { countMediaFilesInLab, findMediaFilesByKeys, listMediaFilesInLab, searchMediaFiles } from '../repositories/mediaFiles';
import { grantUpload, mediaFileOfLab, registerFile, removeFile, renameFile, toMediaFile } from '../services/media/media';
import { bearerAuth, errorResponses, idParam, messageSchema } from './schemas/common';
import { pageQuerySchema } from './schemas/studies';

const mediaFileSchema = {
  type: 'object',
  required: ['_id', 'name', 'type', 'file', 'url', 'size', 'lab', 'createdAt'],
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: [...MEDIA_TYPES] },
    file: { type: 'string' },
    url: { type: 'string' },
    size: { type: 'number' },
    lab: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

const filesSchema = { type: 'array', items: mediaFileSchema } as const;

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const common = { tags: ['media files'], security: bearerAuth };
  const ctx = () => app.ctx;

  app.post<{ Body: UploadUrlBody }>(
    '/api/files/genLabS3URL',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'requestMediaUpload',
        summary: 'An upload address for one file (checked by extension and size first)',
        body: {
          type: 'object',
          required: ['filePath', 'fileType', 'requestType'],
          properties: {
            filePath: { type: 'string', minLength: 1, maxLength: 500 },
            fileType: { type: 'string', maxLength: 200 },
            requestType: { type: 'string', enum: ['putObject'] },
            fileSize: { type: 'integer', minimum: 0, maximum: NUMBER_INPUT_LIMIT },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['url', 'file', 'type', 'contentType'],
            properties: { url: { type: 'string' }, file: { type: 'string' }, type: { type: 'string' }, contentType: { type: 'string' } },
          },
          413: messageSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => grantUpload(ctx(), labUserOf(request).user, request.body),
  );

  app.post<{ Body: CreateFileBody }>(
    '/api/files/createfiles',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'registerMediaFile',
        summary: 'Register an uploaded file',
        body: {
          type: 'object',
          required: ['lab', 'name', 'type', 'file', 'size'],
          properties: {
            lab: { type: 'string', maxLength: 64 },
            name: { type: 'string', maxLength: 200 },
            type: { type: 'string', enum: [...MEDIA_TYPES] },
            file: { type: 'string', maxLength: 500 },
            size: { type: 'integer', minimum: 0, maximum: NUMBER_INPUT_LIMIT },
          },
        },
        response: { 201: mediaFileSchema, 413: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await registerFile(ctx(), labUserOf(request).user, request.body, actorOf(request));
      return reply.status(201).send(await toMediaFile(ctx(), row));
    },
  );

  app.get<{ Querystring: { pageNumber: number } }>(
    '/api/files/userFiles',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'listMediaFiles',
        summary: "The lab's files, newest first",
        querystring: pageQuerySchema,
        response: {
          200: { type: 'object', required: ['files', 'pages', 'page'], properties: { files: filesSchema, pages: { type: 'integer' }, page: { type: 'integer' } } },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user } = labUserOf(request);
      const page = request.query.pageNumber;
      const total = await countMediaFilesInLab(ctx().db, user.lab_id);
      const rows = await listMediaFilesInLab(ctx().db, user.lab_id, (page - 1) * PAGE_SIZE, PAGE_SIZE);
      return { files: await Promise.all(rows.map((r) => toMediaFile(ctx(), r))), pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), page };
    },
  );

  app.get<{ Querystring: { keyword?: string; type?: string } }>(
    '/api/files/targetfiles',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'searchMediaFiles',
        summary: 'Files for the media picker, by keyword and type',
        querystring: {
          type: 'object',
          properties: { keyword: { type: 'string', maxLength: 200 }, type: { type: 'string', enum: ['', ...MEDIA_TYPES] } },
        },
        response: { 200: { type: 'object', required: ['files'], properties: { files: filesSchema } }, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = labUserOf(request);
      const rows = await searchMediaFiles(ctx().db, user.lab_id, (request.query.keyword ?? '').trim(), request.query.type || null, 200);
      return { files: await Promise.all(rows.map((r) => toMediaFile(ctx(), r))) };
    },
  );

  app.post<{ Body: MediaByKeysBody }>(
    '/api/files/byKeys',
    {
      preValidation: requireLabUser,
      schema: {
        ...common,
        operationId: 'mediaFilesByKeys',
        summary: "The lab's files stored under the given keys, with their signed addresses (the questionnaire preview's media)",
        body: {
          type: 'object',
          required: ['keys'],
          properties: { keys: { type: 'array', maxItems: MAX_MEDIA_KEYS, items: { type: 'string', minLength: 1, maxLength: 500 } } },
        },
        response: { 200: { type: 'object', required: ['files'], properties: { files: filesSchema } }, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await findMediaFilesByKeys(ctx().db, labUserOf(request).user.lab_id, [...new Set(request.body.keys)]);
      return { files: await Promise.all(rows.map((r) => toMediaFile(ctx(), r))) };
    },
  );

  const withId = { ...common, params: idParam('id') };

  app.get<{ Params: { id: string } }>(
    '/api/files/mediafile/:id',
    { preValidation: requireLabUser, schema: { ...withId, operationId: 'getMediaFile', summary: 'One file', response: { 200: mediaFileSchema, ...errorResponses } } },
    async (request) => toMediaFile(ctx(), await mediaFileOfLab(ctx(), request.params.id, labUserOf(request).user.lab_id)),
  );

  app.put<{ Params: { id: string }; Body: { name: string } }>(
    '/api/files/mediafile/:id',
    {
      preValidation: requireLabUser,
      schema: {
        ...withId,
        operationId: 'renameMediaFile',
        summary: 'Rename a file',
        body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 200 } } },
        response: { 200: mediaFileSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await mediaFileOfLab(ctx(), request.params.id, labUserOf(request).user.lab_id);
      const problem = fileNameProblem(request.body.name);
      if (problem) throw badRequest(problem);
      return toMediaFile(ctx(), await renameFile(ctx(), row, request.body.name.trim(), actorOf(request)));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/files/mediafile/:id',
    { preValidation: requireLabUser, schema: { ...withId, operationId: 'deleteMediaFile', summary: 'Delete a file and its stored object', response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      await removeFile(ctx(), await mediaFileOfLab(ctx(), request.params.id, labUserOf(request).user.lab_id), actorOf(request));
      return { message: mediaMessages.fileDeleted };
    },
  );
};
