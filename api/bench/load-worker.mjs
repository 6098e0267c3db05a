// Load generator in its own thread, so the clients do not share the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';

const { url, concurrency, durationMs, bodies, varyIp } = workerData;
const latencies = [];
let errors = 0;
let firstError = null;
let next = 0;
const deadline = performance.now() + durationMs;

async function client() {
  while (performance.now() < deadline) {
    const i = next++;
    const headers = { 'content-type': 'application/json' };
    if (varyIp) headers['x-forwarded-for'] = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const started = performance.now();
    try {
      const res = await fetch(url, { method: 'POST', headers, body: bodies[i % bodies.length] });
      const json = await res.json();
      if (!res.ok || json.errors) {
        errors++;
        firstError ??= JSON.stringify(json).slice(0, 300);
      }
    } catch (e) {
      errors++;
      firstError ??= String(e);
    }
    latencies.push(performance.now() - started);
  }
}

await Promise.all(Array.from({ length: concurrency }, client));
parentPort.postMessage({ latencies, errors, firstError });
