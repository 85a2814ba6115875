// The participant app's organization for the requesting host, without a staff call: its name and colour
// (GET /api/app/site), its Web App Manifest and its icon (/app/manifest.webmanifest, /app/icon.svg).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { brandingForHost } from '../../shared/branding';
import { APP_ICON_URL, APP_MANIFEST_URL, appIcon, appManifest } from '../../shared/appManifest';
import type { AppSite } from '../../shared/types/participantApp';
import { appOpen } from './schemas/app';

const siteSchema = {
  type: 'object',
  required: ['siteName', 'organization', 'theme', 'color'],
  properties: {
    siteName: { type: 'string' },
    organization: { type: 'integer', enum: [1, 2] },
    theme: { type: 'string', enum: ['light', 'dark'] },
    color: { type: 'string' },
  },
} as const;

export const appSiteRoutes: FastifyPluginAsync = async (app) => {
  const siteOf = (request: FastifyRequest): AppSite => {
    const { siteName, organization, theme, color } = brandingForHost(request.host, app.ctx.config.branding);
    return { siteName, organization, theme, color };
  };

  app.get(
    '/api/app/site',
    { schema: { ...appOpen, operationId: 'getAppSite', summary: 'The organization of the requesting host (name and colour) for the participant app', response: { 200: siteSchema } } },
    async (request): Promise<AppSite> => siteOf(request),
  );

  // Not API calls: the browser fetches them for installing the app; they are left out of the API description.
  app.get(APP_MANIFEST_URL, { schema: { hide: true } }, async (request, reply) =>
    reply.header('Content-Type', 'application/manifest+json; charset=utf-8').header('Cache-Control', 'no-cache').send(JSON.stringify(appManifest(siteOf(request)))),
  );
  app.get(APP_ICON_URL, { schema: { hide: true } }, async (request, reply) =>
    reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'no-cache').send(appIcon(siteOf(request).color)),
  );
};
