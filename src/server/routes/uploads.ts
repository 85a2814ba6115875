// The local store's own signed addresses: PUT streams an upload in (once, before it expires, no more bytes
// than the type allows, only with the content type granted); GET serves a stored file, with ranges for video.
import type { FastifyPluginAsync } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { MEDIA_LIMITS, mediaTypeOfContentType } from '../../shared/media';
import { mediaMessages } from '../../shared/messages';
import { HttpError, forbidden, notFound } from '../httpErrors';
import { LocalStorage, TooManyBytes } from '../storage/localStorage';
import { hasNoBody } from '../plugins/emptyBodies';
import { claimUploadGrant, findUploadGrant } from '../repositories/mediaFiles';
import { claimPhotoUpload, findPhotoUpload } from '../repositories/photos';
import { participantMessages } from '../../shared/messages';
import { nowIso } from '../ids';
import { attachmentDisposition } from '../storage/disposition';
import { messageSchema, noAuth } from './schemas/common';

interface SignedQuery {
  expires: string;
  signature: string;
}

const signedQuery = {
  type: 'object',
  required: ['expires', 'signature'],
  properties: { expires: { type: 'string', maxLength: 20 }, signature: { type: 'string', maxLength: 100 } },
} as const;

/** Signed addresses carry their own permission (expires and signature), so they need no session. */
const common = { tags: ['media files'], security: noAuth };

/** A stored file's bytes, whatever their type. */
const fileBytes = { description: 'The stored bytes', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } as const;

/**
 * The object key is the rest of the path, slashes included (Fastify's `*`); OpenAPI has no such parameter, so the
 * description names it `{key}`. Clients never build this address: they use the signed one the server answers.
 */
const objectKeyTransform: SwaggerTransform = ({ schema, url }) => ({
  url: url.replace(/\*$/, ':key'),
  schema: { ...schema, params: { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1, maxLength: 500 } } } },
});

export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const storage = app.ctx.storage;
  if (!(storage instanceof LocalStorage)) return;

  // Upload bodies are streamed by the handler, never parsed or buffered, whatever their content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.put<{ Params: { grantId: string }; Querystring: SignedQuery }>(
    '/api/files/upload/:grantId',
    {
      schema: {
        ...common,
        operationId: 'uploadFileBytes',
        summary: 'Upload the bytes of a granted file (local storage)',
        params: { type: 'object', required: ['grantId'], properties: { grantId: { type: 'string', minLength: 1, maxLength: 64 } } },
        querystring: signedQuery,
        response: { 200: messageSchema, 400: messageSchema, 403: messageSchema, 413: messageSchema, 415: messageSchema },
      },
    },
    async (request, reply) => {
      const { grantId } = request.params;
      if (!storage.uploadSignatureValid(grantId, request.query.expires, request.query.signature)) {
        throw forbidden(mediaMessages.uploadLinkInvalid);
      }
      // A media file's grant, or a participant's photo answer's.
      const mediaGrant = await findUploadGrant(app.ctx.db, grantId);
      const grant = mediaGrant ?? (await findPhotoUpload(app.ctx.db, grantId));
      if (!grant || grant.expires_at < nowIso()) throw forbidden(mediaMessages.uploadLinkInvalid);
      const contentType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      // An empty body carries no content type (plugins/emptyBodies.ts), so there is none to compare; createfiles
      // then refuses the empty file for its content.
      if (contentType !== grant.content_type && !hasNoBody(request.raw)) throw new HttpError(415, mediaMessages.uploadWrongContentType);
      const type = mediaTypeOfContentType(grant.content_type);
      const limit = Number(grant.max_bytes);
      const tooLargeMessage = !mediaGrant ? participantMessages.photoTooLarge : type ? MEDIA_LIMITS[type].message : mediaMessages.uploadMismatch;
      const tooLarge = new HttpError(413, tooLargeMessage);
      if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge;
      const claimed = mediaGrant ? await claimUploadGrant(app.ctx.db, grantId, nowIso()) : await claimPhotoUpload(app.ctx.db, grantId, nowIso());
      if (!claimed) throw forbidden(mediaMessages.uploadLinkInvalid);
      try {
        await storage.write(grant.object_key, request.raw, limit);
      } catch (error) {
        if (error instanceof TooManyBytes) {
          // Stop reading: the rest of the bytes are not wanted.
          reply.header('Connection', 'close');
          throw tooLarge;
        }
        throw error;
      }
      return { message: mediaMessages.fileCreated };
    },
  );

  // `name` (signed with the rest): the browser saves the file under that name (an image data zip).
  app.get<{ Params: { '*': string }; Querystring: SignedQuery & { name?: string } }>(
    '/api/files/object/*',
    {
      schema: {
        ...common,
        operationId: 'downloadStoredFile',
        summary: 'A stored file, by signed address (local storage); a Range header answers part of it',
        // An object key is at most as long as its column (media_files.object_key).
        params: { type: 'object', properties: { '*': { type: 'string', maxLength: 500 } } },
        querystring: { ...signedQuery, properties: { ...signedQuery.properties, name: { type: 'string', maxLength: 300 } } },
        response: { 200: fileBytes, 206: fileBytes, 400: messageSchema, 403: messageSchema, 404: messageSchema, 416: messageSchema },
      },
      config: { swaggerTransform: objectKeyTransform },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { expires, signature, name } = request.query;
      if (!storage.downloadSignatureValid(key, expires, signature, name)) throw forbidden(mediaMessages.uploadLinkInvalid);
      if (!(await storage.stat(key))) throw notFound(mediaMessages.fileNotFound);
      if (name !== undefined) reply.header('Content-Disposition', attachmentDisposition(name));
      return reply.header('Cache-Control', 'private, max-age=3600').sendFile(key, storage.root);
    },
  );
};
