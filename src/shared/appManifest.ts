// The participant app's Web App Manifest and icon for one organization's host, so that it installs to the home
// screen under that organization's name and colours. The server answers them per host (routes/appSite.ts).
import type { AppSite } from './types/participantApp';

export const APP_START_URL = '/app/';
export const APP_ICON_URL = '/app/icon.svg';
export const APP_MANIFEST_URL = '/app/manifest.webmanifest';

export interface WebAppManifest {
  name: string;
  short_name: string;
  id: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

export function appManifest(site: AppSite): WebAppManifest {
  return {
    name: site.siteName,
    // A home screen shows about twelve characters under the icon.
    short_name: site.siteName.length <= 12 ? site.siteName : `${site.siteName.slice(0, 11)}…`,
    id: APP_START_URL,
    start_url: APP_START_URL,
    scope: APP_START_URL,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: site.color,
    icons: [{ src: APP_ICON_URL, sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' }],
  };
}

/** A square in the organization's colour with a white tick, drawn inside the maskable safe zone. */
export function appIcon(color: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">' +
    `<rect width="512" height="512" fill="${color}"/>` +
    '<path d="M160 264l64 64 128-144" fill="none" stroke="#fff" stroke-width="40" stroke-linecap="round" stroke-linejoin="round"/>' +
    '</svg>'
  );
}
