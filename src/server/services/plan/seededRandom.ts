// A reproducible random stream: the plan's randomised prompt times are drawn from the seed stored with the
// arrival, so the same seed and settings give the same plan again (to explain or check it).
import { createHash, randomBytes } from 'node:crypto';

export function newPlanSeed(): string {
  return randomBytes(16).toString('hex');
}

/** Uniform numbers in [0, 1) from sfc32, seeded by the SHA-256 of the seed and the stream's name. */
export function seededRandom(seed: string, stream: string): () => number {
  const digest = createHash('sha256').update(`${seed}:${stream}`).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}
