// Many small records written as few statements: one write at a time, each taking every item recorded while the
// one before ran, or in the same turn of the event loop (a group commit). The push sender records each push as
// soon as its push service accepted it, without a statement (on SQLite, a sync to disk) per push.

export interface GroupWriter<T = string> {
  /** Resolves once a write holding `item` has finished; rejects when that write failed. */
  record(item: T): Promise<void>;
}

export function groupWriter<T = string>(write: (items: T[]) => Promise<void>): GroupWriter<T> {
  let waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await write(group.map((w) => w.item));
        for (const w of group) w.resolve();
      } catch (error: unknown) {
        for (const w of group) w.reject(error);
      }
    }
    writing = false;
  }

  return {
    record(item) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (writing) return;
        writing = true;
        // Started after the answers that arrived with this one are handled, so that they go in the same write.
        setImmediate(() => void drain());
      });
    },
  };
}
