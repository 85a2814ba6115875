// Random allocation by balanced blocks (issue 34, part 4): every full block holds each group in its ratio, the
// same seed gives the same list, another seed another, and the rules refuse what cannot be allocated.
import { allocationMessages, allocationProblem, allocationSlots, MAX_SEED, type AllocationFields } from '../../src/shared/allocation';
import { seededRandom, shuffled } from '../../src/shared/seededRandom';

function countsOf(groups: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const g of groups) counts[g] = (counts[g] ?? 0) + 1;
  return counts;
}

describe('allocationSlots', () => {
  it.each([
    { groups: ['A', 'B'], ratios: [1, 1], blockSize: 4, expected: { A: 2, B: 2 } },
    { groups: ['A', 'B'], ratios: [2, 1], blockSize: 6, expected: { A: 4, B: 2 } },
    { groups: ['A', 'B', 'C'], ratios: [1, 1, 1], blockSize: 3, expected: { A: 1, B: 1, C: 1 } },
    { groups: ['A', 'B', 'C'], ratios: [3, 2, 1], blockSize: 12, expected: { A: 6, B: 4, C: 2 } },
  ])('balances every full block for $groups at $ratios in blocks of $blockSize', ({ groups, ratios, blockSize, expected }) => {
    for (const seed of [0, 1, 42, 123_456, MAX_SEED]) {
      const count = blockSize * 5 + 1;
      const slots = allocationSlots(count, groups, ratios, blockSize, seed);
      expect(slots).toHaveLength(count);
      for (let block = 1; block <= 5; block += 1) {
        const inBlock = slots.filter((s) => s.block === block);
        expect(inBlock.map((s) => s.position)).toEqual(Array.from({ length: blockSize }, (_, i) => i + 1));
        expect(countsOf(inBlock.map((s) => s.groupId))).toEqual(expected);
      }
      // The last participant opens a sixth block, cut short.
      expect(slots[count - 1]).toMatchObject({ block: 6, position: 1 });
    }
  });

  it('gives the same list for the same seed and input, and another list for another seed', () => {
    const a = allocationSlots(40, ['A', 'B'], [1, 1], 4, 2026);
    expect(allocationSlots(40, ['A', 'B'], [1, 1], 4, 2026)).toEqual(a);
    expect(allocationSlots(40, ['A', 'B'], [1, 1], 4, 2027)).not.toEqual(a);
    expect(allocationSlots(40, ['A', 'B'], [1, 1], 4, 0)).not.toEqual(a);
  });

  it('orders the blocks at random: the first block of many seeds is not always the same', () => {
    const firstBlocks = new Set(Array.from({ length: 50 }, (_, seed) => allocationSlots(4, ['A', 'B'], [1, 1], 4, seed).map((s) => s.groupId).join('')));
    // Six orders of AABB exist; fifty seeds meet most of them.
    expect(firstBlocks.size).toBeGreaterThanOrEqual(4);
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed, stays in [0, 1), and shuffles without losing items', () => {
    const one = seededRandom(7);
    const two = seededRandom(7);
    const values = Array.from({ length: 1000 }, () => one());
    expect(Array.from({ length: 1000 }, () => two())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(shuffled([1, 2, 3, 4, 5], seededRandom(1)).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('allocationProblem', () => {
  const valid: AllocationFields = { participantIds: ['p1', 'p2'], stageId: 's2', groupIds: ['A', 'B'], blockSize: 4 };

  it('accepts a valid request, with ratios and a seed too', () => {
    expect(allocationProblem(valid)).toBeNull();
    expect(allocationProblem({ ...valid, ratios: [2, 1], blockSize: 6, seed: 0 })).toBeNull();
  });

  it.each<[Partial<AllocationFields>, string]>([
    [{ participantIds: [] }, allocationMessages.participantsRequired],
    [{ participantIds: ['p1', 'p1'] }, allocationMessages.participantsRepeated],
    [{ participantIds: Array.from({ length: 1001 }, (_, i) => `p${i}`) }, allocationMessages.tooManyParticipants],
    [{ stageId: null }, allocationMessages.stageRequired],
    [{ groupIds: ['A'] }, allocationMessages.groupsRequired],
    [{ groupIds: ['A', 'A'] }, allocationMessages.groupsRepeated],
    [{ ratios: [1] }, allocationMessages.ratiosMismatch],
    [{ ratios: [1, 0] }, allocationMessages.ratioInvalid],
    [{ ratios: [1.5, 1] }, allocationMessages.ratioInvalid],
    [{ blockSize: Number.NaN }, allocationMessages.blockSizeInvalid],
    [{ blockSize: 1 }, allocationMessages.blockSizeInvalid],
    [{ blockSize: 5 }, allocationMessages.blockSizeNotMultiple(2)],
    [{ ratios: [2, 1], blockSize: 4 }, allocationMessages.blockSizeNotMultiple(3)],
    [{ seed: -1 }, allocationMessages.seedInvalid],
    [{ seed: MAX_SEED + 1 }, allocationMessages.seedInvalid],
  ])('refuses %p with its message', (change, message) => {
    expect(allocationProblem({ ...valid, ...change })).toBe(message);
  });
});
