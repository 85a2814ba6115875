// Answers compressed on the fly: JSON (and the API docs' text) above a few KB, in Brotli or gzip as the client
// accepts. The portal's own files are compressed at build time instead (webpack.config.js) and served as they
// are by plugins/portal.ts; an answer that already has a Content-Encoding is left alone. One callback hook that
// looks at the answer's size first: most answers are small, and for them nothing else is looked at.
import { pipeline, type Readable } from 'node:stream';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip, type BrotliOptions } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: compressing them saves little and costs more than it saves. */
export const COMPRESS_MIN_BYTES = 2048;

/** JSON, text (CSV exports, HTML, CSS), JavaScript and SVG; never media or archives, which are compressed already. */
export const COMPRESSIBLE_TYPES = /^(?:application\/(?:json|[\w.+-]+\+json|javascript|xml)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)(?:;|$)/;

/** Quality 4: close to gzip's speed with smaller output; 11 is for build time only. */
const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } };

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in for an Accept-Encoding header (RFC 9110 section 12.5.3): the accepted one with the
 * highest weight, Brotli on a tie; `*` stands for any encoding not named; a weight of 0 refuses. Null: plain.
 */
export function chosenEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get('*') ?? 0;
  const br = weights.get('br') ?? any;
  const gz = weights.get('gzip') ?? any;
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

function isSmall(payload: unknown): boolean {
  if (typeof payload === 'string') return payload.length < COMPRESS_MIN_BYTES && Buffer.byteLength(payload) < COMPRESS_MIN_BYTES;
  if (Buffer.isBuffer(payload)) return payload.length < COMPRESS_MIN_BYTES;
  return payload === null || payload === undefined;
}

function isStream(payload: unknown): payload is Readable {
  return typeof (payload as Readable).pipe === 'function';
}

/** The Vary header with Accept-Encoding added, keeping what it named. */
function varyWithAcceptEncoding(vary: unknown): string {
  const names = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(names)) return names;
  return names ? `${names}, accept-encoding` : 'accept-encoding';
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isSmall(payload) || reply.hasHeader('content-encoding')) return done(null, payload);
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    const type = reply.getHeader('content-type');
    if (!encoding || typeof type !== 'string' || !COMPRESSIBLE_TYPES.test(type)) return done(null, payload);
    const compressed = () => {
      reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
      reply.header('content-encoding', encoding);
    };
    if (isStream(payload)) {
      const zip = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip();
      // A failed source ends the compressed stream with the same error, which Fastify handles as for any stream.
      pipeline(payload, zip, () => undefined);
      compressed();
      reply.removeHeader('content-length');
      return done(null, zip);
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const finish = (error: Error | null, result: Buffer) => {
      if (error) return done(error);
      compressed();
      done(null, result);
    };
    if (encoding === 'br') brotliCompress(payload, BROTLI, finish);
    else gzip(payload, finish);
  });
}
