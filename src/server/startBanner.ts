// What the server says on the console once it listens: the addresses to open (each organization's host, the
// system owner's sign-in and the participant app) and how to stop and reset it. Plain text for the person who
// ran `npm start`; the log lines stay JSON.
import path from 'node:path';
import type { Config } from './config';

/** `http://host:port` for a hostname, without the port when it is HTTP's own. */
function origin(hostname: string, port: number): string {
  return `http://${hostname}${port === 80 ? '' : `:${port}`}`;
}

/** A folder as the person typed it: ./data inside the working folder, else in full. */
function shownFolder(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : folder;
}

/** The lines printed once the server listens on `port` (the one it got, when PORT is 0). */
export function startBanner(config: Config, port: number): string {
  const { mainHost, darkSubdomain, siteName, darkSiteName } = config.branding;
  const main = origin(mainHost, port);
  const lines = [
    '',
    `The portal is ready. Open ${main}`,
    `  ${siteName} (organization 1): ${main}/login`,
    `  ${darkSiteName} (organization 2): ${origin(`${darkSubdomain}.${mainHost}`, port)}/login`,
    `  System owner: ${main}/systemowner/login`,
    `  Participant app: ${main}/app (organization 2: ${origin(`${darkSubdomain}.${mainHost}`, port)}/app)`,
    'Stop it with Ctrl+C.',
  ];
  // Only a database in the data folder is removed with it.
  if (!config.databaseUrl) lines.push(`To start afresh, stop it and delete ${shownFolder(config.dataDir)} (DATA_DIR).`);
  return `${lines.join('\n')}\n\n`;
}
