// The participant app's organization per host, without a staff call: GET /api/app/site, the Web App
// Manifest and the icon, on the main host and on the second organization's host.
import { call, createTestApp, databases, json, type TestApp } from '../support/testApp';
import { THEME_COLORS } from '../../../src/shared/branding';
import type { AppSite } from '../../../src/shared/types/participantApp';
import type { WebAppManifest } from '../../../src/shared/appManifest';

describe.each(databases)('the participant app site (%s)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { PORTAL_MAIN_HOST: 'portal.test', PORTAL_DARK_SUBDOMAIN: 'dark' });
  });
  afterAll(() => t.close());

  const hosts = () => [
    { host: 'portal.test', site: { siteName: t.config.branding.siteName, organization: 1, theme: 'light', color: THEME_COLORS.light } },
    { host: 'dark.portal.test:8443', site: { siteName: t.config.branding.darkSiteName, organization: 2, theme: 'dark', color: THEME_COLORS.dark } },
  ];

  it('names the organization of each host, with no session', async () => {
    for (const { host, site } of hosts()) {
      const res = await call(t.app, { method: 'GET', url: '/api/app/site', headers: { host } });
      expect([host, res.statusCode]).toEqual([host, 200]);
      expect(json<AppSite>(res)).toEqual(site);
    }
    expect(t.config.branding.siteName).not.toBe(t.config.branding.darkSiteName);
  });

  it('gives each host a manifest that installs the app under its name and colour', async () => {
    for (const { host, site } of hosts()) {
      const res = await call(t.app, { method: 'GET', url: '/app/manifest.webmanifest', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = json<WebAppManifest>(res);
      expect(manifest).toMatchObject({ name: site.siteName, start_url: '/app/', scope: '/app/', display: 'standalone', theme_color: site.color });
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      expect(manifest.icons).toEqual([expect.objectContaining({ src: '/app/icon.svg', type: 'image/svg+xml' })]);
    }
  });

  it('draws the icon in the host organization colour', async () => {
    for (const { host, site } of hosts()) {
      const res = await call(t.app, { method: 'GET', url: '/app/icon.svg', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toContain(`fill="${site.color}"`);
    }
  });
});
