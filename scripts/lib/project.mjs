// Helpers shared by the project's scripts: where things are, whether the build is stale, and running a
// command with its output shown and its exit code returned.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverEntry = path.join(root, 'dist', 'server', 'server', 'main.js');
export const portalIndex = path.join(root, 'dist', 'public', 'index.html');
export const appIndex = path.join(root, 'dist', 'public', 'app', 'index.html');

/** A binary installed in node_modules/.bin. */
export function bin(name) {
  return path.join(root, 'node_modules', '.bin', name);
}

// What the build reads: a change to any of these makes dist/ stale.
const buildInputs = [
  'src',
  'public',
  'package.json',
  'webpack.config.js',
  // The webpack plugins and loader the configuration uses.
  'scripts/lib/precompress-plugin.cjs',
  'scripts/lib/first-load-guard.cjs',
  'scripts/lib/app-budget-guard.cjs',
  'scripts/lib/bootstrap-subset.cjs',
  'tsconfig.json',
  'tsconfig.server.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows as a newer folder
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleBuildReason() {
  for (const output of [portalIndex, appIndex, serverEntry]) {
    if (!existsSync(output)) return `${path.relative(root, output)} is missing`;
  }
  const built = Math.min(statSync(portalIndex).mtimeMs, statSync(serverEntry).mtimeMs);
  for (const input of buildInputs) {
    if (newestMtime(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

/** Runs a command with inherited output; resolves to its exit code (1 when it could not start). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Builds the portal and the server when dist/ is missing or older than its sources. */
export async function buildIfNeeded({ quiet = false } = {}) {
  const reason = staleBuildReason();
  if (reason === null) {
    if (!quiet) console.log('The build is up to date.');
    return 0;
  }
  console.log(`Building (${reason}): npm run build`);
  return run(npm, ['run', 'build']);
}

/** A plain heading that stands out in a long log. */
export function heading(text) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(3, 72 - text.length))}`);
}
