// Guards the photo pipeline end to end: the owner uploads a catalogue with photographs in the
// desk (hostile files among them, refused with their row), and shoppers then get AVIF or WebP
// in the width their screen needs, and messengers a JPEG preview.
import { crc32, deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { deskAccounts, signInToDesk, uploadCatalogue } from '../support/desk.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A photograph-like JPEG or PNG drawn by the browser's canvas (a gradient with a pattern, so it compresses like a photo). */
async function canvasPhoto(
  page: Page,
  width: number,
  height: number,
  type: 'image/jpeg' | 'image/png',
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height, type }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      const gradient = ctx.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#d8c3a5');
      gradient.addColorStop(1, '#3e5c76');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, width, height);
      for (let i = 0; i < 400; i++) {
        ctx.fillStyle = `hsl(${(i * 37) % 360} 60% 50% / 0.35)`;
        ctx.beginPath();
        ctx.arc((i * 97) % width, (i * 53) % height, 10 + (i % 40), 0, Math.PI * 2);
        ctx.fill();
      }
      return canvas.toDataURL(type, 0.9);
    },
    { width, height, type },
  );
  return Buffer.from(dataUrl.split(',')[1] as string, 'base64');
}

/** A 300-byte PNG whose header claims 50,000 × 50,000 pixels. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(200_000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first photo of the product page as the browser chose it: its address and format. */
async function firstPhoto(page: Page): Promise<{ width: number; format: string }> {
  const img = page.getByRole('list', { name: 'Фото товара' }).getByRole('img').first();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  const m = /\/api\/photos\/[0-9a-f]{32}\/(\d+)\.(avif|webp|jpg)$/.exec(new URL(src).pathname);
  expect(m, src).not.toBeNull();
  return { width: Number(m?.[1]), format: m?.[2] as string };
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc, 'the page is wider than the screen').toBeLessThanOrEqual(widths.view);
}

