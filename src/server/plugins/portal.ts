// Serves the built portal and the participant app (each file found at start is a route). Any other path under
// /app answers the app's app/index.html, and any other path not under /api the portal's index.html (each app's
// router decides); an unknown /api path stays a JSON 404. The build writes a Brotli (.br) and a gzip (.gz) copy beside each
// script, style sheet, page and SVG; the copy the client accepts is sent, with Content-Encoding and
// Vary: Accept-Encoding, and the plain file to a client that accepts neither.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { generalMessages } from '../../shared/messages';

/** The participant app's page, built into the app/ folder of the portal's build. */
export const APP_PAGE = 'app/index.html';

/** Asks every crawler to stay out of every address. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

export async function registerPortal(app: FastifyInstance, publicDir: string, dataDir: string): Promise<void> {
  const hasPortal = fs.existsSync(path.join(publicDir, 'index.html'));
  // Registered either way: reply.sendFile also serves the local store's files (routes/uploads.ts).
  await app.register(fastifyStatic, {
      root: hasPortal ? publicDir : dataDir,
      serve: hasPortal,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  if (!hasPortal) app.log.warn({ publicDir }, 'the portal is not built: run npm run build');

  const hasApp = hasPortal && fs.existsSync(path.join(publicDir, APP_PAGE));
  if (hasPortal && !hasApp) app.log.warn({ publicDir }, 'the participant app is not built: run npm run build');

  // Nothing here is for search engines: the portal and the app are behind sign-in and hold participants' data,
  // and a join link found by a crawler should not be listed.
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(ROBOTS_TXT),
  );

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isApp = /^\/app(\/|\?|$)/.test(request.url);
    if (hasPortal && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (isApp && !hasApp) return reply.status(404).send({ message: generalMessages.notFound });
      return reply.header('Cache-Control', 'no-cache').sendFile(isApp ? APP_PAGE : 'index.html');
    }
    return reply.status(404).send({ message: generalMessages.notFound });
  });
}
