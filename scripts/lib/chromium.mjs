// Where the browser suite finds Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function chromiumFound() {
  return existsSync(chromiumPath());
}
