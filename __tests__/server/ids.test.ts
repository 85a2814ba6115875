// Record ids: 24 hex characters beginning with the second; the answers' ids rise within a second, so their
// tables grow at the end, and still differ between two processes (a random part).
import { newId, newIds, newSequentialId } from '../../src/server/ids';

const HEX_24 = /^[0-9a-f]{24}$/;

describe('record ids', () => {
  it('are 24 hex characters that begin with the second they were made in', () => {
    const before = Math.floor(Date.now() / 1000);
    const ids = [newId(), newSequentialId(), ...newIds(3)];
    const after = Math.floor(Date.now() / 1000);
    for (const id of ids) {
      expect(id).toMatch(HEX_24);
      const second = parseInt(id.slice(0, 8), 16);
      expect(second).toBeGreaterThanOrEqual(before);
      expect(second).toBeLessThanOrEqual(after);
    }
  });

  it('made for answers, rise one after the other and never repeat', () => {
    const ids = Array.from({ length: 10_000 }, () => newSequentialId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i += 1) {
      // Within one second the counter orders them; a new second orders them by itself.
      expect(ids[i] > ids[i - 1]).toBe(true);
    }
  });

  it('made for answers, keep 40 random bits after the counter', () => {
    const tails = new Set(Array.from({ length: 1000 }, () => newSequentialId().slice(14)));
    expect(tails.size).toBe(1000);
  });
});
