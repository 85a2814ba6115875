// npm run dev: the API from source on API_PORT (default 8081), restarted by `node --watch` when a server file
// changes, and the webpack dev server on PORT (default 8080), which reloads the portal and proxies /api to the
// API. Both children are stopped by their process ids when this script ends.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bin, root } from './lib/project.mjs';

const port = process.env.PORT || '8080';
const apiPort = process.env.API_PORT || '8081';
const children = [];

function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.log(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    stopAll(code || 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  // webpack-dev-server and node --watch both stop on SIGTERM; give them a moment before leaving.
  setTimeout(() => process.exit(exitCode), 1500).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

start(
  'API',
  process.execPath,
  ['--watch', '--require', path.join(root, 'scripts', 'lib', 'register-ts.cjs'), path.join(root, 'src', 'server', 'main.ts')],
  { PORT: apiPort, HOST: process.env.API_HOST || '127.0.0.1', PUBLIC_DIR: process.env.PUBLIC_DIR || path.join(root, 'public') },
);
// Run webpack's own entry with node (not through npx), so that this process holds the real child's id.
start('portal', process.execPath, [bin('webpack'), 'serve', '--mode', 'development'], { PORT: port, API_PORT: apiPort });
console.log(`[dev] portal: http://localhost:${port}  API: http://127.0.0.1:${apiPort}`);
