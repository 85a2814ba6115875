// The address the server writes into its emails: the portal's host of a lab's organization, from the settings
// (PORTAL_MAIN_HOST, the dark subdomain for organization 2), never from a request's Host header, which the
// caller chooses. The participant app is under it (/app).
import type { Config } from '../config';

export function portalOrigin(config: Pick<Config, 'branding' | 'port'>, organization: number): string {
  const { mainHost, darkSubdomain } = config.branding;
  if (mainHost === 'localhost') return `http://localhost:${config.port}`;
  return `https://${organization === 2 ? `${darkSubdomain}.${mainHost}` : mainHost}`;
}
