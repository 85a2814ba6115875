// Security headers. The policy lets the portal's own scripts run, and the inline styles that Quill and
// Bootstrap's components set; media may come from the configured object store.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export async function registerSecurityHeaders(app: FastifyInstance, extraMediaOrigins: string[] = []): Promise<void> {
  await app.register(helmet, {
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
}
