// Security headers, from helmet. The policy lets the portal's own scripts run, and the inline styles that
// Quill and Bootstrap's components set; media may come from the configured object store. The headers do not
// depend on the request, so helmet computes them once at start. No page may be framed by another site; the
// participant app (/app) may be framed by the portal itself, which shows it in the pilot page's phone frame
// (issue 20): its answers allow the same origin as ancestor, every other answer none.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export function securityHeaders(extraMediaOrigins: string[] = [], framedBySelf = false): Record<string, string> {
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
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [framedBySelf ? "'self'" : "'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: framedBySelf ? 'sameorigin' : 'deny' },
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
  const appHeaders = securityHeaders(extraMediaOrigins, true);
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isParticipantAppPage(request.url) ? appHeaders : headers);
    done();
  });
}

/** The participant app's pages and files (served at /app), which the portal's pilot page frames. */
function isParticipantAppPage(url: string): boolean {
  return url === '/app' || url.startsWith('/app/') || url.startsWith('/app?');
}
