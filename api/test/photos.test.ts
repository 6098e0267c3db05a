// Guards the photo pipeline: what an import takes as a photo (by content, within limits, from
// the catalogue's folder or an allowed https host only), the renditions the shop serves (sizes,
// formats, orientation, no metadata, cached for good) and the social preview.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { parsePhotoPath, photoUrl, responsiveImage } from '@shop/contracts/photos';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replacePhoto } from '../src/catalog/catalog-photo-admin.ts';
import { generateCatalog } from '../src/catalog/generator.ts';
import { importCatalogFile } from '../src/catalog/import-file.ts';
import { rows } from '../src/db/database.ts';
import { fetchPhoto } from '../src/photos/fetch-photo.ts';
import { hasActiveContent, inspectPhoto } from '../src/photos/inspect-photo.ts';
import { FolderPhotoStore } from '../src/photos/photo-store.ts';
import { describeDrivers } from './test-env.ts';

const LIMITS = { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 };

/** A photo-like picture (a gradient with noise) that compresses like a photograph. */
async function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  orientation?: number,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x * 7 + y * 13) % 97) + 80;
    }
  let img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (orientation) img = img.withMetadata({ orientation });
  return img.toFormat(format, { quality: 90 }).toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A valid 300-byte PNG whose header claims 50,000 × 50,000 pixels: a decompression bomb. */
