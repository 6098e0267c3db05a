// Load generator in its own thread of the bench process (the server runs in another process).
// Plain node:http with a keep-alive agent: fetch (undici) costs several times more CPU per
// request, CPU the server on the same 2 cores would otherwise lose.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, concurrency, durationMs, bodies, varyIp, firstIndex = 0 } = workerData;
const target = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let errors = 0;
let firstError = null;
let next = firstIndex;
const deadline = performance.now() + durationMs;

function post(body, headers) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function client() {
  while (performance.now() < deadline) {
    const i = next++;
    const headers = { 'content-type': 'application/json' };
    if (varyIp) headers['x-forwarded-for'] = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const started = performance.now();
    try {
      const res = await post(bodies[i % bodies.length], headers);
      // a cheap check: parsing every answer would cost the generator more than the server
      if (res.status !== 200 || res.text.includes('"errors":[{"message"')) {
        errors++;
        firstError ??= res.text.slice(0, 300);
      }
    } catch (e) {
      errors++;
      firstError ??= String(e);
    }
    latencies.push(performance.now() - started);
  }
}

await Promise.all(Array.from({ length: concurrency }, client));
agent.destroy();
parentPort.postMessage({ latencies, errors, firstError });
