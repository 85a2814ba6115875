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

// What each half of the build reads: a change to any of these makes that half of dist/ stale. The pages and the
// server are built apart, so that a change to the server alone rebuilds only the server (tsc, seconds), not the
// pages (webpack, a minute).
const sharedInputs = ['src/shared', 'package.json', 'tsconfig.json'];
const serverInputs = [...sharedInputs, 'src/server', 'tsconfig.server.json'];
const clientInputs = [
  ...sharedInputs,
  'src/client',
  'src/participant',
  'src/ui',
  'src/types.d.ts',
  'public',
  'webpack.config.js',
  // The webpack plugins and loader the configuration uses.
  'scripts/lib/precompress-plugin.cjs',
  'scripts/lib/first-load-guard.cjs',
  'scripts/lib/app-budget-guard.cjs',
  'scripts/lib/bootstrap-subset.cjs',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows as a newer folder
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why one half must be rebuilt (an output missing or older than an input), or null when it is up to date. */
function staleReason(outputs, inputs) {
  for (const output of outputs) {
    if (!existsSync(output)) return `${path.relative(root, output)} is missing`;
  }
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  for (const input of inputs) {
    if (newestMtime(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

/**
 * Why the pages and why the server must be rebuilt, each null when up to date. The pages' time is their
 * index.html files', which every webpack build rewrites (output.compareBeforeEmit is off in webpack.config.js).
 */
export function staleBuild() {
  return { client: staleReason([portalIndex, appIndex], clientInputs), server: staleReason([serverEntry], serverInputs) };
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

/** Builds the pages and the server, each when it is missing or older than its sources; resolves to an exit code. */
export async function buildIfNeeded({ quiet = false } = {}) {
  const stale = staleBuild();
  if (stale.client === null && stale.server === null) {
    if (!quiet) console.log('The build is up to date.');
    return 0;
  }
  for (const [half, reason] of [['client', stale.client], ['server', stale.server]]) {
    if (reason === null) continue;
    console.log(`Building the ${half === 'client' ? 'pages' : 'server'} (${reason}): npm run build:${half}`);
    const code = await run(npm, ['run', `build:${half}`]);
    if (code !== 0) return code;
  }
  return 0;
}

/** A plain heading that stands out in a long log. */
export function heading(text) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(3, 72 - text.length))}`);
}
