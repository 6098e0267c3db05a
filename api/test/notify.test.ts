// Order e-mails end to end on both drivers: an order placed through GraphQL and its status
// changes write letters to mail_outbox in their transaction; the sender delivers them over SMTP
// to a real local SMTP server (api/test/fakes/smtp.ts) where they are parsed as a mail client
// would. An SMTP outage loses nothing and sends nothing twice; two senders at once send each
// letter once; hostile values arrive escaped.
import { randomUUID } from 'node:crypto';
import { formatPrice } from '@shop/contracts/format';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtpServer, startSmtpServer } from './fakes/smtp.ts';
import { rows } from '../src/db/database.ts';
import { createApi } from '../src/http/app.ts';
import type { MailConfig } from '../src/notify/mail-config.ts';
import { MailSender, RETRY_BASE_SECONDS } from '../src/notify/mail-sender.ts';
import { queueLetter } from '../src/notify/order-mail-hook.ts';
import { runPlaced, runStatusChanged } from '../src/orders/order-hooks.ts';
import { changeOrderStatus } from '../src/orders/order-lifecycle.ts';
import { expectInertHtml } from './mail-html.ts';
import { createTestEnv, DRIVERS, type TestEnv } from './test-env.ts';

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateOrderInput!) {
    createOrder(input: $input) {
      success
      errors { code message }
      order { id ordernumber accessKey totalPrice }
    }
  }`;

const OWNERS = ['owner@example.ru', 'manager@example.ru'];
const PASSWORD = 'mail-pass-Zq81';

interface Placed {
  id: number;
  ordernumber: string;
  accessKey: string;
  totalPrice: number;
}

interface OutboxRow {
  id: number;
  kind: string;
  recipient: string;
  attempts: number;
  sent: boolean;
  lastError: string | null;
  dueInSeconds: number;
}

describe.each(DRIVERS)('order e-mails [%s]', (driver) => {
  let smtp: FakeSmtpServer;
  let env: TestEnv;
  let mail: MailConfig;
  let offers: { id: string; stock: number }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // with a user and password: the sender authenticates, and the password must never be stored or logged
    mail = {
      smtpUrl: `smtp://shop:${PASSWORD}@127.0.0.1:${smtp.port}`,
      from: 'Оригинал <shop@localhost>',
      ownerEmails: OWNERS,
      pollMs: 0,
    };
    env = await createTestEnv(driver, { mail });
    const d = await env.data(`{ products(limit: 100) { items { offers { id stock } } } }`);
    offers = d.products.items
      .flatMap((p: { offers: { id: string; stock: number }[] }) => p.offers)
      .filter((o: { stock: number }) => o.stock >= 2);
  });
  afterAll(async () => {
    await env?.close();
    await smtp?.close();
  });

  let nextOffer = 0;
  async function place(over: Record<string, unknown> = {}, offerIds?: string[]): Promise<Placed> {
    const ids = offerIds ?? [offers[nextOffer++ % offers.length]?.id as string];
    const res = await env.gql(CREATE, {
      input: {
        idempotencyKey: randomUUID(),
        orderData: {
          fullName: 'Иванов Иван',
          phone: '+7 (912) 345-67-89',
          email: `buyer-${randomUUID().slice(0, 8)}@example.ru`,
          city: 'Казань',
          address: 'ул. Баумана, д. 1',
          deliveryMethod: 'CDEK_PICKUP',
          comment: 'Позвоните за час',
          personalDataConsent: true,
          consentVersion: '2025-09-01',
          ...over,
        },
        items: ids.map((offerId) => ({ offerId, quantity: 1 })),
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.createOrder.errors).toEqual([]);
    const o = res.data.createOrder.order;
    return { ...o, id: Number(o.id) };
  }

  const emailOf = async (orderId: number) =>
    (await rows<{ email: string }>(env.database.db, sql`SELECT email FROM orders WHERE id = ${orderId}`))[0]
      ?.email as string;

  const outbox = (orderId: number) =>
    rows<OutboxRow>(
      env.database.db,
      sql`SELECT id, kind, recipient, attempts, sent_at IS NOT NULL AS sent, last_error AS "lastError",
                 round(extract(epoch FROM next_attempt_at - now()))::int AS "dueInSeconds"
          FROM mail_outbox WHERE order_id = ${orderId} ORDER BY id`,
    );

  const received = (number: string) => smtp.messages.filter((m) => m.subject.includes(number));

  it('a placed order delivers the shopper’s letter (link with key, lines, total; HTML and text) and one to each owner', async () => {
    const order = await place();
    const shopper = await emailOf(order.id);
    // written with the order, before anything is sent
    expect((await outbox(order.id)).map((r) => [r.kind, r.recipient, r.sent])).toEqual([
      ['order-placed', shopper, false],
      ['order-new-owner', OWNERS[0], false],
      ['order-new-owner', OWNERS[1], false],
    ]);
    expect(await env.api.sendDueMail()).toEqual({ sent: 3, failed: 0 });

    const letters = received(order.ordernumber);
    expect(letters.map((m) => m.to)).toEqual([[shopper], [OWNERS[0]], [OWNERS[1]]]);
    const ids = letters.map((m) => String(m.headers.get('message-id')));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^<[a-z0-9]+\.\d+\.order-[a-z-]+@localhost>$/);
    expect(letters[0]?.headers.get('auto-submitted')).toBe('auto-generated');
    const [mine, owner] = letters;
    expect(mine?.subject).toBe(`Заказ №${order.ordernumber} оформлен`);
    expect(mine?.from).toBe('"Оригинал" <shop@localhost>');
    const link = `https://shop.test/order/${order.ordernumber}?key=${encodeURIComponent(order.accessKey)}`;
    expect(mine?.text).toContain(link);
    expect(mine?.html).toContain(`href="${link}"`);
    expect(mine?.text).toContain(`Итого: ${formatPrice(order.totalPrice)}`);
    expect(mine?.html).toContain('Пункт выдачи СДЭК');
    expect(mine?.text).toMatch(/ссылка — ваш способ вернуться к заказу/);
    expect(owner?.subject).toBe(`Новый заказ №${order.ordernumber} — ${formatPrice(order.totalPrice)}`);
    expect(owner?.text).toContain(shopper);
    expect(owner?.text).toContain('+7 (912) 345-67-89');
    expect(owner?.html).toContain('Позвоните за час');
    expect(owner?.text).not.toContain(order.accessKey);
    expect((await outbox(order.id)).every((r) => r.sent && r.attempts === 0 && r.lastError === null)).toBe(true);

    // the letter's link opens the order page (and a changed key does not)
    const url = new URL((/https:\/\/shop\.test\/order\/\S+/.exec(mine?.text ?? '') ?? [''])[0]);
    const RESOLVE = `query($p: String!, $q: String) { resolvePage(path: $p, query: $q) { type status } }`;
    expect((await env.data(RESOLVE, { p: url.pathname, q: url.search.slice(1) })).resolvePage).toEqual({
      type: 'ORDER',
      status: 200,
    });
    expect((await env.data(RESOLVE, { p: url.pathname, q: 'key=nope' })).resolvePage).toEqual({
      type: 'ORDER',
      status: 404,
    });
    const key = url.searchParams.get('key');
    const page = await env.data(
      `query($n: String!, $k: String!) { order(number: $n, key: $k) { ordernumber totalPrice } }`,
      { n: order.ordernumber, k: key },
    );
    expect(page.order).toEqual({ ordernumber: order.ordernumber, totalPrice: order.totalPrice });

    // nothing is sent twice
    expect(await env.api.sendDueMail({ now: new Date(Date.now() + 86_400_000) })).toEqual({ sent: 0, failed: 0 });
    expect(received(order.ordernumber)).toHaveLength(3);
  });

  it('a payment delivers «оплачен» with the link; a repeated payment event writes no second letter', async () => {
    const order = await place();
    await env.api.sendDueMail();
    const paid = await changeOrderStatus(env.database.db, env.api.orderHooks, order.id, 'paid', 'sandbox');
    expect(paid).toMatchObject({ ok: true, changed: true });
    expect(await changeOrderStatus(env.database.db, env.api.orderHooks, order.id, 'paid', 'sandbox')).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(await env.api.sendDueMail()).toEqual({ sent: 1, failed: 0 });
    const letter = await smtp.waitFor((m) => m.subject === `Заказ №${order.ordernumber} оплачен`);
    expect(letter.to).toEqual([await emailOf(order.id)]);
    expect(letter.text).toContain(`?key=${encodeURIComponent(order.accessKey)}`);
    expect(letter.text).toContain(formatPrice(order.totalPrice));

    // the same events delivered again (a retried hook run): the dedupe keys hold, nothing new goes out
    if (!paid.ok) throw new Error('not paid');
    await env.database.db.transaction(async (tx) => {
      await runStatusChanged(env.api.orderHooks, tx as never, paid.order, 'new', 'paid');
      await runPlaced(env.api.orderHooks, tx as never, { ...paid.order, status: 'new' });
    });
    expect(await outbox(order.id)).toHaveLength(4);
    expect(await env.api.sendDueMail()).toEqual({ sent: 0, failed: 0 });
    expect(received(order.ordernumber)).toHaveLength(4);
  });

  it('shipping tells the shopper «отправлен» with the link and the parcel’s number; собран sends nothing', async () => {
    const order = await place();
    await changeOrderStatus(env.database.db, env.api.orderHooks, order.id, 'paid', 'sandbox');
    await env.api.sendDueMail();
    const before = received(order.ordernumber).length;
    await changeOrderStatus(env.database.db, env.api.orderHooks, order.id, 'assembled', 'ops-token');
    expect(await env.api.sendDueMail()).toEqual({ sent: 0, failed: 0 });
    await changeOrderStatus(env.database.db, env.api.orderHooks, order.id, 'shipped', 'ops-token', '', { trackingNumber: '1234567890' });
    expect(await env.api.sendDueMail()).toEqual({ sent: 1, failed: 0 });
    const letter = await smtp.waitFor((m) => m.subject === `Заказ №${order.ordernumber} отправлен`);
    expect(letter.to).toEqual([await emailOf(order.id)]);
    expect(letter.text).toContain(`?key=${encodeURIComponent(order.accessKey)}`);
    expect(letter.text).toContain('Трек-номер посылки: 1234567890');
    expect(received(order.ordernumber)).toHaveLength(before + 1);
  });

  it('a cancellation tells the shopper, with the reason from the history, escaped', async () => {
    const order = await place();
    const res = await changeOrderStatus(
      env.database.db,
      env.api.orderHooks,
      order.id,
      'cancelled',
      'ops-token',
      'Нет <b>размера</b> на складе',
    );
    expect(res).toMatchObject({ ok: true, changed: true });
    await env.api.sendDueMail();
    const letter = await smtp.waitFor((m) => m.subject === `Заказ №${order.ordernumber} отменён`);
    expect(letter.text).toContain('Причина: Нет <b>размера</b> на складе');
    expect(letter.html).toContain('Причина: Нет &lt;b&gt;размера&lt;/b&gt; на складе');
    expect(letter.html).not.toContain('<b>размера');
  });

  it('an SMTP outage loses nothing: letters wait with growing attempts and backoff, then arrive exactly once', async () => {
    smtp.setDown(true);
    const a = await place();
    const b = await place();
    const refusedBefore = smtp.refusedConnections();
    expect(await env.api.sendDueMail()).toEqual({ sent: 0, failed: 6 });
    expect(smtp.refusedConnections()).toBeGreaterThan(refusedBefore);
    for (const o of [a, b]) {
      const letters = await outbox(o.id);
      expect(letters).toHaveLength(3);
      for (const r of letters) {
        expect(r).toMatchObject({ sent: false, attempts: 1 });
        expect(r.lastError).toMatch(/421/);
        expect(r.lastError).not.toContain(PASSWORD);
        // the first retry waits RETRY_BASE_SECONDS
        expect(r.dueInSeconds).toBeGreaterThan(RETRY_BASE_SECONDS - 10);
        expect(r.dueInSeconds).toBeLessThanOrEqual(RETRY_BASE_SECONDS + 1);
      }
    }
    // not due yet: nothing is tried
    expect(await env.api.sendDueMail()).toEqual({ sent: 0, failed: 0 });
    // an hour later, still down: the second attempt fails too and waits twice as long
    const hour = Date.now() + 3_600_000;
    expect(await env.api.sendDueMail({ now: new Date(hour) })).toEqual({ sent: 0, failed: 6 });
    const [second] = await outbox(a.id);
    expect(second).toMatchObject({ attempts: 2, sent: false });
    expect((second?.dueInSeconds ?? 0) - 3600).toBeGreaterThan(2 * RETRY_BASE_SECONDS - 10);
    expect((second?.dueInSeconds ?? 0) - 3600).toBeLessThanOrEqual(2 * RETRY_BASE_SECONDS + 1);
    expect(received(a.ordernumber)).toEqual([]);

    // the server is back: every letter arrives, once
    smtp.setDown(false);
    expect(await env.api.sendDueMail({ now: new Date(hour + 3_600_000) })).toEqual({ sent: 6, failed: 0 });
    expect(await env.api.sendDueMail({ now: new Date(hour + 7_200_000) })).toEqual({ sent: 0, failed: 0 });
    for (const o of [a, b]) {
      const letters = received(o.ordernumber);
      expect(letters.map((m) => m.to[0]).sort()).toEqual([await emailOf(o.id), ...OWNERS].sort());
      expect((await outbox(o.id)).every((r) => r.sent && r.attempts === 2 && r.lastError === null)).toBe(true);
    }
  });

  it('two senders at once (two API processes) send each letter exactly once', async () => {
    const tag = randomUUID().slice(0, 8);
    const count = 45;
    for (let i = 0; i < count; i++) {
      await queueLetter(env.database.db, {
        dedupeKey: `race:${tag}:${i}`,
        kind: 'race',
        orderId: null,
        recipient: `r${i}-${tag}@example.ru`,
        subject: `race ${tag} #${i}`,
        html: '<p>race</p>',
        text: 'race',
      });
    }
    const one = new MailSender({ db: env.database.db, mail, log: null });
    const two = new MailSender({ db: env.database.db, mail, log: null });
    const results = await Promise.all([
      one.sendDueMail(),
      two.sendDueMail(),
      one.sendDueMail({ now: new Date() }),
      two.sendDueMail({ now: new Date() }),
    ]);
    one.stop();
    two.stop();
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(count);
    expect(results.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const got = smtp.messages.filter((m) => m.subject.startsWith(`race ${tag} `)).map((m) => m.subject);
    expect(got).toHaveLength(count);
    expect(new Set(got).size).toBe(count);
  });

  it('hostile values (name-like text, comment, address, product name) arrive escaped in the HTML', async () => {
    const [offer] = offers.slice(-1);
    const [product] = await rows<{ id: number; name: string }>(
      env.database.db,
      sql`SELECT p.id, p.name FROM products p JOIN offers o ON o.product_id = p.id WHERE o.id = ${Number(offer?.id)}`,
    );
    await env.database.db.execute(
      sql`UPDATE products SET name = ${'<script>alert("товар")</script> Кеды'} WHERE id = ${product?.id as number}`,
    );
    try {
      const order = await place(
        {
          fullName: "Д'Артаньян Шарль",
          comment: '<img src=x onerror=alert(1)> </td></table><script>alert(2)</script>',
          address: '"><a href="javascript:alert(3)">ул. Ленина</a>',
        },
        [offer?.id as string],
      );
      await env.api.sendDueMail();
      const letters = received(order.ordernumber);
      expect(letters).toHaveLength(3);
      for (const m of letters) {
        expectInertHtml(m.html, 'https://shop.test');
        expect(m.html).toContain('&lt;script&gt;alert(&quot;товар&quot;)&lt;/script&gt; Кеды');
        expect(m.html).toContain('Д&#39;Артаньян Шарль');
      }
      const owner = letters.find((m) => m.to[0] === OWNERS[0]);
      expect(owner?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(owner?.html).toContain('&quot;&gt;&lt;a href=&quot;javascript:alert(3)&quot;&gt;ул. Ленина&lt;/a&gt;');
      expect(owner?.text).toContain('<img src=x onerror=alert(1)>');
    } finally {
      await env.database.db.execute(
        sql`UPDATE products SET name = ${product?.name as string} WHERE id = ${product?.id as number}`,
      );
    }
  });

  it('without SMTP_URL letters wait in the outbox; an API started later with SMTP sends them', async () => {
    const quiet = await createApi({
      db: env.database.db,
      config: { ...env.config, mail: { ...mail, smtpUrl: undefined } },
      catalogPollMs: 0,
      reservationSweepMs: 0,
      logging: false,
    });
    const before = smtp.messages.length;
    const order = await place();
    // the order went through env.api (with SMTP); here a letter queued by the quiet API's own hook
    await env.database.db.transaction(async (tx) => {
      await queueLetter(tx as never, {
        dedupeKey: `wait:${order.id}`,
        kind: 'wait',
        orderId: order.id,
        recipient: 'wait@example.ru',
        subject: `ждёт ${order.ordernumber}`,
        html: '<p>ждёт</p>',
        text: 'ждёт',
      });
    });
    expect(await quiet.sendDueMail()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages.length).toBe(before);
    expect((await outbox(order.id)).every((r) => !r.sent && r.attempts === 0)).toBe(true);
    quiet.close();
    expect(await env.api.sendDueMail()).toEqual({ sent: 4, failed: 0 });
    expect(received(order.ordernumber).map((m) => m.subject)).toContain(`ждёт ${order.ordernumber}`);
  });

  it('without SMTP_URL the sender says once that letters wait, and sends nothing', async () => {
    const said: string[] = [];
    const log = { log: (m: string) => said.push(m), warn: (m: string) => said.push(m) };
    const sender = new MailSender({ db: env.database.db, mail: { ...mail, smtpUrl: undefined, pollMs: 1000 }, log });
    sender.start();
    expect(await sender.sendDueMail()).toEqual({ sent: 0, failed: 0 });
    sender.nudge(0);
    sender.stop();
    expect(said).toEqual(['SMTP_URL не задан: письма ждут в очереди']);
  });

  it('a sent letter loses its body (name, phone, address) after 30 days; its row and dedupe key stay', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const [key, age] of [
      ['old', 31],
      ['recent', 29],
    ] as const) {
      await queueLetter(env.database.db, {
        dedupeKey: `age:${tag}:${key}`,
        kind: 'age',
        orderId: null,
        recipient: 'a@example.ru',
        subject: key,
        html: '<p>Иванов, +79123456789</p>',
        text: 'Иванов',
      });
      await env.database.db.execute(
        sql`UPDATE mail_outbox SET sent_at = now() - make_interval(days => ${age}) WHERE dedupe_key = ${`age:${tag}:${key}`}`,
      );
    }
    const sender = new MailSender({ db: env.database.db, mail, log: null });
    expect(await sender.purgeSentBodies()).toBeGreaterThanOrEqual(1);
    const left = await rows<{ subject: string; html: string; text: string }>(
      env.database.db,
      sql`SELECT subject, html, text FROM mail_outbox WHERE dedupe_key LIKE ${`age:${tag}:%`} ORDER BY id`,
    );
    expect(left).toEqual([
      { subject: 'old', html: '', text: '' },
      { subject: 'recent', html: '<p>Иванов, +79123456789</p>', text: 'Иванов' },
    ]);
    expect(
      await queueLetter(env.database.db, {
        dedupeKey: `age:${tag}:old`,
        kind: 'age',
        orderId: null,
        recipient: 'a@example.ru',
        subject: 'again',
        html: '',
        text: '',
      }),
    ).toBe(false);
  });

  // last: its far-future rounds would take any letter still waiting
  it('a letter that keeps failing is retried 30 s, 1, 2 … minutes apart, then every 30 minutes, forever; named in the log once', async () => {
    await queueLetter(env.database.db, {
      dedupeKey: `stubborn:${randomUUID()}`,
      kind: 'stubborn',
      orderId: null,
      recipient: 'nobody@example.ru',
      subject: 'stubborn',
      html: '<p>x</p>',
      text: 'x',
    });
    const [{ id } = { id: 0 }] = await rows<{ id: number }>(
      env.database.db,
      sql`SELECT max(id)::int AS id FROM mail_outbox WHERE kind = 'stubborn'`,
    );
    const warnings: string[] = [];
    const refuse = async () => {
      throw Object.assign(new Error(`550 5.1.1 <nobody@example.ru>: mailbox unavailable (auth ${PASSWORD})`), {
        code: 'EENVELOPE',
        command: 'RCPT TO',
      });
    };
    const sender = new MailSender({
      db: env.database.db,
      mail,
      log: { log: () => {}, warn: (m: string) => warnings.push(m) },
      deliver: refuse,
    });
    const state = async () =>
      (
        await rows<{ attempts: number; next: Date; sent: boolean; lastError: string }>(
          env.database.db,
          sql`SELECT attempts, next_attempt_at AS next, sent_at IS NOT NULL AS sent, last_error AS "lastError" FROM mail_outbox WHERE id = ${id}`,
        )
      )[0];
    let at = Date.now() + 10 * 86_400_000;
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect(await sender.sendDueMail({ now: new Date(at) })).toEqual({ sent: 0, failed: 1 });
      const next = new Date((await state())?.next ?? 0).getTime();
      delays.push(Math.round((next - at) / 1000));
      at = next;
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800, 1800, 1800, 1800]);
    const last = await state();
    expect(last).toMatchObject({ attempts: 12, sent: false });
    expect(last?.lastError).toMatch(/^EENVELOPE: RCPT: 550 5\.1\.1/);
    expect(last?.lastError).not.toContain(PASSWORD);
    const named = warnings.filter((w) => w.includes(`#${id} `));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/не отправлено после 10 попыток.*Повтор каждые 30 мин/);
    // the outage itself was said once, not on every round
    expect(warnings.filter((w) => w.startsWith('Письма не отправлены'))).toHaveLength(1);
  });
});
