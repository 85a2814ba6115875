// npm test: type-check, lint, the unit suites (shared, server, client), then the browser suite against the
// built product in Chromium. Stops at the first part that fails. `--e2e-only` runs just the browser suite.
// The last line is a plain summary of the jest tests run: "N passed, N failed".
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bin, buildIfNeeded, heading, run } from './lib/project.mjs';
import { chromiumFound, chromiumPath } from './lib/chromium.mjs';

const e2eOnly = process.argv.includes('--e2e-only');
const ci = process.env.CI === 'true';
const resultsDir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const totals = { passed: 0, failed: 0 };

/** Adds a jest run's counts; a suite that could not run (a syntax error, a failing hook) counts as failed. */
function count(resultFile) {
  try {
    const result = JSON.parse(readFileSync(resultFile, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests + result.numRuntimeErrorTestSuites;
  } catch {
    // jest stopped before writing its results; the exit code tells the failure.
  }
}

async function jest(name, args) {
  const resultFile = path.join(resultsDir, `${name}.json`);
  const code = await run(bin('jest'), [...args, '--json', '--outputFile', resultFile]);
  count(resultFile);
  return code;
}

function finish(code, note) {
  if (note) console.log(`\n${note}`);
  rmSync(resultsDir, { recursive: true, force: true });
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

async function step(title, command, args) {
  heading(title);
  const code = await run(command, args);
  if (code !== 0) {
    totals.failed += 1; // the step itself, so the summary never reads "0 failed" for a failed run
    finish(code, `FAILED: ${title}`);
  }
}

if (!e2eOnly) {
  await step('Type-check (tsc --noEmit -p tsconfig.json)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  await step('Lint (eslint .)', bin('eslint'), ['.']);
  heading('Unit tests (jest: shared, server, client)');
  const unit = await jest('unit', ['--selectProjects', 'shared', 'server', 'client', '--passWithNoTests']);
  if (unit !== 0) finish(unit, 'FAILED: unit tests');
}

heading('Browser tests (jest: e2e, real server and Chromium)');
if (!chromiumFound()) {
  const message = `Chromium not found at ${chromiumPath()}.`;
  if (ci) finish(1, `FAILED: ${message} CI needs it: sudo apt-get install -y chromium`);
  finish(0, `Browser suite skipped: Chromium not found. Install it with: sudo apt-get install -y chromium`);
}
const built = await buildIfNeeded();
if (built !== 0) {
  totals.failed += 1;
  finish(built, 'FAILED: npm run build (needed by the browser tests)');
}
const e2e = await jest('e2e', ['--selectProjects', 'e2e', '--runInBand']);
finish(e2e, e2e === 0 ? 'All parts passed.' : 'FAILED: browser tests');
