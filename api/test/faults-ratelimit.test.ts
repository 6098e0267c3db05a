// Guards the createOrder rate limit under a concurrent burst: one client firing many orders at once gets exactly its quota stored and the rest RATE_LIMITED, while another client placing orders at the same moment is served.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../src/db/database.ts';
import { describeDrivers } from './test-env.ts';

const CREATE = `mutation($input: CreateOrderInput!) { createOrder(input: $input) { success errors { code } order { id totalPrice } } }`;
const orderData = {
  fullName: 'Петрова Анна Сергеевна',
  phone: '+7 (916) 123-45-67',
  email: 'anna@example.ru',
  city: 'Москва',
  address: 'ул. Тверская, д. 7, кв. 12',
  deliveryMethod: 'CDEK_PICKUP',
  personalDataConsent: true,
  consentVersion: '2025-09-01',
};

describeDrivers(
  'order rate limit under a burst',
  (env) => {
    it('a burst of 40 concurrent orders from one client stores exactly 5; another client is served meanwhile', async () => {
      const d = await env().data(`{ products(limit: 20) { items { offers { id stock } } } }`);
      const offer = d.products.items.flatMap((p: { offers: { id: string; stock: number }[] }) => p.offers).find((o: { stock: number }) => o.stock > 0);
      // every stored order takes a unit off free stock: this test is about the rate limit, not stock
      await env().database.db.execute(sql`UPDATE offers SET stock = 1000 WHERE id = ${Number(offer.id)}`);
      const order = (ip: string) =>
        env().gql(CREATE, { input: { idempotencyKey: randomUUID(), orderData, items: [{ offerId: offer.id, quantity: 1 }] } }, { 'x-forwarded-for': ip });
      const [burst, other] = await Promise.all([
        Promise.all(Array.from({ length: 40 }, () => order('203.0.113.5'))),
        Promise.all([order('203.0.113.77'), order('203.0.113.77'), order('203.0.113.77'), env().gql('{ products(limit: 3) { totalCount } }')]),
      ]);
      const served = burst.filter((r) => r.data?.createOrder?.success);
      const limited = burst.filter((r) => r.errors?.[0]?.extensions?.code === 'RATE_LIMITED');
      expect(served).toHaveLength(5);
      expect(limited).toHaveLength(35);
      for (const r of burst) expect(r.status).toBeLessThan(500);
      for (const r of other.slice(0, 3)) expect(r.data?.createOrder?.success).toBe(true);
      expect(other[3]?.errors).toBeUndefined();
      const stored = await rows<{ ip: string; n: number }>(
        env().database.db,
        sql`SELECT client_ip AS ip, count(*)::int AS n FROM order_consents GROUP BY client_ip ORDER BY client_ip`,
      );
      expect(stored).toEqual([
        { ip: '203.0.113.5', n: 5 },
        { ip: '203.0.113.77', n: 3 },
      ]);
    });
  },
  { orderRateLimit: 5 },
);
