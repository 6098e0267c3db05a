// Guards the order page's answer (resolvePage for /order/<number>): found only with its access
// key from the same URL; a wrong or missing key is a 404 that says nothing about the order and
// spends the client's order look-up budget like `order` does.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateOrderInput!) {
    createOrder(input: $input) { success errors { code message } order { id ordernumber accessKey } }
  }`;
const RESOLVE = `query($p: String!, $q: String) { resolvePage(path: $p, query: $q) { type id status location } }`;

describeDrivers(
  'order page',
  (env) => {
    let order: { id: string; ordernumber: string; accessKey: string };
    beforeAll(async () => {
      const d = await env().data(`{ products(limit: 100) { items { offers { id stock } } } }`);
      const offer = d.products.items.flatMap((p: { offers: { id: string; stock: number }[] }) => p.offers).find((o: { stock: number }) => o.stock >= 2);
      const res = await env().gql(CREATE, {
        input: {
          idempotencyKey: randomUUID(),
          orderData: {
            fullName: 'Петров Пётр',
            phone: '+7 (912) 345-67-89',
            email: 'petr@example.ru',
            city: 'Казань',
            address: 'ул. Баумана, д. 1',
            deliveryMethod: 'COURIER',
            comment: '',
            personalDataConsent: true,
            consentVersion: '2025-09-01',
          },
          items: [{ offerId: offer.id, quantity: 1 }],
        },
      });
      expect(res.data?.createOrder.success).toBe(true);
      order = res.data.createOrder.order;
    });
    const resolve = async (path: string, query: string, ip = '10.0.0.1') => {
      const res = await env().gql(RESOLVE, { p: path, q: query }, { 'x-forwarded-for': ip });
      return res;
    };

    it('answers 200 with the right key and 404 (type ORDER, nothing else) without it or with a wrong one', async () => {
      const path = `/order/${order.ordernumber}`;
      const key = encodeURIComponent(order.accessKey);
      expect((await resolve(path, `key=${key}`)).data.resolvePage).toEqual({ type: 'ORDER', id: order.ordernumber, status: 200, location: null });
      expect((await resolve(path, `?utm_source=mail&key=${key}`)).data.resolvePage).toMatchObject({ status: 200 });
      const notFound = { type: 'ORDER', id: order.ordernumber, status: 404, location: null };
      expect((await resolve(path, '')).data.resolvePage).toEqual(notFound);
      expect((await resolve(path, 'key=')).data.resolvePage).toEqual(notFound);
      expect((await resolve(path, 'key=wrong')).data.resolvePage).toEqual(notFound);
      // one character off, same length: still not found
      const last = order.accessKey.slice(-1) === 'A' ? 'B' : 'A';
      expect((await resolve(path, `key=${encodeURIComponent(order.accessKey.slice(0, -1) + last)}`)).data.resolvePage).toEqual(notFound);
      expect((await resolve(path, `key=${'x'.repeat(300)}`)).data.resolvePage).toEqual(notFound);
      // a made-up number with a key answers exactly like a real one with a wrong key (no existence oracle)
      expect((await resolve('/order/SH-ZZZZZ', `key=${key}`)).data.resolvePage).toEqual({ ...notFound, id: 'SH-ZZZZZ' });
      // a spelling variant still redirects to the canonical path with the key (the canonical then checks it)
      expect((await resolve(`/order/${order.ordernumber.toLowerCase()}`, `key=${key}`)).data.resolvePage).toMatchObject({
        status: 301,
        location: `/order/${order.ordernumber}?key=${key}`,
      });
    });

    it('counts every key tried against the order look-up budget; a client over it is refused, others are served', async () => {
      const path = `/order/${order.ordernumber}`;
      const peer = '192.0.2.77';
      // the budget is 5 in this suite: five guesses, then the right key is refused too
      for (let i = 0; i < 5; i++) expect((await resolve(path, `key=guess-${i}`, peer)).data.resolvePage.status).toBe(404);
      const limited = await resolve(path, `key=${encodeURIComponent(order.accessKey)}`, peer);
      expect(limited.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(limited.errors?.[0]?.message).toMatch(/Слишком много запросов/);
      expect(JSON.stringify(limited)).not.toContain(order.accessKey);
      // the order query shares the budget
      const q = `query($n: String!, $k: String!) { order(number: $n, key: $k) { id } }`;
      expect((await env().gql(q, { n: order.ordernumber, k: order.accessKey }, { 'x-forwarded-for': peer })).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // a page without a key costs nothing and still answers
      expect((await resolve(path, '', peer)).data.resolvePage.status).toBe(404);
      expect((await resolve(path, `key=${encodeURIComponent(order.accessKey)}`, '192.0.2.78')).data.resolvePage.status).toBe(200);
    });

    it("gives the order page's meta no key and no order URL (canonical is the home page), noindex", async () => {
      const meta = (await env().data(`query($id: ID) { pageMeta(type: ORDER, id: $id) { title canonical robots ogUrl } }`, { id: order.ordernumber })).pageMeta;
      expect(meta).toEqual({ title: expect.stringMatching(/^Ваш заказ \| /), canonical: 'https://shop.test/', ogUrl: 'https://shop.test/', robots: 'noindex, nofollow' });
    });
  },
  { orderLookupRateLimit: 5 },
);
