// npm start: builds the portal and the server when dist/ is missing or stale, then serves both exactly as
// `npm run serve` does. SIGINT and SIGTERM are passed to the server, which shuts down gracefully.
import { spawn } from 'node:child_process';
import { buildIfNeeded, root, serverEntry } from './lib/project.mjs';

const built = await buildIfNeeded({ quiet: true });
if (built !== 0) {
  console.error('The build failed; the server was not started.');
  process.exit(built);
}

const server = spawn(process.execPath, [serverEntry], { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
