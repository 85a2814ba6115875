// The push sender's group writes: ids recorded while a write runs go together in the next one, each record
// resolving once its write is done; a failed write rejects the records it held, and the next write still runs.
import { groupWriter } from '../../../../src/server/services/push/groupWrite';

describe('groupWriter', () => {
  it('writes the first id alone and every id recorded meanwhile in one next write', async () => {
    const writes: string[][] = [];
    let finishFirst: () => void = () => undefined;
    const writer = groupWriter(async (ids) => {
      writes.push(ids);
      if (writes.length === 1) await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    const first = writer.record('a');
    const rest = ['b', 'c', 'd'].map((id) => writer.record(id));
    expect(writes).toEqual([['a']]);
    finishFirst();
    await Promise.all([first, ...rest]);
    expect(writes).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('rejects the records of a failed write; the next write still runs', async () => {
    let calls = 0;
    const writer = groupWriter(async () => {
      calls += 1;
      if (calls === 1) throw new Error('disk full');
    });
    await expect(writer.record('a')).rejects.toThrow('disk full');
    await expect(writer.record('b')).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
