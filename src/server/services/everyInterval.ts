// A background round every `intervalMs` that never overlaps itself (a slow round makes the next wait), logs its
// failure, and ends on close after the round under way. The adherence digests run on it; the push sender has
// the same loop of its own (services/push/pushSender.ts) and could share this one.
import type { FastifyBaseLogger } from 'fastify';

export interface IntervalRounds {
  close(): Promise<void>;
}

export function everyInterval(intervalMs: number, round: () => Promise<unknown>, log: FastifyBaseLogger, failure: string): IntervalRounds {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = round()
      .catch((error: unknown) => log.error({ err: error }, failure))
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
