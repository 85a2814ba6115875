import path from 'node:path';
import webPush from 'web-push';
import { ConfigError, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('has a default for every setting that runs the portal on one machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      systemOwnerEmail: 'owner@localhost',
      systemOwnerPassword: null,
      sessionHours: 12,
      sessionSecret: null,
      branding: { mainHost: 'localhost', darkSubdomain: 'dark', siteName: 'Research Study', darkSiteName: 'Research Study Green', allowedSubdomains: null },
      organizationNames: { '1': 'Organization 1', '2': 'Organization 2' },
      qaTools: false,
      login: { maxPerAccount: 10, maxPerAddress: 50, windowMinutes: 15 },
      bodyLimitBytes: 1048576,
      logLevel: 'info',
      trustProxy: false,
      timezones: ['Asia/Hong_Kong'],
    });
    expect(path.isAbsolute(config.publicDir)).toBe(true);
    expect(config.publicDir.endsWith(`${path.sep}public`)).toBe(true);
  });

  it('reads each setting from the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/portal-data',
      DATABASE_URL: 'postgresql://user@db:5432/portal',
      SYSTEM_OWNER_EMAIL: 'Boss@Example.org',
      SYSTEM_OWNER_PASSWORD: 'long-enough',
      SESSION_HOURS: '2',
      SESSION_SECRET: 's'.repeat(32),
      PORTAL_MAIN_HOST: 'Portal.Example.org',
      PORTAL_DARK_SUBDOMAIN: 'Green',
      PORTAL_SITE_NAME: 'Mood',
      PORTAL_DARK_SITE_NAME: 'Mood Green',
      PORTAL_ALLOWED_SUBDOMAINS: ' green , Clinic ,,',
      PORTAL_ORG_NAMES: ' Alpha , Beta ',
      PORTAL_QA_TOOLS: 'yes',
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3',
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '7',
      LOGIN_WINDOW_MINUTES: '5',
      BODY_LIMIT_BYTES: '2048',
      TRUST_PROXY: 'true',
      PUBLIC_DIR: '/srv/portal',
      PORTAL_TIMEZONES: ' Asia/Hong_Kong , europe/london,,Asia/Hong_Kong',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/tmp/portal-data',
      databaseUrl: 'postgresql://user@db:5432/portal',
      systemOwnerEmail: 'boss@example.org',
      systemOwnerPassword: 'long-enough',
      sessionHours: 2,
      sessionSecret: 's'.repeat(32),
      branding: { mainHost: 'portal.example.org', darkSubdomain: 'green', siteName: 'Mood', darkSiteName: 'Mood Green', allowedSubdomains: ['green', 'clinic'] },
      organizationNames: { '1': 'Alpha', '2': 'Beta' },
      qaTools: true,
      login: { maxPerAccount: 3, maxPerAddress: 7, windowMinutes: 5 },
      bodyLimitBytes: 2048,
      trustProxy: true,
      publicDir: '/srv/portal',
      timezones: ['Asia/Hong_Kong', 'Europe/London'],
    });
  });

  it('treats blank settings as unset', () => {
    const config = loadConfig({ PORT: '  ', DATABASE_URL: ' ', SESSION_SECRET: '', PORTAL_SITE_NAME: '  ', PORTAL_ALLOWED_SUBDOMAINS: ' ' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: null, sessionSecret: null, branding: { siteName: 'Research Study', allowedSubdomains: null } });
  });

  it.each([
    ['PORT', 'http'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['SESSION_HOURS', '0'],
    ['LOGIN_MAX_ATTEMPTS_PER_ACCOUNT', '0'],
    ['BODY_LIMIT_BYTES', '10'],
  ])('refuses %s=%s with a ConfigError naming the setting', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} `));
  });

  it('refuses a SYSTEM_OWNER_PASSWORD under 8 characters', () => {
    expect(() => loadConfig({ SYSTEM_OWNER_PASSWORD: '1234567' })).toThrow(ConfigError);
    expect(() => loadConfig({ SYSTEM_OWNER_PASSWORD: '1234567' })).toThrow(/SYSTEM_OWNER_PASSWORD/);
    expect(loadConfig({ SYSTEM_OWNER_PASSWORD: '12345678' }).systemOwnerPassword).toBe('12345678');
  });

  it.each(['mysql://root@db/portal', 'sqlite:./data/portal.sqlite', 'postgres:/missing-slash'])('refuses DATABASE_URL=%s', (url) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/DATABASE_URL/);
  });

  it.each(['Only One', 'A,B,C', 'A,', ',B', 'A, ,'])('refuses PORTAL_ORG_NAMES=%s', (names) => {
    expect(() => loadConfig({ PORTAL_ORG_NAMES: names })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_ORG_NAMES: names })).toThrow(/PORTAL_ORG_NAMES/);
  });

  it.each(['Mars/Olympus_Mons', 'Asia/Hong_Kong,Hong Kong', ' , '])('refuses PORTAL_TIMEZONES=%s naming the setting', (zones) => {
    expect(() => loadConfig({ PORTAL_TIMEZONES: zones })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_TIMEZONES: zones })).toThrow(/^PORTAL_TIMEZONES /);
  });

  describe('Web Push (VAPID)', () => {
    const pair = webPush.generateVAPIDKeys();

    it('makes its keys itself unless both are set; the subject defaults to the mail sender, else the system owner', () => {
      expect(loadConfig({}).vapid).toEqual({ keys: null, subject: 'mailto:owner@localhost' });
      expect(loadConfig({ SYSTEM_OWNER_EMAIL: 'Boss@Example.org' }).vapid.subject).toBe('mailto:boss@example.org');
      expect(loadConfig({ MAIL_FROM: 'Mood Study <study@example.org>' }).vapid.subject).toBe('mailto:study@example.org');
      expect(loadConfig({ MAIL_FROM: 'study@example.org' }).vapid.subject).toBe('mailto:study@example.org');
      expect(loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'https://study.example.org/contact' }).vapid).toEqual({
        keys: pair,
        subject: 'https://study.example.org/contact',
      });
      expect(loadConfig({}).pushIntervalSeconds).toBe(10);
      expect(loadConfig({ PUSH_INTERVAL_SECONDS: '60' }).pushIntervalSeconds).toBe(60);
    });

    it('reads PUSH_ENDPOINT_HOSTS as the hosts an endpoint names them (lowercase, no port 443, IPv6 in brackets)', () => {
      expect(loadConfig({}).pushEndpointHosts).toEqual([]);
      expect(loadConfig({ PUSH_ENDPOINT_HOSTS: ' Push.Example.org , 127.0.0.1:8443,[::1]:9000, push.example.net:443' }).pushEndpointHosts).toEqual([
        'push.example.org',
        '127.0.0.1:8443',
        '[::1]:9000',
        'push.example.net',
      ]);
    });

    it.each([
      ['one key alone', { VAPID_PUBLIC_KEY: pair.publicKey }, /^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/],
      ['keys of two pairs', { VAPID_PUBLIC_KEY: webPush.generateVAPIDKeys().publicKey, VAPID_PRIVATE_KEY: pair.privateKey }, /^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair/],
      ['a key that is no key', { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'not-a-key' }, /^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair/],
      ['a subject that is no contact', { VAPID_SUBJECT: 'study@example.org' }, /^VAPID_SUBJECT /],
      ['an interval of 0', { PUSH_INTERVAL_SECONDS: '0' }, /^PUSH_INTERVAL_SECONDS /],
      ['an endpoint host given as an address', { PUSH_ENDPOINT_HOSTS: 'https://push.example.org/' }, /^PUSH_ENDPOINT_HOSTS .*https:\/\/push\.example\.org\//],
      ['an endpoint host with a wildcard', { PUSH_ENDPOINT_HOSTS: 'push.example.org,*.example.org' }, /^PUSH_ENDPOINT_HOSTS .*\*\.example\.org/],
      ['an endpoint host with a port that is none', { PUSH_ENDPOINT_HOSTS: 'push.example.org:99999' }, /^PUSH_ENDPOINT_HOSTS /],
    ])('refuses %s with a ConfigError naming the setting', (_name, env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });

  it('refuses a SESSION_SECRET under 32 characters', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short-secret' })).toThrow(ConfigError);
  });

  it('makes ConfigError an Error, so that a plain catch sees it', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toBeInstanceOf(ConfigError);
  });
});
