// A seeded pseudo-random generator (issue 34, random allocation): the same seed gives the same numbers in the
// browser and on the server, so an allocation can be repeated from its recorded seed. Mulberry32 (Tommy
// Ettinger, public domain): 32 bits of state, a full period of 2^32, good enough to shuffle small blocks; not
// for secrets. No package of the project offers one (pure-rand is only a test tool's dependency).

/** Seeds are whole numbers from 0 to this, so that they fit an integer column on both databases. */
export const MAX_SEED = 2_147_483_647;

/** A generator of numbers in [0, 1), each call the next of the seed's sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A Fisher-Yates shuffle of a copy, drawing from the given generator. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
