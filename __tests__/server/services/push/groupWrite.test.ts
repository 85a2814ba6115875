// The push sender's group writes: ids recorded in one turn of the event loop go in one write, those recorded
// while a write runs together in the next, each record resolving once its write is done; a failed write
// rejects the records it held, and the next write still runs.
import { groupWriter } from '../../../../src/server/services/push/groupWrite';

describe('groupWriter', () => {
  it('writes the ids of one turn together, and every id recorded during that write in one next write', async () => {
    const writes: string[][] = [];
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let finishFirst: () => void = () => undefined;
    const writer = groupWriter(async (ids) => {
      writes.push(ids);
      if (writes.length === 1) {
        started();
        await new Promise<void>((resolve) => (finishFirst = resolve));
      }
    });
    const first = ['a', 'b'].map((id) => writer.record(id));
    await firstStarted;
    const rest = ['c', 'd', 'e'].map((id) => writer.record(id));
    expect(writes).toEqual([['a', 'b']]);
    finishFirst();
    await Promise.all([...first, ...rest]);
    expect(writes).toEqual([['a', 'b'], ['c', 'd', 'e']]);
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
