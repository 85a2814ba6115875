// GET /api/config: branding and organization for the requesting host, so browser and server always agree.
import type { FastifyPluginAsync } from 'fastify';
import { brandingForHost, hostnameOf } from '../../shared/branding';
import type { SiteConfig } from '../../shared/types/identity';
import { noAuth } from './schemas/common';

/** Exactly SiteConfig: every field is always answered. */
const siteConfigSchema = {
  type: 'object',
  required: [
    'hostname',
    'subdomain',
    'theme',
    'color',
    'siteName',
    'organization',
    'isMainHost',
    'subdomainAllowed',
    'organizationNames',
    'mainHostUrl',
    'qaTools',
    'coordinator',
    'privacyPolicyUrl',
    'poweredBy',
    'sessionHours',
    'timezones',
  ],
  properties: {
    hostname: { type: 'string' },
    subdomain: { type: ['string', 'null'] },
    theme: { type: 'string', enum: ['light', 'dark'] },
    color: { type: 'string' },
    siteName: { type: 'string' },
    organization: { type: 'integer', enum: [1, 2] },
    isMainHost: { type: 'boolean' },
    subdomainAllowed: { type: 'boolean' },
    organizationNames: { type: 'object', additionalProperties: { type: 'string' } },
    mainHostUrl: { type: 'string' },
    qaTools: { type: 'boolean' },
    coordinator: { type: 'object', required: ['phone', 'email'], properties: { phone: { type: 'string' }, email: { type: 'string' } } },
    privacyPolicyUrl: { type: 'string' },
    poweredBy: { type: 'string' },
    sessionHours: { type: 'integer' },
    timezones: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const configRoutes: FastifyPluginAsync = async (app) => {
  const schema = {
    tags: ['site'],
    security: noAuth,
    operationId: 'getSiteConfig',
    summary: 'Branding, organization and site settings for the requesting host',
    response: { 200: siteConfigSchema },
  };
  app.get('/api/config', { schema }, async (request): Promise<SiteConfig> => {
    const { config } = app.ctx;
    const host = request.host;
    const branding = brandingForHost(host, config.branding);
    const port = host.slice(hostnameOf(host).length);
    const mainHost = branding.isMainHost ? host : `${config.branding.mainHost}${port}`;
    return {
      ...branding,
      organizationNames: config.organizationNames,
      mainHostUrl: `${request.protocol}://${mainHost}`,
      qaTools: config.qaTools,
      coordinator: config.coordinator,
      privacyPolicyUrl: config.privacyPolicyUrl,
      poweredBy: 'Powered by the Research Study Portal',
      sessionHours: config.sessionHours,
      timezones: config.timezones,
    };
  });
};