test('the owner uploads photographs; shoppers get AVIF or WebP sized for their screen, messengers a JPEG', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { generateCatalog } = await import('@shop/api');
  const original = generateCatalog('small');
  const withPhotos = structuredClone(original) as typeof original & { models: unknown[] };
  const base = original.models[0] as (typeof original.models)[number];
  const variant = (sku: string, photos: { src: string }[]) => ({
    ...(base.variants[0] as (typeof base.variants)[number]),
    sku,
    path: `/product/foto-test-${sku.toLowerCase()}`,
    photos,
    offers: [{ sku: `${sku}-42`, size: '42', price: 12_990, stock: 5 }],
  });
  const at = withPhotos.models.length;
  withPhotos.models.push({
    ...base,
    key: 'foto-test',
    name: 'Фото-тест Раннер',
    variants: [
      variant('FT-100', [{ src: 'photos/front.jpg' }, { src: 'photos/evil.jpg' }, { src: 'photos/bomb.png' }]),
      variant('FT-200', [{ src: 'photos/side.png' }, { src: 'photos/cut.jpg' }]),
    ],
  });

  // a brand's logo photographed too: the home page's tile shows it in the width it needs
  const brand = withPhotos.brands.find((b) => b.key === 'adidas') as (typeof withPhotos.brands)[number];
  brand.logo = { src: 'photos/logo.png' };

  await page.goto('/');
  const front = await canvasPhoto(page, 2400, 1800, 'image/jpeg');
  const side = await canvasPhoto(page, 1600, 1200, 'image/png');
  const logo = await canvasPhoto(page, 1200, 600, 'image/png');
  const zip = Buffer.from(
    zipSync({
      'catalogue.json': strToU8(JSON.stringify(withPhotos, null, 2)),
      'photos/front.jpg': front,
      'photos/side.png': side,
      'photos/logo.png': logo,
      'photos/evil.jpg': strToU8('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"/>'),
      'photos/bomb.png': pngBomb(),
      'photos/cut.jpg': front.subarray(0, Math.floor(front.length / 2)),
    }),
  );

  await signInToDesk(page, deskAccounts().owner, '/admin/catalog');
  await expect(page.getByRole('heading', { name: 'Каталог', level: 1 })).toBeVisible();
  try {
    const report = await uploadCatalogue(page, 'catalogue.zip', 'application/zip', zip);
    await expect(report.getByRole('heading', { name: 'Каталог загружен' })).toBeVisible();
    await expect(report).toContainText('фото: 3');
    const refused = report.getByRole('listitem');
    await expect(refused).toHaveCount(3);
    await expect(refused.nth(0)).toContainText(`models[${at}].variants[0].photos[1].src`);
    await expect(refused.nth(0)).toContainText('SVG, HTML или XML');
    await expect(refused.nth(1)).toContainText(`models[${at}].variants[0].photos[2].src`);
    await expect(refused.nth(1)).toContainText('слишком большое изображение: 50000×50000');
    await expect(refused.nth(2)).toContainText(`models[${at}].variants[1].photos[1].src`);
    await expect(refused.nth(2)).toContainText(/обрезан|посторонние/);
    for (const item of await refused.all()) await expect(item).toContainText(/^строка \d+/);
    // the report's long positions wrap on a 320 px phone: nothing scrolls sideways
    await page.setViewportSize({ width: 320, height: 700 });
    await noSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // a 360 px phone and a 1280 px screen, each fresh: the browser picks by the page's sizes
    const chosen: Record<number, { width: number; format: string }> = {};
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
      const shopper = await context.newPage();
      await shopper.goto('/product/foto-test-ft-100');
      await expect(shopper.getByRole('heading', { name: /Фото-тест Раннер/, level: 1 })).toBeVisible();
      chosen[width] = await firstPhoto(shopper);
      await context.close();
    }
    expect(['avif', 'webp']).toContain(chosen[360]?.format);
    expect(['avif', 'webp']).toContain(chosen[1280]?.format);
    expect(chosen[1280]?.width).toBeGreaterThan(chosen[360]?.width ?? Infinity);
    expect(chosen[360]?.width).toBeLessThanOrEqual(640);

    // the photographed logo on a 360 px phone: a modern format, no wider than its half-width tile needs
    const phone = await browser.newContext({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2 });
    const shopper = await phone.newPage();
    await shopper.goto('/');
    const tile = shopper.getByRole('region', { name: 'Топ бренды' }).getByRole('img', { name: 'Adidas' });
    await expect
      .poll(() => tile.evaluate((el: HTMLImageElement) => el.currentSrc))
      .toMatch(/\/api\/photos\/[0-9a-f]{32}\/(320|480)\.(avif|webp)$/);
    await phone.close();

    // the preview a messenger fetches: a 1200×630 JPEG of the product, named in the page's head
    const html = await (await page.request.get('/product/foto-test-ft-100')).text();
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(og).toMatch(/\/api\/photos\/[0-9a-f]{32}\/og\.jpg$/);
    const preview = await page.request.get(new URL(og).pathname);
    expect(preview.headers()['content-type']).toBe('image/jpeg');
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, new URL(og).pathname);
    expect(size).toEqual([1200, 630]);

    // the desk shows the colour's photos with their sizes; a replaced photo's old copies go
    await page.goto('/admin/catalog');
    await page.getByLabel('Артикул цвета').fill('ft-100');
    await page.getByRole('button', { name: 'Показать фото' }).click();
    const photos = page.getByTestId('product-photos').getByRole('listitem');
    await expect(photos).toHaveCount(1);
    await expect(photos.first()).toContainText(
      `2400×1800, оригинал ${new Intl.NumberFormat('ru-RU').format(Math.round(front.length / 1024))} КБ`,
    );
    await expect(photos.first()).toContainText(/Копии: .*\.avif/);
    await page.setViewportSize({ width: 320, height: 700 });
    await noSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const oldSource = /\/api\/photos\/([0-9a-f]{32})\//.exec(og)?.[1] as string;
    await photos
      .first()
      .getByLabel('Заменить фото 1')
      .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: side });
    await expect(page.getByRole('status')).toContainText('Фото заменено: «new.png»');
    await expect(photos.first()).toContainText('1600×1200');
    expect((await page.request.get(`/api/photos/${oldSource}/640.avif`)).status()).toBe(404);
    // the page shows the new photo once the host has heard of the new catalogue version (within a second)
    await expect
      .poll(async () => {
        await page.goto('/product/foto-test-ft-100');
        return page
          .getByRole('list', { name: 'Фото товара' })
          .getByRole('img')
          .first()
          .evaluate((el: HTMLImageElement) => el.currentSrc);
      })
      .not.toContain(oldSource);
  } finally {
    // the other specs expect the generated catalogue: put it back as it was
    await page.goto('/admin/catalog');
    const restored = await uploadCatalogue(page, 'catalogue.json', 'application/json', Buffer.from(JSON.stringify(original)));
    await expect(restored.getByRole('heading', { name: 'Каталог загружен' })).toBeVisible();
  }
});
