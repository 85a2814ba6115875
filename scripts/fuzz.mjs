// npm run fuzz: a longer search by the generated (fast-check) tests than npm test's fixed seed makes. Every
// test file that uses fast-check runs with a random seed (printed first) and FUZZ_RUNS (default 5) times each
// property's runs, on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. A failure is replayed with the
// printed FUZZ_SEED and FUZZ_RUNS; its counterexample then becomes a plain regression test.
// Usage: npm run fuzz [-- <test files> <jest options>]; FUZZ_SEED and FUZZ_RUNS may be set.
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bin, heading, root, run } from './lib/project.mjs';

/** The unit test files that import fast-check (the browser suite has none). */
function generatedSuites(dir = path.join(root, '__tests__')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'e2e' ? [] : generatedSuites(file);
    return entry.name.endsWith('.test.ts') && /from 'fast-check'/.test(readFileSync(file, 'utf8')) ? [path.relative(root, file)] : [];
  });
}

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('-'));
const options = args.filter((a) => a.startsWith('-'));
const suites = files.length > 0 ? files : generatedSuites();
const seed = process.env.FUZZ_SEED ?? String(randomInt(1, 2 ** 31 - 10_000));
const runs = process.env.FUZZ_RUNS ?? '5';

heading(`Generated tests with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
for (const suite of suites) console.log(`  ${suite}`);
const code = await run(bin('jest'), ['--selectProjects', 'shared', 'server', ...options, ...suites], {
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
console.log(
  code === 0
    ? `\nNo counterexample with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}.`
    : `\nFAILED. Replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npx jest <file>; then make the counterexample a plain regression test.`,
);
process.exit(code);
