import type { Plugin } from 'graphql-yoga';
import { jsonError } from './body-limit.ts';

export interface ExecutionLimitOptions {
  /** GraphQL requests parsed, executed and serialised at once. */
  maxConcurrent: number;
  /** Requests waiting for a slot; beyond that, 503 SERVICE_BUSY at once. */
  maxQueued: number;
}

/**
 * Bounds the memory of requests in progress: a heavy answer (up to what the cost limit allows,
 * ~1.3 MB of JSON) lives as an object graph several times its size until it is serialised, and
 * a hundred of them at once would take the heap over its limit. Running more than a few at once
 * gains nothing anyway: PGlite and the resolvers share one thread, and PostgreSQL has a pool of
 * a few connections. The rest wait in a bounded queue; past it they get 503 with Retry-After.
 * Hand-written: yoga has no concurrency limit, and a counter and a queue are all it takes.
 */
export function useExecutionLimit(options: ExecutionLimitOptions): Plugin & { stats(): { running: number; queued: number } } {
  let running = 0;
  const queue: (() => void)[] = [];
  // request → its slot's safety timer: a slot whose answer never came back (it should always)
  // is freed after a minute rather than lost for good
  const holding = new WeakMap<Request, NodeJS.Timeout>();
  const free = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  const release = (request: Request) => {
    const timer = holding.get(request);
    if (!timer) return;
    holding.delete(request);
    clearTimeout(timer);
    free();
  };
  return {
    stats: () => ({ running, queued: queue.length }),
    async onRequest({ request, url, endResponse }) {
      if (url.pathname !== '/api/graphql' || request.method === 'OPTIONS') return;
      if (running < options.maxConcurrent) {
        running++;
      } else if (queue.length < options.maxQueued) {
        // the slot is handed over by release(): `running` stays as it is
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        const res = jsonError(503, 'SERVICE_BUSY', 'Сервер перегружен, попробуйте ещё раз через секунду');
        res.headers.set('retry-after', '1');
        endResponse(res);
        return;
      }
      const timer = setTimeout(() => {
        if (holding.delete(request)) free();
      }, 60_000);
      timer.unref();
      holding.set(request, timer);
    },
    onResponse({ request }) {
      release(request);
    },
  };
}
