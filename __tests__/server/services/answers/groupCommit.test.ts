// Group commit: calls arriving while a group is written go into the next group, each settles after its own
// group, and a failed group fails only its own calls.
import { GroupCommitter } from '../../../../src/server/services/answers/groupCommit';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('GroupCommitter', () => {
  it('writes calls made together as one group, and later ones as the next', async () => {
    const groups: number[][] = [];
    const writes: Array<ReturnType<typeof deferred<number[]>>> = [];
    const committer = new GroupCommitter<number, number>((items) => {
      groups.push([...items]);
      const d = deferred<number[]>();
      writes.push(d);
      return d.promise;
    }, 256, 1);
    const first = [1, 2, 3].map((n) => committer.submit(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups).toEqual([[1, 2, 3]]);
    const later = [4, 5].map((n) => committer.submit(n));
    await new Promise((resolve) => setImmediate(resolve));
    // One group at a time: 4 and 5 wait until the first is written.
    expect(groups).toEqual([[1, 2, 3]]);
    let settled = false;
    const bothLater = Promise.allSettled(later).then((outcomes) => {
      settled = true;
      return outcomes;
    });
    writes[0].resolve([10, 20, 30]);
    expect(await Promise.all(first)).toEqual([10, 20, 30]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups).toEqual([[1, 2, 3], [4, 5]]);
    expect(settled).toBe(false);
    writes[1].reject(new Error('disk full'));
    expect((await bothLater).map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await committer.idle();
  });

  it('keeps two groups in flight when asked, and idle() waits for both', async () => {
    const writes: Array<ReturnType<typeof deferred<number[]>>> = [];
    const committer = new GroupCommitter<number, number>(() => {
      const d = deferred<number[]>();
      writes.push(d);
      return d.promise;
    }, 1, 2);
    const a = committer.submit(1);
    const b = committer.submit(2);
    const c = committer.submit(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
    let idle = false;
    void committer.idle().then(() => (idle = true));
    writes[0].resolve([1]);
    await a;
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(3);
    writes[1].resolve([2]);
    writes[2].resolve([3]);
    expect([await b, await c]).toEqual([2, 3]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(true);
  });
});
