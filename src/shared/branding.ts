// Branding and organization follow the host's first label (part 1 section 1; DECISIONS.md "Hosts").
// The server computes this for GET /api/config and for its own checks; the browser uses the answer.
import type { Organization } from './organizations';

export interface BrandingSettings {
  mainHost: string;
  darkSubdomain: string;
  siteName: string;
  darkSiteName: string;
  allowedSubdomains: string[] | null;
}

export type Theme = 'light' | 'dark';

export interface HostBranding {
  hostname: string;
  subdomain: string | null;
  theme: Theme;
  color: string;
  siteName: string;
  organization: Organization;
  isMainHost: boolean;
  subdomainAllowed: boolean;
}

export const THEME_COLORS: Record<Theme, string> = { light: '#c2410c', dark: '#198754' };

export const ADMIN_PORTAL_SUFFIX = ' Admin Portal';

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]']);

function isIpLiteral(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
}

/** The host name without its port, lower-cased. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon >= 0 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

export function subdomainOf(hostname: string, mainHost: string): string | null {
  if (hostname === mainHost || isIpLiteral(hostname)) return null;
  const labels = hostname.split('.');
  return labels.length > 1 ? labels[0] : null;
}

export function isMainHostname(hostname: string, mainHost: string): boolean {
  if (hostname === mainHost) return true;
  return mainHost === 'localhost' && LOOPBACK.has(hostname);
}

export function brandingForHost(host: string, settings: BrandingSettings): HostBranding {
  const hostname = hostnameOf(host);
  const subdomain = subdomainOf(hostname, settings.mainHost);
  const dark = subdomain !== null && subdomain === settings.darkSubdomain;
  const theme: Theme = dark ? 'dark' : 'light';
  return {
    hostname,
    subdomain,
    theme,
    color: THEME_COLORS[theme],
    siteName: dark ? settings.darkSiteName : settings.siteName,
    organization: dark ? 2 : 1,
    isMainHost: isMainHostname(hostname, settings.mainHost),
    subdomainAllowed:
      subdomain === null || settings.allowedSubdomains === null || settings.allowedSubdomains.includes(subdomain),
  };
}

/** The host one label up (dark.example.org:8080 -> example.org:8080), where system owner pages redirect. */
export function parentHost(host: string): string {
  const hostname = hostnameOf(host);
  const port = host.slice(hostname.length);
  const labels = hostname.split('.');
  return (labels.length > 1 && !isIpLiteral(hostname) ? labels.slice(1).join('.') : hostname) + port;
}
