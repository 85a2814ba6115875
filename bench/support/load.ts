// Load generation with autocannon: same settings for every route so that figures compare.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** How many alternating rounds compare() splits the duration into. */
  rounds: number;
}

export function loadSettings(): LoadSettings {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS || 50),
    durationSeconds: Number(process.env.BENCH_DURATION || 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP || 2),
    rounds: Math.max(1, Number(process.env.BENCH_ROUNDS || 3)),
  };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with a 2xx status. */
  ok: number;
  errors: number;
  non2xx: number;
  /** CPU time the server process spent per answer (Linux only; NaN elsewhere): unlike requests per second, it
   *  hardly moves when other work shares the machine. */
  cpuMicrosPerRequest?: number;
}

const TICKS_PER_SECOND = 100;

/** User plus system CPU time of a process so far, in microseconds, from /proc (NaN where there is none). */
export function cpuMicrosOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // After the name: state is field 3, utime field 14 and stime field 15 (1-based, as in proc(5)).
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return NaN;
  }
}

function once(url: string, headers: Record<string, string>, connections: number, duration: number, requests?: autocannon.Request[]) {
  return autocannon({ url, headers, connections, duration, requests });
}

/** Warms the route up, then measures it. */
export async function measure(url: string, headers: Record<string, string>, settings: LoadSettings): Promise<LoadFigures> {
  if (settings.warmupSeconds > 0) await once(url, headers, settings.connections, settings.warmupSeconds);
  return figuresOf(await once(url, headers, settings.connections, settings.durationSeconds));
}

function figuresOf(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    ok: result['2xx'],
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
  /** The process answering, for its CPU time per request. */
  pid?: number;
  /** Requests built one by one (a new body each, say) instead of the same GET every time. */
  requests?: autocannon.Request[];
}

/** One timed load on a target: its figures with the CPU time its process spent per request. */
export async function measureTarget(target: LoadTarget, connections: number, seconds: number): Promise<LoadFigures> {
  const cpuBefore = target.pid ? cpuMicrosOf(target.pid) : NaN;
  const figures = figuresOf(await once(target.url, target.headers, connections, seconds, target.requests));
  const cpu = target.pid ? cpuMicrosOf(target.pid) - cpuBefore : NaN;
  return { ...figures, cpuMicrosPerRequest: Math.round((cpu / figures.requests) * 10) / 10 };
}

export interface Comparison {
  /** The route under test, the median round (by its ratio to the baseline). */
  real: LoadFigures;
  baseline: LoadFigures;
  /** Median of the rounds' ratios of requests per second, real / baseline. */
  ratio: number;
  rounds: { real: LoadFigures; baseline: LoadFigures; ratio: number }[];
}

/**
 * Measures a route against its baseline in alternating rounds (real then baseline, then the other way round),
 * each round splitting the duration, and keeps the median round. On a shared machine the load of other work
 * changes from second to second; measuring the two one after the other for the whole duration would compare
 * different machines.
 */
export async function compare(real: LoadTarget, baseline: LoadTarget, settings: LoadSettings): Promise<Comparison> {
  const seconds = Math.max(1, Math.round(settings.durationSeconds / settings.rounds));
  if (settings.warmupSeconds > 0) {
    await once(real.url, real.headers, settings.connections, settings.warmupSeconds, real.requests);
    await once(baseline.url, baseline.headers, settings.connections, settings.warmupSeconds, baseline.requests);
  }
  const run = (target: LoadTarget) => measureTarget(target, settings.connections, seconds);
  const rounds: Comparison['rounds'] = [];
  for (let i = 0; i < settings.rounds; i++) {
    let r: LoadFigures;
    let b: LoadFigures;
    if (i % 2 === 0) {
      r = await run(real);
      b = await run(baseline);
    } else {
      b = await run(baseline);
      r = await run(real);
    }
    rounds.push({ real: r, baseline: b, ratio: r.requestsPerSecond / b.requestsPerSecond });
  }
  const median = [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor(rounds.length / 2)];
  return { real: median.real, baseline: median.baseline, ratio: median.ratio, rounds };
}
