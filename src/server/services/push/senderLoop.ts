// What the background senders share (the push sender, the prompt email sender, the adherence digests): work over
// items with a few lanes at once, and a timer whose tick never overlaps the last one and whose stop waits for a tick under way.

/** Runs `work` over the items, at most `limit` at once. */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

export interface SenderTimer {
  /** Stops the timer and waits for a tick under way. */
  stop(): Promise<void>;
}

/** Ticks every `intervalMs`, skipping a beat while the last tick runs; a failed tick is reported, not thrown. */
export function startSenderTimer(tick: () => Promise<unknown>, intervalMs: number, failed: (error: unknown) => void): SenderTimer {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = tick()
      .catch(failed)
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  // The timer alone does not keep the process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
