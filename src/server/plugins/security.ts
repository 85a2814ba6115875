// Security headers, from helmet. The policy lets the portal's own scripts run, and the inline styles that
// Quill and Bootstrap's components set; media may come from the configured object store. The headers do not
// depend on the request, so helmet computes them once at start and every answer carries the same set.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export function securityHeaders(extraMediaOrigins: string[] = []): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extraMediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...extraMediaOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extraMediaOrigins],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  middleware({} as never, collector, () => undefined);
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, extraMediaOrigins: string[] = []): void {
  const headers = securityHeaders(extraMediaOrigins);
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
