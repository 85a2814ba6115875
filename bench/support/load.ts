// Load generation with autocannon: same settings for every route so that figures compare.
import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export function loadSettings(): LoadSettings {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS || 50),
    durationSeconds: Number(process.env.BENCH_DURATION || 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP || 2),
  };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

function once(url: string, headers: Record<string, string>, connections: number, duration: number) {
  return autocannon({ url, headers, connections, duration });
}

/** Warms the route up, then measures it. */
export async function measure(url: string, headers: Record<string, string>, settings: LoadSettings): Promise<LoadFigures> {
  if (settings.warmupSeconds > 0) await once(url, headers, settings.connections, settings.warmupSeconds);
  const result = await once(url, headers, settings.connections, settings.durationSeconds);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
