// Guards a card of a model with many colours: it draws four swatches in one row, its own colour
// among them, and «+N» for the rest, which leads to the product page where every colour is shown.
import { deskAccounts, signInToDesk, uploadCatalogue } from '../support/desk.ts';
import { expect, test } from '../support/test.ts';

const COLOURS = [
  ['белый', 'white'],
  ['чёрный', 'black'],
  ['серый', 'grey'],
  ['красный', 'red'],
  ['зелёный', 'green'],
  ['синий', 'blue'],
] as const;

test('a card of a six-colour model shows four swatches and «+2», which opens the model with all six', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { generateCatalog } = await import('@shop/api');
  const original = generateCatalog('small');
  const withColours = structuredClone(original) as typeof original & { models: unknown[] };
  const base = original.models[0] as (typeof original.models)[number];
  const first = base.variants[0] as (typeof base.variants)[number];
  withColours.models.push({
    ...base,
    key: 'raduga-test',
    name: 'Кроссовки Nike Радуга',
    variants: COLOURS.map(([color, colorClass], i) => ({
      ...first,
      sku: `RG-${i + 1}00`,
      color,
      colorClass,
      path: `/product/raduga-test-rg-${i + 1}00`,
      properties: { ...first.properties, color: [color] },
      offers: [{ sku: `RG-${i + 1}00-42`, size: '42', price: 12_990, stock: 5 }],
    })),
  });

  await signInToDesk(page, deskAccounts().owner, '/admin/catalog');
  try {
    const report = await uploadCatalogue(page, 'catalogue.json', 'application/json', Buffer.from(JSON.stringify(withColours)));
    await expect(report.getByRole('heading', { name: 'Каталог загружен' })).toBeVisible();

    // a hurried shopper on the narrowest phone: the swatches and «+2» fit one row of a half-width card
    const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
    const shopper = await context.newPage();
    await expect
      .poll(async () => {
        await shopper.goto('/search?search=Радуга');
        return shopper.getByTestId('product-card').count();
      })
      .toBe(COLOURS.length);
    // the sixth colour's card: its own swatch is drawn (in the last place), the count says two more
    const card = shopper.getByTestId('product-card').filter({ has: shopper.locator('a[href="/product/raduga-test-rg-600"]') }).first();
    const swatches = card.getByRole('list', { name: 'Цвета' });
    await expect(swatches.getByRole('link', { name: /^Цвет: / })).toHaveCount(4);
    await expect(swatches.getByRole('link', { name: 'Цвет: синий' })).toHaveAttribute('data-current', 'true');
    await expect(swatches.getByRole('link', { name: 'Цвет: красный' })).toHaveCount(0);
    const more = swatches.getByRole('link', { name: 'Ещё 2 цвета' });
    await expect(more).toHaveText('+2');
    const rows = await swatches.evaluate((list) => new Set([...list.children].map((li) => li.getBoundingClientRect().top)).size);
    expect(rows, 'the swatches wrap to a second row').toBe(1);

    await more.click();
    await expect(shopper).toHaveURL(/\/product\/raduga-test-rg-600$/);
    const all = shopper.getByRole('list', { name: 'Другие цвета' });
    await expect(all.getByRole('link', { name: /^Цвет: / })).toHaveCount(COLOURS.length);
    await expect(all.getByRole('link', { name: 'Цвет: синий' })).toHaveAttribute('aria-current', 'page');
    await context.close();
  } finally {
    // the other specs expect the generated catalogue: put it back as it was
    await page.goto('/admin/catalog');
    const restored = await uploadCatalogue(page, 'catalogue.json', 'application/json', Buffer.from(JSON.stringify(original)));
    await expect(restored.getByRole('heading', { name: 'Каталог загружен' })).toBeVisible();
  }
});
