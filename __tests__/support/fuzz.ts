// The generated (fast-check) tests' seed and length, one place for all of them. `npm test` runs them with a
// fixed seed, so a run passes or fails the same way every time; `npm run fuzz` searches longer with a random
// seed. FUZZ_SEED replays a run (fast-check's failure shows it too), FUZZ_RUNS multiplies every property's runs.
import fc from 'fast-check';

export const DEFAULT_FUZZ_SEED = 20240917;

function numberFrom(name: string, fallback: number, valid: (n: number) => boolean): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!valid(value)) throw new Error(`${name}=${text} is not a valid value`);
  return value;
}

/** fast-check takes a 32-bit seed. */
export const FUZZ_SEED = numberFrom('FUZZ_SEED', DEFAULT_FUZZ_SEED, (n) => Number.isSafeInteger(n) && Math.abs(n) < 2 ** 31);
export const FUZZ_RUNS = numberFrom('FUZZ_RUNS', 1, (n) => Number.isFinite(n) && n > 0);

/** A property's runs in `npm test`, multiplied by FUZZ_RUNS. */
export function fuzzRuns(numRuns: number): { numRuns: number } {
  return { numRuns: Math.max(1, Math.round(numRuns * FUZZ_RUNS)) };
}

/** A generated test file's time limit (jest.setTimeout), multiplied by FUZZ_RUNS as its runs are. */
export function fuzzTimeout(ms: number): number {
  return Math.round(ms * Math.max(1, FUZZ_RUNS));
}

/** Every runner's defaults (jest's setupFiles): the seed, and fast-check's 100 runs multiplied. */
export function configureFuzz(): void {
  fc.configureGlobal({ seed: FUZZ_SEED, ...fuzzRuns(100) });
}

export function fuzzSummary(): string {
  return `Generated tests (fast-check): FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} (set both to replay a run; npm run fuzz searches with a random seed)`;
}
