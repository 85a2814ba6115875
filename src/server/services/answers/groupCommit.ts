// Group commit: work that arrives while a transaction is being written waits and is written together in the
// next one. Each caller's promise settles only after the transaction holding its work has committed, so an
// answer acknowledged is an answer stored; one commit (one fsync on SQLite with synchronous=FULL) serves many.
// Two groups may be under way at once, so the writer never waits for the main thread between two commits.
export type BatchWriter<T, R> = (items: readonly T[]) => Promise<R[]>;

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommitter<T, R> {
  private queue: Pending<T, R>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private drained: Array<() => void> = [];

  constructor(
    private readonly write: BatchWriter<T, R>,
    private readonly maxBatch = 256,
    private readonly maxInFlight = 2,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled && this.inFlight < this.maxInFlight) {
        this.scheduled = true;
        // Let the calls already under way join this group.
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      this.write(batch.map((p) => p.item)).then(
        (results) => batch.forEach((p, i) => p.resolve(results[i])),
        (error: unknown) => batch.forEach((p) => p.reject(error)),
      ).finally(() => {
        this.inFlight -= 1;
        this.pump();
        if (this.inFlight === 0 && this.queue.length === 0) for (const done of this.drained.splice(0)) done();
      });
    }
  }

  /** Resolves once everything submitted so far is written (before the server stops). */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }
}
