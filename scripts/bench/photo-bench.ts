/**
 * The photo pipeline's figures (reports/photo-bench.md): `npx tsx scripts/bench/photo-bench.ts`
 * (after `npm run build`).
 *
 * 1. Renditions of one supplier-sized photo (4000×3000 JPEG): ms, bytes and the process's peak
 *    memory per format and width, as the photo route makes them (api's renditions.ts).
 * 2. An import of `--photos` photos (default 1,000, 1600×1200 each, all different) through the
 *    catalogue import's photo reader: photos per second and the peak memory over the run.
 * 3. What a page downloads in pictures at 360 px and 1280 px (Chromium, the built shop on the
 *    default catalogue), against what the same pictures weighed as the SVG art they replace.
 *
 * Memory is the process's resident set, sampled every 20 ms; a figure is for this machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { FolderPhotoStore, PhotoImporter, renderRendition } from '@shop/api';
import { PHOTO_WIDTHS } from '@shop/contracts/photos';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { freePorts, latestRelease, localRegistry, REMOTES, ROOT, startStack } from '../lib/stack.ts';
import { choosePages } from './pages.ts';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const MB = 1024 * 1024;

/** Peak resident memory while `work` runs, and its result. */
async function peakDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; ms: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakMb: Math.round(peak / MB), ms: Math.round(performance.now() - started) };
  } finally {
    clearInterval(timer);
  }
}

/** A photo-like picture: smooth light with fine detail, which compresses as a photograph does (not as flat art). */
async function photoLike(width: number, height: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const grain = (state >>> 24) % 48;
      const i = (y * width + x) * 3;
      const d = Math.hypot(x - width / 2, y - height / 2) / width;
      raw[i] = Math.min(255, 200 - d * 160 + grain + ((seed * 31) % 40));
      raw[i + 1] = Math.min(255, 150 + 60 * Math.sin(x / 90 + seed) + grain);
      raw[i + 2] = Math.min(255, 120 + 80 * Math.cos(y / 70) + grain);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(0.8)
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function renditions() {
  const original = await photoLike(4000, 3000, 1);
  const rows: string[] = [];
  for (const format of ['avif', 'webp', 'jpg'] as const) {
    for (const width of PHOTO_WIDTHS) {
      const { result, peakMb, ms } = await peakDuring(() =>
        renderRendition(original, { source: 'x', width, format }, 60_000_000),
      );
      rows.push(`| ${format} | ${width} | ${ms} | ${(result.length / 1024).toFixed(1)} | ${peakMb} |`);
    }
  }
  const og = await peakDuring(() => renderRendition(original, { source: 'x', og: true }, 60_000_000));
  rows.push(`| og.jpg | 1200×630 | ${og.ms} | ${(og.result.length / 1024).toFixed(1)} | ${og.peakMb} |`);
  return { originalKb: Math.round(original.length / 1024), rows };
}

async function importMany(count: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'photo-bench-'));
  try {
    mkdirSync(path.join(dir, 'photos'));
    for (let i = 0; i < count; i++) writeFileSync(path.join(dir, 'photos', `${i}.jpg`), await photoLike(1600, 1200, i));
    const importer = new PhotoImporter({
      store: new FolderPhotoStore(path.join(dir, 'store')),
      limits: { maxBytes: 30 * MB, maxPixels: 60_000_000 },
      baseDir: dir,
      fetch: { hosts: [], timeoutMs: 1000 },
    });
    const before = Math.round(process.memoryUsage.rss() / MB);
    const { result, peakMb, ms } = await peakDuring(() =>
      Promise.all(Array.from({ length: count }, (_, i) => importer.load(`photos/${i}.jpg`))),
    );
    const accepted = result.filter((r) => r.ok).length;
    return { count, accepted, ms, perSecond: (count / (ms / 1000)).toFixed(1), beforeMb: before, peakMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pageBytes() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'photo-bench-shop-'));
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
    log: { dir: path.join(ROOT, '.run', 'photo-bench-logs') },
    env: {
      RELEASE_SMOKE: 'off',
      REGISTRY_TTL_MS: '0',
      GRAPHQL_ARBITRARY_OPERATIONS: 'true',
      PHOTO_DIR: path.join(work, 'photos'),
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_ARGS] });
  const rows: string[] = [];
  try {
    const pages = await choosePages(stack.apiUrl, ['home', 'category', 'product']);
    for (const [name, pagePath] of Object.entries(pages)) {
      for (const width of [360, 1280]) {
        const measure = async () => {
          const context = await browser.newContext({
            viewport: { width, height: width === 360 ? 780 : 900 },
            deviceScaleFactor: width === 360 ? 2 : 1,
          });
          const page = await context.newPage();
          const pictures: { url: string; bytes: number }[] = [];
          page.on('response', async (response) => {
            if (!response.url().includes('/api/photos/') && !response.url().includes('/api/images/')) return;
            const body = await response.body().catch(() => Buffer.alloc(0));
            pictures.push({ url: new URL(response.url()).pathname, bytes: body.length });
          });
          await page.goto(`${stack.url}${pagePath}`, { waitUntil: 'networkidle' });
          await context.close();
          return pictures;
        };
        await measure(); // the first visit makes the renditions; the second is what a shopper meets
        const pictures = await measure();
        const after = pictures.reduce((n, p) => n + p.bytes, 0);
        const largest = Math.max(0, ...pictures.map((p) => p.bytes));
        // the same pictures as the SVG art the pages showed before the pipeline
        let before = 0;
        for (const p of pictures) {
          const art = /^\/api\/photos\/art\/(.+)\/\d+\.\w+$/.exec(p.url)?.[1];
          const svg = art
            ? await fetch(
                `${stack.url}/api/images/${art.replace(/-1600x1600$/, '-800x800').replace(/-1600x1066$/, '-1200x800')}.svg`,
              )
            : null;
          before += svg?.ok ? (await svg.arrayBuffer()).byteLength : p.bytes;
        }
        const formats = [...new Set(pictures.map((p) => p.url.split('.').pop()))].join(', ');
        rows.push(
          `| ${name} | ${width} | ${pictures.length} | ${(before / 1024).toFixed(1)} | ${(after / 1024).toFixed(1)} | ${(largest / 1024).toFixed(1)} | ${formats} |`,
        );
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  const count = Number(arg('--photos', '1000'));
  const r = await renditions();
  console.log(
    `## Renditions of one ${4000}×${3000} JPEG (${r.originalKb} KB)\n\n| format | width | ms | KB | peak RSS MB |\n|---|--:|--:|--:|--:|\n${r.rows.join('\n')}\n`,
  );
  const i = await importMany(count);
  console.log(
    `## Import of ${i.count} photos (1600×1200 JPEG, two at a time)\n\n| accepted | s | photos/s | RSS before MB | peak RSS MB |\n|--:|--:|--:|--:|--:|\n| ${i.accepted} | ${(i.ms / 1000).toFixed(1)} | ${i.perSecond} | ${i.beforeMb} | ${i.peakMb} |\n`,
  );
  const p = await pageBytes();
  console.log(
    `## Pictures a page downloads (second visit; 360 px at DPR 2, 1280 px at DPR 1)\n\n| page | viewport | pictures | before: SVG art KB | after KB | largest KB | formats |\n|---|--:|--:|--:|--:|--:|---|\n${p.join('\n')}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
