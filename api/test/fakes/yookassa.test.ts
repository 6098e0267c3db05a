// The fake ЮKassa behaves like the parts of ЮKassa's API the shop relies on: Basic auth, the
// Idempotence-Key, the confirmation page a browser pays on, the notification it then sends.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYookassa, startFakeYookassa } from './yookassa.ts';

describe('fake ЮKassa', () => {
  let fake: FakeYookassa;
  let shop: Server;
  const received: unknown[] = [];
  beforeAll(async () => {
    fake = await startFakeYookassa({ shopId: '111', secretKey: 'test_FakeTestKey_abcdef' });
    shop = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', () => r()));
    fake.setNotifyUrl(`http://127.0.0.1:${(shop.address() as AddressInfo).port}/notify`);
  });
  afterAll(async () => {
    await fake?.close();
    await new Promise((r) => shop?.close(r));
  });

  const auth = () => `Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString('base64')}`;
  const create = (key: string, authorization = auth()) =>
    fetch(`${fake.url}/payments`, {
      method: 'POST',
      headers: { authorization, 'idempotence-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: { value: '4990.00', currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: 'https://shop.test/order/SH-AAAAA?key=k' },
        description: 'Заказ №SH-AAAAA',
        metadata: { order_id: '7', ordernumber: 'SH-AAAAA' },
      }),
    });

  it('refuses requests without the shop id and secret key (401) and records them', async () => {
    const res = await create('k-0', `Basic ${Buffer.from('111:test_wrong').toString('base64')}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_credentials');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v3/payments', status: 401 });
  });

  it('answers the same payment for the same Idempotence-Key, a new one for another', async () => {
    const a = (await (await create('k-1')).json()) as { id: string; status: string; confirmation: { confirmation_url: string } };
    const again = (await (await create('k-1')).json()) as { id: string };
    const other = (await (await create('k-2')).json()) as { id: string };
    expect(a.status).toBe('pending');
    expect(again.id).toBe(a.id);
    expect(other.id).not.toBe(a.id);
    const got = await fetch(`${fake.url}/payments/${a.id}`, { headers: { authorization: auth() } });
    expect(((await got.json()) as { id: string }).id).toBe(a.id);
    expect((await fetch(`${fake.url}/payments/nope`, { headers: { authorization: auth() } })).status).toBe(404);
  });

  it('shows a confirmation page a person can pay on; paying notifies the shop and returns to it', async () => {
    const p = (await (await create('k-3')).json()) as { id: string; confirmation: { confirmation_url: string } };
    const page = await fetch(p.confirmation.confirmation_url);
    const html = await page.text();
    expect(html).toContain('Оплата заказа');
    expect(html).toContain('4990.00 ₽');
    expect(html).toContain('Оплатить');
    expect(html).toContain('Отменить');
    const paid = await fetch(p.confirmation.confirmation_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('https://shop.test/order/SH-AAAAA?key=k');
    expect(received.at(-1)).toMatchObject({ type: 'notification', event: 'payment.succeeded', object: { id: p.id, status: 'succeeded', paid: true } });
    expect(fake.payments.get(p.id)?.status).toBe('succeeded');
    // a paid payment cannot be cancelled, neither on the page nor through the API
    expect(await fake.cancel(p.id)).toBeNull();
    const cancel = await fetch(`${fake.url}/payments/${p.id}/cancel`, { method: 'POST', headers: { authorization: auth(), 'idempotence-key': 'c-1' } });
    expect(cancel.status).toBe(400);
  });

  it('sends duplicated, out-of-order and forged notifications on demand', async () => {
    const p = (await (await create('k-4')).json()) as { id: string };
    await fake.pay(p.id);
    await fake.notify(p.id);
    await fake.notify(p.id, 'payment.canceled');
    await fake.sendNotification({ type: 'notification', event: 'payment.succeeded', object: { id: 'forged' } });
    expect(received.slice(-4).map((n) => (n as { event: string }).event)).toEqual(['payment.succeeded', 'payment.succeeded', 'payment.canceled', 'payment.succeeded']);
    expect(fake.notifications.slice(-4).map((n) => n.status)).toEqual([200, 200, 200, 200]);
  });
});
