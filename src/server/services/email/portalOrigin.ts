// The address the server writes into its emails: the portal's host of a lab's organization, from the settings
// (PORTAL_MAIN_HOST, the dark subdomain for organization 2), never from a request's Host header, which the
// caller chooses. The participant app is under it (/app).
import type { Config } from '../../config';

/** The organization's host: organization 2's labs are served on the dark subdomain, organization 1's on the main host. */
export function organizationHost(branding: Config['branding'], organization: number): string {
  const { mainHost, darkSubdomain } = branding;
  return organization === 2 ? `${darkSubdomain}.${mainHost}` : mainHost;
}

/**
 * https on the organization's host; on a machine of its own (PORTAL_MAIN_HOST localhost, as `npm start` runs) plain
 * http with the port the server listens on, as its start banner prints the addresses.
 */
export function portalOrigin(config: Pick<Config, 'branding' | 'port'>, organization: number): string {
  const host = organizationHost(config.branding, organization);
  if (config.branding.mainHost === 'localhost') return `http://${host}${config.port === 80 ? '' : `:${config.port}`}`;
  return `https://${host}`;
}
