// Guards the response cache's memory bound: whatever distinct requests arrive, the
// cache holds no more than its byte cap (least recently used answers go first), and an answer
// above the per-entry size is served but never stored. Detected from outside: a database change
// made without a catalogue version bump shows only when the answer is not cached any more.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

const MAX_BYTES = 200_000;
const MAX_ENTRY = 20_000;

describeDrivers(
  'response cache memory bound',
  (env) => {
    const brandName = async () => (await env().data('query Probe { brand(id: "1") { name } }')).brand.name as string;
    const renameBrand = (name: string) => env().database.db.execute(sql`UPDATE brands SET name = ${name} WHERE id = 1`);
    const stats = () => {
      const s = env().api.responseCacheStats();
      if (!s) throw new Error('response cache is off');
      return s;
    };

    it('never holds more than its byte cap, however many distinct answers arrive, and evicts the least recently used', async () => {
      const original = await brandName();
      await renameBrand('Переименован-1');
      // cached: the change is not seen yet
      expect(await brandName()).toBe(original);
      let peak = 0;
      // renamed operations, varied arguments, listings of different sizes: each a new entry
      for (let i = 0; i < 80; i++) {
        const op = `Flood${i}`;
        const limit = 5 + (i % 20);
        const res = await env().gql(`query ${op}($o: Int) { products(limit: ${limit}, offset: $o) { totalCount items { id name brand { name } } } }`, { o: i });
        expect(res.errors, op).toBeUndefined();
        peak = Math.max(peak, stats().bytes);
        expect(stats().bytes, op).toBeLessThanOrEqual(MAX_BYTES);
      }
      // the cap was reached (so eviction really ran) …
      expect(peak).toBeGreaterThan(MAX_BYTES / 2);
      // … and the oldest answer was evicted: the renamed brand shows
      expect(await brandName()).toBe('Переименован-1');
      await renameBrand(original);
    });

    it('serves an answer above the per-entry size but never stores it', async () => {
      const big = 'query Big { products(limit: 100) { items { id name description brand { name } variants { id name } } } }';
      const first = await env().request('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: big }) });
      expect(first.status).toBe(200);
      const text = await first.text();
      // precondition: this answer is over the entry cap
      expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_ENTRY);
      const before = stats();
      const firstName = (JSON.parse(text) as { data: { products: { items: { name: string }[] } } }).data.products.items[0]?.name ?? '';
      await env().database.db.execute(sql`UPDATE products SET name = ${`${firstName} (новинка)`} WHERE name = ${firstName}`);
      // not stored: the repeat runs again and sees the change
      const again = await env().data(big);
      expect(again.products.items[0].name).toBe(`${firstName} (новинка)`);
      expect(stats().bytes).toBe(before.bytes);
      expect(stats().entries).toBe(before.entries);
      await env().database.db.execute(sql`UPDATE products SET name = ${firstName} WHERE name = ${`${firstName} (новинка)`}`);
      // a small answer still is stored
      const small = 'query Small { brand(id: "2") { name } }';
      await env().data(small);
      expect(stats().entries).toBeGreaterThan(before.entries);
    });

    it('keeps parsed documents (each with its compiled form) within a memory estimate, however many renamed operations arrive', async () => {
      const fields = 'id name text description sizes priceInRUB brand { id name } mainCategory { id name } variants { id name colorName webPath }';
      for (let i = 0; i < 320; i++) {
        // ~1.4 KB each: six aliased one-card listings
        const aliases = Array.from({ length: 6 }, (_, a) => `a${a}: products(limit: 1, offset: ${(i + a) % 50}) { items { ${fields} } }`).join(' ');
        const res = await env().gql(`query Renamed${i} { ${aliases} }`);
        expect(res.errors, String(i)).toBeUndefined();
      }
      const { documents, estimatedBytes } = env().api.documentCacheStats();
      // yoga alone kept 1,024 documents for an hour (~230 KB each with its compiled form)
      expect(documents).toBeLessThan(320);
      expect(estimatedBytes).toBeLessThanOrEqual(48 * 1024 * 1024);
    });
  },
  { responseCacheMaxBytes: MAX_BYTES, responseCacheMaxEntryBytes: MAX_ENTRY },
);
