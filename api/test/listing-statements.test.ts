// Guards the listing's round trips: a page of product cards (brand, category, photo, colour
// variants) is one database statement, however many cards, and its resolvers ask nothing more.
import { expect, it, vi } from 'vitest';
import { describeDrivers } from './test-env.ts';

const LISTING = `query($filter: ProductFilterInput, $limit: Int) {
  products(filter: $filter, sort: PRICEUP, limit: $limit) { totalCount items { id name sku sizes priceInRUB minPriceInRUB webPath
    photo { fullpath width height } mainCategory { id name } brand { id name } variants { id name color colorName webPath thumbnail { src } } } } }`;

describeDrivers('listing round trips', (env) => {
  it('answers a filtered 24-card page with one statement', async () => {
    const filter = (priceTo: number) => ({ priceFrom: 1000, priceTo, properties: [{ propertyId: 'size', values: ['42', 'M'] }] });
    // the property definitions are read once per catalogue version: the first listing reads them
    await env().data(LISTING, { filter: filter(500_000), limit: 24 });
    // every statement, raw SQL (db.execute) and drizzle's query builder alike, is prepared by the session
    const { session } = env().database.db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } };
    const execute = vi.spyOn(session, 'prepareQuery');
    try {
      // a different request each time, so the response cache cannot answer
      const d = await env().data(LISTING, { filter: filter(400_000), limit: 24 });
      expect(d.products.items).toHaveLength(24);
      expect(d.products.totalCount).toBeGreaterThan(24);
      expect(d.products.items.every((p: { variants: unknown[]; brand: unknown; mainCategory: unknown }) => p.variants.length > 0 && p.brand && p.mainCategory)).toBe(true);
      expect(execute).toHaveBeenCalledTimes(1);
      execute.mockClear();
      await env().data(LISTING, { filter: filter(300_000), limit: 100 });
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
  });
});
