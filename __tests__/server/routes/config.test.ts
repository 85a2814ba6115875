import { createTestApp, databases, json, OWNER_EMAIL, OWNER_PASSWORD, type TestApp } from '../support/testApp';
import { send } from '../support/api';
import { THEME_COLORS } from '../../../src/shared/branding';
import { generalMessages } from '../../../src/shared/messages';
import type { SiteConfig } from '../../../src/shared/types/identity';

// Each call that hashes or checks a password takes tens of milliseconds (argon2id), more on a busy machine.
jest.setTimeout(30_000);

describe.each(databases)('GET /api/config (%s)', (database) => {
  async function siteConfig(t: TestApp, host: string): Promise<SiteConfig> {
    const res = await send(t.app, { method: 'GET', url: '/api/config', headers: { host } });
    expect(res.statusCode).toBe(200);
    return json<SiteConfig>(res);
  }

  describe('with the settings of the environment', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database, {
        PORTAL_SITE_NAME: 'Mood Study',
        PORTAL_DARK_SITE_NAME: 'Mood Study Green',
        PORTAL_ORG_NAMES: 'Alpha University,Beta Hospital',
        PORTAL_COORDINATOR_PHONE: '+852 1234 5678',
        PORTAL_COORDINATOR_EMAIL: 'coordinator@study.org',
        PORTAL_PRIVACY_URL: 'https://study.org/privacy',
        PORTAL_QA_TOOLS: 'true',
        SESSION_HOURS: '8',
        PORTAL_ALLOWED_SUBDOMAINS: 'dark, Clinic',
        PORTAL_TIMEZONES: 'Asia/Hong_Kong,Asia/Tokyo',
      });
    });
    afterAll(async () => t.close());

    it('brands the main host light, organization 1, with every site setting', async () => {
      expect(await siteConfig(t, 'localhost')).toEqual({
        hostname: 'localhost',
        subdomain: null,
        theme: 'light',
        color: THEME_COLORS.light,
        siteName: 'Mood Study',
        organization: 1,
        isMainHost: true,
        subdomainAllowed: true,
        organizationNames: { '1': 'Alpha University', '2': 'Beta Hospital' },
        mainHostUrl: 'http://localhost',
        qaTools: true,
        coordinator: { phone: '+852 1234 5678', email: 'coordinator@study.org' },
        privacyPolicyUrl: 'https://study.org/privacy',
        poweredBy: expect.any(String),
        sessionHours: 8,
        timezones: ['Asia/Hong_Kong', 'Asia/Tokyo'],
      });
    });

    it('brands the dark sub-domain dark, organization 2, with the dark site name; it is not the main host', async () => {
      expect(await siteConfig(t, 'dark.localhost:8080')).toMatchObject({
        hostname: 'dark.localhost',
        subdomain: 'dark',
        theme: 'dark',
        color: THEME_COLORS.dark,
        siteName: 'Mood Study Green',
        organization: 2,
        isMainHost: false,
        subdomainAllowed: true,
        mainHostUrl: 'http://localhost:8080',
      });
    });

    it('keeps the port of the main host, and treats the loopback address as the main host', async () => {
      expect(await siteConfig(t, 'localhost:8080')).toMatchObject({ isMainHost: true, mainHostUrl: 'http://localhost:8080', organization: 1 });
      expect(await siteConfig(t, '127.0.0.1:8080')).toMatchObject({ isMainHost: true, subdomain: null, organization: 1, theme: 'light' });
    });

    it('brands any other sub-domain light, organization 1; PORTAL_ALLOWED_SUBDOMAINS refuses an unlisted one', async () => {
      expect(await siteConfig(t, 'blue.localhost')).toMatchObject({ subdomain: 'blue', theme: 'light', organization: 1, isMainHost: false, subdomainAllowed: false });
      expect(await siteConfig(t, 'Clinic.localhost')).toMatchObject({ subdomain: 'clinic', theme: 'light', organization: 1, subdomainAllowed: true });
      expect(await siteConfig(t, 'localhost')).toMatchObject({ subdomainAllowed: true });
    });

    it('answers without a session, even with a broken token', async () => {
      const res = await send(t.app, { method: 'GET', url: '/api/config', token: 'not-a-token' });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a query value holding U+0000 like every call does, with the 400 its description lists', async () => {
      const res = await send(t.app, { method: 'GET', url: '/api/config?theme=%00' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: generalMessages.nulCharacter });
    });
  });

  describe('with another main host and dark sub-domain', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database, { PORTAL_MAIN_HOST: 'Portal.Example.org', PORTAL_DARK_SUBDOMAIN: 'green' });
    });
    afterAll(async () => t.close());

    it('brands the configured dark sub-domain, not "dark", and points to the configured main host', async () => {
      expect(await siteConfig(t, 'GREEN.portal.example.org')).toMatchObject({ theme: 'dark', organization: 2, isMainHost: false, mainHostUrl: 'http://portal.example.org' });
      expect(await siteConfig(t, 'dark.portal.example.org')).toMatchObject({ theme: 'light', organization: 1, subdomainAllowed: true });
      expect(await siteConfig(t, 'portal.example.org')).toMatchObject({ subdomain: null, isMainHost: true });
      expect(await siteConfig(t, '127.0.0.1')).toMatchObject({ isMainHost: false, mainHostUrl: 'http://portal.example.org' });
      expect((await siteConfig(t, 'portal.example.org')).timezones).toEqual(['Asia/Hong_Kong']);
    });

    it('lets the system owner sign in on that main host only', async () => {
      const signIn = (host: string) =>
        send(t.app, { method: 'POST', url: '/api/users/systemowner/login', headers: { host }, payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD } });
      expect((await signIn('portal.example.org')).statusCode).toBe(200);
      expect((await signIn('localhost')).statusCode).toBe(403);
    });
  });
});
