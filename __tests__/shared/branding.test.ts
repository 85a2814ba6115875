import {
  ADMIN_PORTAL_SUFFIX,
  THEME_COLORS,
  brandingForHost,
  hostnameOf,
  isMainHostname,
  parentHost,
  subdomainOf,
  type BrandingSettings,
} from '../../src/shared/branding';

const settings: BrandingSettings = {
  mainHost: 'localhost',
  darkSubdomain: 'dark',
  siteName: 'Research Study',
  darkSiteName: 'Research Study Green',
  allowedSubdomains: null,
};

describe('hostnameOf', () => {
  it.each([
    ['localhost', 'localhost'],
    ['localhost:8080', 'localhost'],
    ['Dark.Example.ORG:443', 'dark.example.org'],
    ['  example.org  ', 'example.org'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:8080', '[::1]'],
    ['[::1]', '[::1]'],
    ['::1', '::1'],
    ['[2001:db8::1]:3000', '[2001:db8::1]'],
  ])('%j -> %j', (host, expected) => {
    expect(hostnameOf(host)).toBe(expected);
  });
});

describe('subdomainOf', () => {
  it.each([
    ['localhost', 'localhost', null],
    ['dark.localhost', 'localhost', 'dark'],
    ['dark.example.org', 'example.org', 'dark'],
    ['example.org', 'example.org', null],
    ['a.b.example.org', 'example.org', 'a'],
    ['127.0.0.1', 'localhost', null],
    ['192.0.2.7', 'example.org', null],
    ['[::1]', 'localhost', null],
    ['intranet', 'example.org', null],
  ])('%j on main host %j -> %j', (hostname, mainHost, expected) => {
    expect(subdomainOf(hostname, mainHost)).toBe(expected);
  });
});

describe('isMainHostname', () => {
  it('matches the main host, and the loopback addresses only when the main host is localhost', () => {
    expect(isMainHostname('localhost', 'localhost')).toBe(true);
    expect(isMainHostname('127.0.0.1', 'localhost')).toBe(true);
    expect(isMainHostname('[::1]', 'localhost')).toBe(true);
    expect(isMainHostname('dark.localhost', 'localhost')).toBe(false);
    expect(isMainHostname('example.org', 'example.org')).toBe(true);
    expect(isMainHostname('127.0.0.1', 'example.org')).toBe(false);
    expect(isMainHostname('www.example.org', 'example.org')).toBe(false);
  });
});

describe('brandingForHost', () => {
  it('brands the main host light, orange, organization 1', () => {
    expect(brandingForHost('localhost:8080', settings)).toEqual({
      hostname: 'localhost',
      subdomain: null,
      theme: 'light',
      color: THEME_COLORS.light,
      siteName: 'Research Study',
      organization: 1,
      isMainHost: true,
      subdomainAllowed: true,
    });
  });

  it('brands the dark sub-domain dark, green, organization 2, with the dark site name', () => {
    expect(brandingForHost('DARK.localhost:8080', settings)).toEqual({
      hostname: 'dark.localhost',
      subdomain: 'dark',
      theme: 'dark',
      color: THEME_COLORS.dark,
      siteName: 'Research Study Green',
      organization: 2,
      isMainHost: false,
      subdomainAllowed: true,
    });
  });

  it('brands every other sub-domain, and IP addresses, like the main host, without making them the main host', () => {
    for (const host of ['blue.localhost', 'www.example.org', '192.0.2.7:8080']) {
      expect(brandingForHost(host, settings)).toMatchObject({ theme: 'light', organization: 1, siteName: 'Research Study', isMainHost: false });
    }
  });

  it('follows the configured dark sub-domain and main host', () => {
    const custom = { ...settings, mainHost: 'portal.example.org', darkSubdomain: 'green' };
    expect(brandingForHost('green.portal.example.org', custom)).toMatchObject({ theme: 'dark', organization: 2, isMainHost: false });
    expect(brandingForHost('dark.portal.example.org', custom)).toMatchObject({ theme: 'light', organization: 1 });
    expect(brandingForHost('portal.example.org:443', custom)).toMatchObject({ subdomain: null, isMainHost: true, organization: 1 });
  });

  it('allows every sub-domain without a list, and only the listed ones (and none at all) with one', () => {
    expect(brandingForHost('anything.localhost', settings).subdomainAllowed).toBe(true);
    const listed = { ...settings, allowedSubdomains: ['dark', 'clinic'] };
    expect(brandingForHost('anything.localhost', listed).subdomainAllowed).toBe(false);
    expect(brandingForHost('clinic.localhost', listed).subdomainAllowed).toBe(true);
    expect(brandingForHost('dark.localhost', listed).subdomainAllowed).toBe(true);
    expect(brandingForHost('localhost', listed).subdomainAllowed).toBe(true);
    expect(brandingForHost('127.0.0.1', listed).subdomainAllowed).toBe(true);
    expect(brandingForHost('anything.localhost', { ...settings, allowedSubdomains: [] }).subdomainAllowed).toBe(false);
  });

  it('uses orange for light and green for dark', () => {
    expect(THEME_COLORS).toEqual({ light: '#c2410c', dark: '#198754' });
    expect(ADMIN_PORTAL_SUFFIX).toBe(' Admin Portal');
  });
});

describe('parentHost', () => {
  it.each([
    ['dark.example.org:8080', 'example.org:8080'],
    ['dark.example.org', 'example.org'],
    ['a.b.example.org', 'b.example.org'],
    ['dark.localhost:8080', 'localhost:8080'],
    ['Dark.Localhost:8080', 'localhost:8080'],
    ['localhost:8080', 'localhost:8080'],
    ['localhost', 'localhost'],
    ['127.0.0.1:8080', '127.0.0.1:8080'],
    ['192.0.2.7', '192.0.2.7'],
    ['[::1]:8080', '[::1]:8080'],
  ])('%j -> %j', (host, expected) => {
    expect(parentHost(host)).toBe(expected);
  });
});
