/**
 * HTTP load through autocannon, typed for the benchmarks (autocannon ships no types): a fixed
 * number of connections for a duration, request bodies and headers taken in turn, and the figures
 * the reports print. Hand-written only where autocannon stops: its percentiles skip p95, so the
 * response times are kept to compute it, and a 200 carrying a GraphQL error counts as an error.
 */
import { createRequire } from 'node:module';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  /** The i-th request sent (over all connections): lets every request differ. */
  request: (i: number) => LoadRequest;
  /** An answer with this status and body is an error beyond autocannon's own (non-2xx, socket errors). */
  isError?: (status: number, body: string) => boolean;
}

export interface LoadStats {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  firstError?: string;
}

interface Result {
  requests: { total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Instance = PromiseLike<Result> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
type Autocannon = (options: Record<string, unknown>) => Instance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Nearest-rank percentile, two decimals. */
function percentile(sorted: number[], p: number): number {
  const at = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return Number(at.toFixed(2));
}

export async function load(options: LoadOptions): Promise<LoadStats> {
  let next = 0;
  let extraErrors = 0;
  let firstError: string | undefined;
  const times: number[] = [];
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => ({ ...request, ...options.request(next++) }),
        onResponse: (status: number, body: string) => {
          if (options.isError?.(status, body)) {
            extraErrors++;
            firstError ??= body.slice(0, 300);
          }
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  const sorted = times.sort((a, b) => a - b);
  const errors = result.errors + result.timeouts + result.non2xx + extraErrors;
  return {
    requests: result.requests.total,
    errors,
    rps: Math.round(result.requests.total / (result.duration || options.durationS)),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    ...(firstError ? { firstError } : {}),
  };
}
