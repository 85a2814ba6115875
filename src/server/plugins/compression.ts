// Answers compressed on the fly: JSON (and the API docs' text) above a few KB, in Brotli or gzip as the client
// accepts. The portal's own files are compressed at build time instead (webpack.config.js) and served as they
// are by plugins/portal.ts; @fastify/compress leaves an answer that already has a Content-Encoding alone.
// Registered before every route, since it attaches itself to each route as the route is added.
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Smaller answers are sent as they are: compressing them saves little and costs a stream per answer. */
export const COMPRESS_MIN_BYTES = 2048;

/** JSON, text, JavaScript and SVG; never media, which is compressed already. */
export const COMPRESSIBLE_TYPES = /^(?:application\/(?:json|[\w.+-]+\+json|javascript|xml)|text\/(?!event-stream)|image\/svg\+xml)(?:;|$)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    // Request bodies are not decompressed: the body limit applies to what arrives.
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    // Quality 4: close to gzip's speed with smaller output; 11 is for build time only.
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