function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc(50_001 * 4)); // only a few rows: the check must not need more
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('photo checks', () => {
  it('takes JPEG, PNG and WebP by their content, with the shown size and a dominant colour', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const result = await inspectPhoto(await photo(400, 300, format), LIMITS);
      expect(result).toMatchObject({
        ok: true,
        photo: { kind: format, width: 400, height: 300, color: expect.stringMatching(/^#[0-9a-f]{6}$/) },
      });
    }
    // a phone's portrait shot: stored sideways, shown upright
    const turned = await inspectPhoto(await photo(400, 300, 'jpeg', 6), LIMITS);
    expect(turned).toMatchObject({ ok: true, photo: { width: 300, height: 400 } });
  });

  it('refuses what is not one whole photo, saying why', async () => {
    const jpeg = await photo(400, 300);
    const cases: [string, Buffer, RegExp][] = [
      [
        'svg with a script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        /SVG, HTML или XML/,
      ],
      ['html named .jpg', Buffer.from('\uFEFF  <!doctype html><html><body>hi</body></html>'), /SVG, HTML или XML/],
      ['a text file', Buffer.from('just text'), /неизвестный формат/],
      ['an empty file', Buffer.alloc(0), /пустой/],
      ['a decompression bomb', pngBomb(), /слишком большое изображение: 50000×50000/],
      ['a truncated jpeg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), /обрезан|посторонние/],
      [
        'a jpeg with a zip appended',
        Buffer.concat([jpeg, Buffer.from('PK\u0003\u0004 polyglot archive')]),
        /посторонние данные/,
      ],
      [
        'a jpeg with a page in a comment',
        Buffer.concat([
          jpeg.subarray(0, 2),
          Buffer.from([0xff, 0xfe, 0x00, 0x20]),
          Buffer.from('<script>alert(1)</script>....'),
          jpeg.subarray(2),
        ]),
        /разметка или скрипт/,
      ],
      [
        'a heic',
        Buffer.concat([
          Buffer.from([0, 0, 0, 24]),
          Buffer.from('ftypheic\u0000\u0000\u0000\u0000mif1heic'),
          Buffer.alloc(100),
        ]),
        /HEIC/,
      ],
      ['a thumbnail', await photo(80, 60), /слишком маленькое/],
    ];
    for (const [name, bytes, reason] of cases) {
      const result = await inspectPhoto(bytes, LIMITS);
      expect(result.ok, name).toBe(false);
      if (!result.ok) expect(result.reason, name).toMatch(reason);
    }
    expect(await inspectPhoto(jpeg, { ...LIMITS, maxBytes: 1000 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/больше/),
    });
  });

  it('finds markup wherever it lies, a window boundary included, and only whole words', () => {
    const at = (offset: number, text: string, size = 64) => {
      const b = Buffer.alloc(size, 0x41);
      b.write(text, offset, 'latin1');
      return b;
    };
    // every position across the first window's end (16 bytes), for the longest and the shortest needle
    for (const needle of ['JavaScript:', '<?php ', '<SVG ']) {
      for (let offset = 8; offset <= 24; offset++)
        expect(hasActiveContent(at(offset, needle), 16), `${needle} at ${offset}`).toBe(true);
    }
    expect(hasActiveContent(at(60, '<svg'), 16)).toBe(true); // at the very end
    expect(hasActiveContent(at(12, '<svgx'), 16)).toBe(false); // a longer word, split or not
    expect(hasActiveContent(at(14, '<scriptx'), 16)).toBe(false);
    expect(hasActiveContent(Buffer.alloc(3 << 20, 0x20))).toBe(false);
  });
});

describe('photo addresses', () => {
  it('offer the standard widths up to the photo own, in AVIF and WebP first', () => {
    const hash = 'ab'.repeat(16);
    const r = responsiveImage({ fullpath: photoUrl(hash, 1000), width: 1000 });
    expect(r?.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(r?.sources[0]?.srcSet).toBe(
      `/api/photos/${hash}/320.avif 320w, /api/photos/${hash}/480.avif 480w, /api/photos/${hash}/640.avif 640w, /api/photos/${hash}/960.avif 960w, /api/photos/${hash}/1000.avif 1000w`,
    );
    expect(r?.src).toBe(`/api/photos/${hash}/640.jpg`);
    expect(responsiveImage({ fullpath: '/api/images/brand/nike.svg', width: 240 })).toBeNull();
    // a box at most 384 CSS px wide: up to the first width that fills it at 2×, never a 1920 for a card
    const card = responsiveImage({ fullpath: photoUrl(hash, 2400), width: 2400 }, 384);
    expect(card?.srcSet).toBe(
      `/api/photos/${hash}/320.jpg 320w, /api/photos/${hash}/480.jpg 480w, /api/photos/${hash}/640.jpg 640w, /api/photos/${hash}/960.jpg 960w`,
    );
    // a 64 px swatch: the smallest; a photo narrower than the box needs: all it has
    expect(responsiveImage({ fullpath: photoUrl(hash, 2400), width: 2400 }, 64)?.srcSet).toBe(`/api/photos/${hash}/320.jpg 320w`);
    expect(responsiveImage({ fullpath: photoUrl(hash, 600), width: 600 }, 512)?.srcSet).toBe(
      `/api/photos/${hash}/320.jpg 320w, /api/photos/${hash}/480.jpg 480w, /api/photos/${hash}/600.jpg 600w`,
    );
    for (const bad of [
      `/api/photos/${hash}/../x/640.jpg`,
      '/api/photos/art/../../etc/640.jpg',
      `/api/photos/${hash}/640.gif`,
      '/api/photos/art//x/640.jpg',
      `/api/photos/${hash.toUpperCase()}/640.jpg`,
    ]) {
      expect(parsePhotoPath(bad), bad).toBeNull();
    }
  });
});

describe('photo fetch guards', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    const jpeg = await photo(400, 300);
    server = createServer((req, res) => {
      if (req.url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      if (req.url === '/moved.jpg')
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (req.url === '/huge.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const mb = Buffer.alloc(1024 * 1024);
        const send = (left: number): void => void (left && res.write(mb, () => send(left - 1)));
        return send(50);
      }
      if (req.url === '/slow.jpg') return setTimeout(() => res.end(jpeg), 3000);
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());
  const opts = () => ({
    hosts: [`127.0.0.1:${port}`, 'cdn.example.ru', '10.0.0.7', 'localtest.me'],
    maxBytes: 2 * 1024 * 1024,
    timeoutMs: 1000,
  });

  it('fetches from a listed host and refuses every way around the list', async () => {
    expect((await fetchPhoto(`http://127.0.0.1:${port}/photo.jpg`, opts())).length).toBeGreaterThan(1000);
    const refusals: [string, RegExp][] = [
      [`http://127.0.0.1:${port}/moved.jpg`, /перенаправляет/],
      [`http://127.0.0.1:${port}/huge.jpg`, /больше 2 МБ/],
      [`http://127.0.0.1:${port}/slow.jpg`, /не загрузилось за 1 с/],
      ['http://cdn.example.ru/a.jpg', /только по https/],
      ['https://evil.example.com/a.jpg', /не из разрешённых/],
      ['https://user:pw@cdn.example.ru/a.jpg', /логин/],
      ['https://10.0.0.7/a.jpg', /внутреннюю сеть/],
      ['file:///etc/passwd', /только по https/],
    ];
    for (const [url, reason] of refusals) await expect(fetchPhoto(url, opts()), url).rejects.toThrow(reason);
  });

  // a listed name whose record points inside (DNS rebinding, a hijacked record) is refused when the socket connects
  it('refuses a listed name that resolves to an internal address', async () => {
    await expect(fetchPhoto(`http://localhost:${port}/photo.jpg`, { ...opts(), hosts: [`localhost:${port}`] })).rejects.toThrow(/только по https/);
    await expect(fetchPhoto(`https://localhost:${port}/photo.jpg`, { ...opts(), hosts: [`localhost:${port}`] })).rejects.toThrow(/localhost ведёт во внутреннюю сеть/);
  });
});

describeDrivers('photo pipeline', (env) => {
  const catalogueWith = (photos: object[][]) => {
    const c = JSON.parse(JSON.stringify(generateCatalog('small')));
    c.models = c.models.slice(0, 1);
    c.models[0].variants = photos.map((list, i) => ({
      ...c.models[0].variants[0],
      sku: `PHOTO-${i}`,
      path: `/product/photo-${i}`,
      photos: list,
      offers: c.models[0].variants[0].offers.map((o: { sku: string }, k: number) => ({ ...o, sku: `PHOTO-${i}-${k}` })),
    }));
    return c;
  };

  it('draws the generated catalogue as raster photos and gives pages a JPEG preview', async () => {
    const p = await env().data(
      `{ product(id: "1") { gallery { url width height } } pageMeta(type: PRODUCT, id: "1") { ogImages { fullpath width height } jsonLd } home: pageMeta(type: HOME) { ogImages { fullpath } } }`,
    );
    const first = p.product.gallery[0];
    expect(first.url).toMatch(/^\/api\/photos\/art\/product\/.+\/1600\.jpg$/);
    const avif = await env().request(first.url.replace(/1600\.jpg$/, '640.avif'));
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(640);
    expect(p.pageMeta.ogImages[0]).toMatchObject({
      fullpath: expect.stringMatching(/^https:\/\/shop\.test\/api\/photos\/art\/product\/.+\/og\.jpg$/),
      width: 1200,
      height: 630,
    });
    expect(JSON.parse(p.pageMeta.jsonLd).image[0]).toBe(p.pageMeta.ogImages[0].fullpath);
    expect(p.home.ogImages[0].fullpath).toMatch(/\/og\.jpg$/);
    const og = await env().request(new URL(p.home.ogImages[0].fullpath).pathname);
    expect(og.headers.get('content-type')).toBe('image/jpeg');
    // art the catalogue does not show is never drawn (each would be a new file kept on disk)
    expect((await env().request('/api/photos/art/product/shoe/white/NO-SUCH-SKU/0-1600x1600/640.webp')).status).toBe(
      404,
    );
  });

  it('imports photos from the catalogue folder, leaves out the refused ones with their row, and serves every rendition', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-photos-'));
    mkdirSync(join(dir, 'photos'));
    const portrait = await photo(1200, 900, 'jpeg', 6); // stored 1200×900, shown 900×1200
    writeFileSync(join(dir, 'photos', 'front.jpg'), portrait);
    writeFileSync(join(dir, 'photos', 'side.png'), await photo(1400, 1000, 'png'));
    writeFileSync(join(dir, 'photos', 'evil.jpg'), '<svg onload="alert(1)"/>');
    symlinkSync('/etc/passwd', join(dir, 'photos', 'link.jpg'));
    const catalogue = catalogueWith([
      [{ src: 'photos/front.jpg' }, { src: 'photos/evil.jpg' }, { src: '../secret.jpg' }, { src: 'photos/link.jpg' }],
      [{ src: 'photos/side.png' }, { src: 'photos/front.jpg' }],
    ]);
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(catalogue, null, 2));
    const store = new FolderPhotoStore(env().config.photos.dir);
    const options = { store, limits: LIMITS, fetch: { hosts: [], timeoutMs: 1000 } };
    const result = await importCatalogFile(env().database.db, join(dir, 'catalogue.json'), { photos: options });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.photos.imported).toBe(2);
    expect(result.photos.refused.map((r) => [r.position, r.line !== undefined])).toEqual([
      ['models[0].variants[0].photos[1].src', true],
      ['models[0].variants[0].photos[2].src', true],
      ['models[0].variants[0].photos[3].src', true],
    ]);
    expect(result.photos.refused[0]?.message).toMatch(/evil\.jpg.*SVG, HTML или XML/);
    expect(result.photos.refused[1]?.message).toMatch(/внутри папки каталога/);
    expect(result.photos.refused[2]?.message).toMatch(/вне папки каталога/);
    await env().api.refreshCatalogVersion();

    const found = (
      await env().data(
        `{ products(limit: 10) { items { sku photo { fullpath width height color } gallery { url width height color } } } }`,
      )
    ).products.items;
    const first = found.find((p: { sku: string }) => p.sku === 'PHOTO-0');
    // only the accepted photo, upright, named by its content
    expect(first.gallery).toHaveLength(1);
    expect(first.photo).toMatchObject({ width: 900, height: 1200, color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    const source = parsePhotoPath(first.photo.fullpath)?.source as string;
    expect(source).toMatch(/^[0-9a-f]{32}$/);
    const second = found.find((p: { sku: string }) => p.sku === 'PHOTO-1');
    expect(second.gallery.map((g: { url: string }) => parsePhotoPath(g.url)?.source)).toEqual([
      expect.any(String),
      source,
    ]); // the same bytes kept once

    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
    ] as const) {
      const res = await env().request(`/api/photos/${source}/320.${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toContain('immutable');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([320, 427]); // upright, to scale
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // made once, then the same bytes from the store
      expect(
        Buffer.from(await (await env().request(`/api/photos/${source}/320.${format}`)).arrayBuffer()).equals(bytes),
      ).toBe(true);
    }
    const own = await env().request(`/api/photos/${source}/900.webp`);
    expect(own.status).toBe(200);
    const og = await env().request(`/api/photos/${source}/og.jpg`);
    expect(og.headers.get('content-type')).toBe('image/jpeg');
    const ogMeta = await sharp(Buffer.from(await og.arrayBuffer())).metadata();
    expect([ogMeta.format, ogMeta.width, ogMeta.height]).toEqual(['jpeg', 1200, 630]);
    // no width but the standard ones and the photo's own; no photo that was never imported
    expect((await env().request(`/api/photos/${source}/901.webp`)).status).toBe(404);
    expect((await env().request(`/api/photos/${'0'.repeat(32)}/320.webp`)).status).toBe(404);
  });

  it('replaces one photo: a non-photo is refused, a photo takes its place and the old one goes once nothing shows it', async () => {
    const store = new FolderPhotoStore(env().config.photos.dir);
    const [row] = await rows<{ id: number }>(env().database.db, sql`SELECT id FROM photos ORDER BY id LIMIT 1`);
    const id = Number(row?.id);
    expect(await replacePhoto(env().database.db, store, LIMITS, 99_999_999, await photo(400, 300))).toBeNull();
    expect(await replacePhoto(env().database.db, store, LIMITS, id, Buffer.from('<html>'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/SVG, HTML или XML/),
    });
    const first = await replacePhoto(env().database.db, store, LIMITS, id, await photo(500, 400));
    expect(first).toMatchObject({ ok: true, photo: { width: 500, height: 400 } });
    const oldSource = parsePhotoPath(first?.ok ? first.photo.url : '')?.source as string;
    expect((await env().request(`/api/photos/${oldSource}/320.webp`)).status).toBe(200);
    await replacePhoto(env().database.db, store, LIMITS, id, await photo(600, 400));
    // the first replacement's original and renditions are gone: nothing shows them any more
    expect(await store.original(oldSource)).toBeNull();
    expect(await store.rendition(oldSource, '320.webp')).toBeNull();
  });

  it('stops the import when a colour is left without photos, changing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-photos-'));
    writeFileSync(join(dir, 'bad.jpg'), 'not a photo');
    writeFileSync(join(dir, 'catalogue.json'), JSON.stringify(catalogueWith([[{ src: 'bad.jpg' }]])));
    const before = (await env().data('{ products { totalCount } }')).products.totalCount;
    const store = new FolderPhotoStore(env().config.photos.dir);
    const result = await importCatalogFile(env().database.db, join(dir, 'catalogue.json'), {
      photos: { store, limits: LIMITS, fetch: { hosts: [], timeoutMs: 1000 } },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.position)).toEqual([
      'models[0].variants[0].photos[0].src',
      'models[0].variants[0].photos',
    ]);
    expect((await env().data('{ products { totalCount } }')).products.totalCount).toBe(before);
  });
});
