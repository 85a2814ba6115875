// Group commit: work that arrives while a transaction is being written waits and is written together in the
// next one. Each caller's promise settles only after the transaction holding its work has committed, so an
// answer acknowledged is an answer stored; one commit (one fsync on SQLite with synchronous=FULL) serves many.
export type BatchWriter<T, R> = (items: readonly T[]) => Promise<R[]>;

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommitter<T, R> {
  private queue: Pending<T, R>[] = [];
  private writing = false;

  constructor(
    private readonly write: BatchWriter<T, R>,
    private readonly maxBatch = 256,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        // Let the calls already under way join this first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.write(batch.map((p) => p.item));
        batch.forEach((p, i) => p.resolve(results[i]));
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    this.writing = false;
  }
}
