/**
 * `npx tsx scripts/bench/page-weight.ts [--label before] [--url http://…]`: how heavy is the HTML of
 * home, a category and a product page, and how much of it is the serialized state (`#shop-state`)?
 *
 * Starts the shop from the current production builds (small catalogue, fresh database, free ports)
 * unless `--url` names a running one, fetches each page once as a browser would (accepting
 * gzip/brotli is left to the measurement: the bytes are the decompressed HTML, then gzip -6 and
 * brotli q11 of it computed here) and prints one JSON line per page: HTML bytes, gzip, brotli,
 * `#shop-state` bytes, the Apollo cache's bytes, and the bytes per root query field and per
 * cached type (reports/page-weight.md).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { freePorts, latestRelease, localRegistry, REMOTES, ROOT, startStack } from '../lib/stack.ts';
import { choosePages } from './pages.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function weigh(html: string) {
  const match = /<script type="application\/json" id="shop-state">(.*?)<\/script>/s.exec(html);
  const stateText = match?.[1] ?? '';
  const state = stateText ? (JSON.parse(stateText) as { apollo?: Record<string, Record<string, unknown>> }) : {};
  const cache = state.apollo ?? {};
  const byType: Record<string, number> = {};
  for (const [key, value] of Object.entries(cache)) {
    const type = key === 'ROOT_QUERY' ? 'ROOT_QUERY' : key.split(':')[0] || key;
    byType[type] = (byType[type] ?? 0) + bytes(JSON.stringify(value));
  }
  const byRootField: Record<string, number> = {};
  for (const [field, value] of Object.entries(cache.ROOT_QUERY ?? {})) {
    // a root field's bytes: its own entry plus the normalized objects it reaches (counted once per field)
    const seen = new Set<string>();
    const walk = (v: unknown): number => {
      if (Array.isArray(v)) return v.reduce<number>((n, x) => n + walk(x), 0);
      if (v && typeof v === 'object') {
        const ref = (v as { __ref?: string }).__ref;
        if (ref) {
          if (seen.has(ref)) return 0;
          seen.add(ref);
          return bytes(JSON.stringify(cache[ref] ?? null)) + walk(cache[ref]);
        }
        return Object.values(v).reduce<number>((n, x) => n + walk(x), 0);
      }
      return 0;
    };
    byRootField[field.replace(/\(.*$/, '')] =
      (byRootField[field.replace(/\(.*$/, '')] ?? 0) + bytes(JSON.stringify(value)) + walk(value);
  }
  const sorted = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort((a, b) => b[1] - a[1]));
  return {
    html: bytes(html),
    gzip: gzipSync(html, { level: 6 }).length,
    brotli: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    state: bytes(stateText),
    apollo: bytes(JSON.stringify(cache)),
    byRootField: sorted(byRootField),
    byType: sorted(byType),
  };
}

async function main() {
  const label = arg('--label') ?? 'now';
  let url = arg('--url');
  let apiUrl = url ? `${url}/api/graphql` : '';
  let stop = async () => {};
  if (!url) {
    const work = mkdtempSync(path.join(os.tmpdir(), 'shop-weight-'));
    const ports = await freePorts();
    const versions = Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<
      (typeof REMOTES)[number]['name'],
      string
    >;
    const stack = await startStack({
      ports,
      registry: localRegistry(ports, versions),
      opsToken: randomBytes(18).toString('base64url'),
      pgliteDir: path.join(work, 'pglite'),
      releasesDir: path.join(work, 'releases'),
      log: { dir: path.join(ROOT, '.run', 'page-weight-logs') },
      env: { RELEASE_SMOKE: 'off', REGISTRY_TTL_MS: '0', GRAPHQL_ARBITRARY_OPERATIONS: 'true' },
    });
    url = stack.url;
    apiUrl = stack.apiUrl;
    stop = async () => {
      await stack.stop();
      rmSync(work, { recursive: true, force: true });
    };
  }
  try {
    const pages = await choosePages(apiUrl, ['home', 'category', 'product']);
    for (const [name, pagePath] of Object.entries(pages)) {
      await fetch(`${url}${pagePath}`); // warm: the API's and the host's caches, as a shopper after the first one meets them
      const response = await fetch(`${url}${pagePath}`);
      const html = await response.text();
      console.log(JSON.stringify({ label, page: name, path: pagePath, status: response.status, ...weigh(html) }));
    }
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
