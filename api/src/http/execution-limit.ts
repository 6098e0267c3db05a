import type { ServerResponse } from 'node:http';
import type { Plugin } from 'graphql-yoga';
import { errorResponse } from '@shop/server-kit';

export interface ExecutionLimitOptions {
  /** GraphQL requests parsed, executed and serialised at once. */
  maxConcurrent: number;
  /** Requests waiting for a slot; beyond that, 503 SERVICE_BUSY at once. */
  maxQueued: number;
  /** Bytes of answers handed to node:http but not yet sent (slow or stalled readers); beyond: 503. */
  maxInflightBytes: number;
  /** An answer not fully sent after this long has its connection closed (default 30 s). */
  sendTimeoutMs?: number;
}

/**
 * Bounds the memory of requests in progress: a heavy answer (up to what the cost limit allows,
 * ~1.3 MB of JSON) lives as an object graph several times its size until it is serialised, and
 * a hundred of them at once would take the heap over its limit. Running more than a few at once
 * gains nothing anyway: PGlite and the resolvers share one thread, and PostgreSQL has a pool of
 * a few connections. The rest wait in a bounded queue; past it they get 503 with Retry-After.
 * Answers then wait in node's socket buffers for as long as their client takes to read them (a
 * client that never reads keeps its answer forever): their bytes are counted until sent, new
 * requests get 503 while the total is over the cap, and an answer not sent within 30 s has its
 * connection closed.
 * Hand-written: yoga has no concurrency limit, and a counter and a queue are all it takes.
 */
const busy = () => errorResponse('SERVICE_BUSY', undefined, { headers: { 'retry-after': '1' } });

export function useExecutionLimit(
  options: ExecutionLimitOptions,
): Plugin & { stats(): { running: number; queued: number; inflightBytes: number } } {
  let running = 0;
  let inflight = 0;
  const sendTimeout = options.sendTimeoutMs ?? 30_000;
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
    stats: () => ({ running, queued: queue.length, inflightBytes: inflight }),
    async onRequest({ request, url, endResponse }) {
      if (url.pathname !== '/api/graphql' || request.method === 'OPTIONS') return;
      if (inflight > options.maxInflightBytes) {
        endResponse(busy());
        return;
      }
      if (running < options.maxConcurrent) {
        running++;
      } else if (queue.length < options.maxQueued) {
        // the slot is handed over by release(): `running` stays as it is
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        endResponse(busy());
        return;
      }
      const timer = setTimeout(() => {
        if (holding.delete(request)) free();
      }, 60_000);
      timer.unref();
      holding.set(request, timer);
    },
    onResponse({ request, response, serverContext }) {
      release(request);
      const res = (serverContext as { res?: ServerResponse }).res;
      const size = Number(response.headers.get('content-length'));
      if (!res || typeof res.once !== 'function' || !(size > 0)) return;
      inflight += size;
      let done = false;
      const timer = setTimeout(() => {
        if (!res.writableFinished) res.destroy();
      }, sendTimeout);
      timer.unref();
      const sent = () => {
        if (done) return;
        done = true;
        inflight -= size;
        clearTimeout(timer);
      };
      // finish: all of it handed to the OS; close: done, or the connection is gone
      res.once('finish', sent);
      res.once('close', sent);
    },
  };
}
