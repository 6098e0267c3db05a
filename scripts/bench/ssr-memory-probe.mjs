// Preloaded into the page server by `npm run bench:ssr-memory` (node --import): on SIGURG it runs
// a full GC (the bench starts the server with --expose-gc) and appends one line of JSON with the
// process's memory as V8 and Node see it to SSR_MEMORY_PROBE_FILE, so the bench can tell live
// JavaScript objects from memory the process holds outside them. Never loaded by the shop itself.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.SSR_MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGURG', () => {
    globalThis.gc?.();
    const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
    const memory = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: mb(s.space_size), used: mb(s.space_used_size) }]));
    const heap = v8.getHeapStatistics();
    appendFileSync(
      file,
      `${JSON.stringify({
        rss: mb(memory.rss),
        heapTotal: mb(memory.heapTotal),
        heapUsed: mb(memory.heapUsed),
        external: mb(memory.external),
        arrayBuffers: mb(memory.arrayBuffers),
        mallocedMemory: mb(heap.malloced_memory),
        nativeContexts: heap.number_of_native_contexts,
        detachedContexts: heap.number_of_detached_contexts,
        spaces,
      })}\n`,
    );
  });
}
