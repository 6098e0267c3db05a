// Guards the response cache: catalogue answers are cached, any catalogue change (import/seed)
// retires them, and order data is never cached.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { generateCatalog } from '../src/catalog/generator.ts';
import { importCatalog } from '../src/catalog/import-file.ts';
import { describeDrivers } from './test-env.ts';

describeDrivers('response cache', (env) => {
  it('serves repeated catalogue queries from the cache and drops them when the catalogue changes', async () => {
    const q = '{ brand(id: "1") { name } products(limit: 1) { totalCount } }';
    expect((await env().data(q)).brand.name).toBe('Nike');
    const catalog = generateCatalog('small');
    const nike = catalog.brands.find((b) => b.key === 'nike');
    if (!nike) throw new Error('no nike');
    nike.name = 'Nike Sportswear';
    catalog.models = catalog.models.slice(0, 10);
    const result = await importCatalog(env().database.db, catalog);
    expect(result.ok).toBe(true);
    // still the cached answer until the API notices the new catalogue version (polled in production)
    expect((await env().data(q)).brand.name).toBe('Nike');
    await env().api.refreshCatalogVersion();
    const fresh = await env().data(q);
    expect(fresh.brand.name).toBe('Nike Sportswear');
    expect(fresh.products.totalCount).toBeLessThan(153);
  });

  it('never caches orders', async () => {
    const offer = (await env().data('{ products(type: OFFER, limit: 1, filter: { properties: [{ propertyId: "size", values: ["42", "M"] }] }) { items { id } } }')).products.items[0];
    const created = (
      await env().data(`mutation($i: CreateOrderInput!) { createOrder(input: $i) { success order { id ordernumber accessKey } } }`, {
        i: {
          idempotencyKey: randomUUID(),
          orderData: { fullName: 'Петрова Анна', phone: '+79001234567', email: 'anna@example.ru', city: 'Москва', address: 'ул. Тверская, 1', deliveryMethod: 'COURIER', personalDataConsent: true, consentVersion: '2025-09-01' },
          items: [{ offerId: offer.id, quantity: 1 }],
        },
      })
    ).createOrder;
    expect(created.success).toBe(true);
    const q = `query($n: String!, $k: String!) { order(number: $n, key: $k) { status } }`;
    const vars = { n: created.order.ordernumber, k: created.order.accessKey };
    expect((await env().data(q, vars)).order.status).toBe('NEW');
    const res = await env().request(`/api/sandbox/pay/${created.order.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=${encodeURIComponent(created.order.accessKey)}`,
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect((await env().data(q, vars)).order.status).toBe('PAID');
  });

  it('does not cache page resolution: a redirect answers as soon as it is stored', async () => {
    const resolve = `query($p: String!) { resolvePage(path: $p) { type status } }`;
    const before = await env().data(resolve, { p: '/cache-test-old' });
    expect(before.resolvePage.status).toBe(404);
    await env().database.db.execute(sql`INSERT INTO redirects (from_path, to_path, status) VALUES ('/cache-test-old', '/search', 301)`);
    expect((await env().data(resolve, { p: '/cache-test-old' })).resolvePage).toEqual({ type: 'SEARCH', status: 301 });
  });
});
