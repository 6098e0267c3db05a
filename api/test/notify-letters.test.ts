// The letters themselves (notify/mail-templates.ts): what a shopper and an owner read, in Russian,
// in both parts; every value from the catalogue or the shopper escaped in the HTML; nothing
// remote loaded. And the mail settings (notify/mail-config.ts).
import { formatPrice } from '@shop/contracts/format';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import {
  escapeHtml,
  type LetterLine,
  type LetterOrder,
  newOrderOwnerLetter,
  orderCancelledLetter,
  orderDeliveredLetter,
  orderPaidLetter,
  orderPlacedLetter,
  orderReadyLetter,
  orderShippedLetter,
  returnLetter,
  returnRequestOwnerLetter,
} from '../src/notify/mail-templates.ts';
import { expectInertHtml } from './mail-html.ts';

const shop = { name: 'Оригинал', publicUrl: 'https://shop.example.ru' };
const order: LetterOrder = {
  ordernumber: 'SH-7K3Q9',
  accessKey: 'ab+c/d=e_f-GH',
  totalPrice: 23_970,
  fullName: 'Иванов Иван',
  phone: '+79123456789',
  email: 'ivan@example.ru',
  city: 'Казань',
  address: 'ул. Баумана, д. 1, кв. 2',
  deliveryMethod: 'CDEK_PICKUP',
  comment: 'Позвоните за час\nдомофон 12',
  trackingNumber: null,
};
const lines: LetterLine[] = [
  { name: 'Кроссовки Nike Air Max 90', sku: 'FQ5357-541-42', size: '42', price: 11_990, quantity: 1 },
  { name: 'Носки Adidas', sku: 'AD-SOCK-M', size: 'M', price: 5_990, quantity: 2 },
];
const LINK = 'https://shop.example.ru/order/SH-7K3Q9?key=ab%2Bc%2Fd%3De_f-GH';

const hostile: LetterOrder = {
  ...order,
  fullName: 'Иван <script>alert(1)</script>',
  city: '"><img src=x onerror=alert(2)>',
  address: "</td></tr></table><a href='javascript:alert(3)'>жми</a>",
  comment: '<iframe src="https://evil.example/"></iframe> & ещё',
  email: 'x"onmouseover="alert(4)@example.ru',
};
const hostileLines: LetterLine[] = [
  { name: '<script>steal()</script> кеды', sku: '<b>SKU</b>', size: '<i>42</i>', price: 100, quantity: 1 },
];

/** Nothing a mail client would load or run: only the templates' own tags, attributes and links. */
const expectInert = (html: string) => expectInertHtml(html, shop.publicUrl);

describe('letters', () => {
  it('order placed (shopper): subject, the order link with its key, lines, total, delivery, comment; both parts', () => {
    const l = orderPlacedLetter(shop, order, lines, new Date('2026-11-23T19:35:00Z'));
    expect(l.subject).toBe('Заказ №SH-7K3Q9 оформлен');
    for (const part of [l.html, l.text]) {
      expect(part).toContain('Кроссовки Nike Air Max 90');
      expect(part).toContain(formatPrice(23_970));
      expect(part).toContain(`2 × ${formatPrice(5_990)}`);
      expect(part).toContain('Пункт выдачи СДЭК');
      expect(part).toContain('+7 (912) 345-67-89');
      expect(part).toContain('23 ноября, 22:35 (мск)');
      expect(part).toMatch(/ссылка — ваш способ вернуться к заказу/);
    }
    expect(l.text).toContain(LINK);
    expect(l.html).toContain(`href="${LINK}"`);
    // the comment goes to the owner only (free text from anyone, sent to any address, is a phishing tool)
    expect(l.html + l.text).not.toContain('Позвоните за час');
    expect(l.html).toMatch(/^<!doctype html>/);
    expect(l.html).toContain('name="viewport"');
    expectInert(l.html);
    // the total as a shopper reads it: no-break spaces, so it never wraps in the middle
    expect(l.text).toContain('Итого: 23\u00a0970\u00a0₽');
  });

  it('order placed without a reservation time says where to pay instead of a deadline', () => {
    const l = orderPlacedLetter(shop, order, lines, null);
    expect(l.text).not.toContain('Оплатите заказ до');
    expect(l.text).toContain('Оплатить заказ и следить за его статусом можно на странице заказа');
  });

  it('new order (owner): subject with the total, SKUs, the shopper contact (tel:, mailto:) and the desk link', () => {
    const l = newOrderOwnerLetter(shop, order, lines, new Date('2026-11-23T19:05:00Z'));
    expect(l.subject).toBe(`Новый заказ №SH-7K3Q9 — ${formatPrice(23_970)}`);
    for (const part of [l.html, l.text]) {
      expect(part).toContain('арт. FQ5357-541-42');
      expect(part).toContain('Иванов Иван');
      expect(part).toContain('ivan@example.ru');
      expect(part).toContain('+7 (912) 345-67-89');
      expect(part).toContain('ул. Баумана, д. 1, кв. 2');
      expect(part).toContain('https://shop.example.ru/admin/orders/SH-7K3Q9');
      expect(part).toContain('23 ноября, 22:05 (мск)');
    }
    expect(l.html).toContain('href="tel:+79123456789"');
    expect(l.html).toContain('href="mailto:ivan@example.ru"');
    expect(l.html).toContain('Позвоните за час<br>домофон 12');
    const tricky = newOrderOwnerLetter(shop, { ...order, email: 'a?bcc=x@example.ru' }, lines, new Date());
    expect(tricky.html).toContain('href="mailto:a%3Fbcc%3Dx@example.ru"');
    // the owner's letter never carries the shopper's key
    expect(l.html + l.text).not.toContain(order.accessKey);
    expect(l.html + l.text).not.toContain('key=');
    expectInert(l.html);
  });

  it('order paid (shopper): subject, amount, link with key', () => {
    const l = orderPaidLetter(shop, order, lines);
    expect(l.subject).toBe('Заказ №SH-7K3Q9 оплачен');
    expect(l.text).toContain(`мы получили ${formatPrice(23_970)}`);
    expect(l.text).toContain(LINK);
    expect(l.html).toContain(`href="${LINK}"`);
    expect(l.html).toContain('Носки Adidas');
    expectInert(l.html);
  });

  it('order shipped (shopper): subject, link with key, delivery and lines', () => {
    const l = orderShippedLetter(shop, order, lines);
    expect(l.subject).toBe('Заказ №SH-7K3Q9 отправлен');
    expect(l.text).toContain('передан в доставку');
    expect(l.text).toContain(LINK);
    expect(l.html).toContain(`href="${LINK}"`);
    expect(l.html).toContain('Носки Adidas');
    expectInert(l.html);
  });

  it('placed, paid and shipped letters say how to return an item, with the shop’s returns page', () => {
    const returns = `${shop.publicUrl}/vozvrat-i-obmen`;
    for (const l of [orderPlacedLetter(shop, order, lines, null), orderPaidLetter(shop, order, lines), orderShippedLetter(shop, order, lines)]) {
      expect(l.text).toContain(`Вернуть или обменять товар можно в течение 7 дней после получения: ${returns}`);
      expect(l.html).toContain(`href="${returns}"`);
      expectInert(l.html);
    }
  });

  it('«отправлен» gives the parcel’s tracking number and the carrier’s page to follow it', () => {
    const cdek = orderShippedLetter(shop, { ...order, trackingNumber: '1234567890' }, lines);
    const follow = 'https://www.cdek.ru/ru/tracking/?order_id=1234567890';
    expect(cdek.text).toContain('Трек-номер посылки: 1234567890');
    expect(cdek.text).toContain(`Отследить: ${follow}`);
    expect(cdek.html).toContain(`href="${follow}"`);
    expect(cdek.html).toContain('Отследить посылку');
    const post = orderShippedLetter(shop, { ...order, deliveryMethod: 'RUSSIAN_POST', trackingNumber: 'RA123456789RU' }, lines);
    expect(post.text).toContain('https://www.pochta.ru/tracking?barcode=RA123456789RU');
    // without a number the letter says nothing of one
    expect(orderShippedLetter(shop, order, lines).text).not.toContain('Трек-номер');
    expectInert(cdek.html);
  });

  it('«ждёт в пункте выдачи» names the point, its hours, what to bring and how long it waits', () => {
    const l = orderReadyLetter(shop, { ...order, trackingNumber: '1480000001' }, { address: 'пр-т Победы, 91', workTime: 'Пн-Вс 09:00-21:00' });
    expect(l.subject).toBe('Заказ №SH-7K3Q9 ждёт вас в пункте выдачи');
    for (const part of [l.text, l.html]) {
      expect(part).toContain('Казань, пр-т Победы, 91');
      expect(part).toContain('Часы работы: Пн-Вс 09:00-21:00');
      expect(part).toContain('Возьмите паспорт');
      expect(part).toContain('хранится в пункте 7 дней');
    }
    expect(l.text).toContain('Отследить: https://www.cdek.ru/ru/tracking/?order_id=1480000001');
    expect(l.text).toContain(LINK);
    expectInert(l.html);
    // «получен»: thanks and the 7 days to return
    const got = orderDeliveredLetter(shop, order);
    expect(got.subject).toBe('Заказ №SH-7K3Q9 получен');
    expect(got.text).toContain(`в течение 7 дней после получения: ${shop.publicUrl}/vozvrat-i-obmen`);
    expectInert(got.html);
  });

  it('order cancelled (shopper): the reason when there is one, the refund note only after payment', () => {
    const unpaid = orderCancelledLetter(shop, order, 'Не оплачен вовремя: резерв снят', false);
    expect(unpaid.subject).toBe('Заказ №SH-7K3Q9 отменён');
    expect(unpaid.text).toContain('Причина: Не оплачен вовремя: резерв снят');
    expect(unpaid.text).not.toContain('вернём деньги');
    expect(unpaid.text).toContain(LINK);
    const paid = orderCancelledLetter(shop, order, '', true);
    expect(paid.text).not.toContain('Причина');
    expect(paid.html).toContain('вернём деньги');
    const evil = orderCancelledLetter(shop, order, '<script>x()</script>', false);
    expect(evil.html).toContain('Причина: &lt;script&gt;x()&lt;/script&gt;');
    expectInert(evil.html);
  });

  it('hostile names, addresses, comments and product names are text in every HTML letter', () => {
    const letters = [
      orderPlacedLetter(shop, hostile, hostileLines, null),
      newOrderOwnerLetter(shop, hostile, hostileLines, new Date()),
      orderPaidLetter(shop, hostile, hostileLines),
      orderShippedLetter(shop, hostile, hostileLines),
      orderCancelledLetter(shop, hostile, hostile.comment, true),
      orderReadyLetter(shop, hostile, { address: '<b>ул.</b> Баумана', workTime: '<script>t()</script>' }),
      orderDeliveredLetter(shop, hostile),
      returnLetter(shop, hostile, { amount: 100, lines: hostileLines, note: '<img src=x onerror=alert(5)>' }, 'rejected'),
      returnLetter(shop, hostile, { amount: 100, lines: hostileLines, note: '' }, 'requested'),
      returnRequestOwnerLetter(shop, hostile, { amount: 100, lines: hostileLines, note: '', reason: '<b>Брак</b>', comment: '<script>x()</script>' }),
    ];
    for (const l of letters) {
      expectInert(l.html);
      expect(l.html).toContain('Иван &lt;script&gt;alert(1)&lt;/script&gt;');
    }
    expect(letters[0]?.html).toContain('&lt;script&gt;steal()&lt;/script&gt; кеды');
    expect(letters[1]?.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(letters[1]?.html).toContain('href="mailto:x%22onmouseover%3D%22alert(4)@example.ru"');
    // the plain-text part shows them as typed
    expect(letters[0]?.text).toContain('Иван <script>alert(1)</script>');
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
  });
});

describe('spoofing', () => {
  it('bidirectional overrides (U+202E…) are dropped from every value, in both parts', () => {
    const rlo = '\u202e';
    const spoof: LetterOrder = {
      ...order,
      fullName: `Иван ${rlo}вонаВ`,
      address: `ул. ${rlo}moc.live`,
      email: `a${rlo}b@example.ru`,
      comment: `\u2066x\u2069`,
    };
    const spoofLines = [{ ...lines[0], name: `Кеды ${rlo}exe.` } as LetterLine];
    const letters = [
      orderPlacedLetter(shop, spoof, spoofLines, null),
      newOrderOwnerLetter(shop, spoof, spoofLines, new Date()),
      orderPaidLetter(shop, spoof, spoofLines),
      orderCancelledLetter(shop, spoof, `причина ${rlo}абв`, false),
    ];
    for (const l of letters) expect(l.html + l.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(letters[0]?.text).toContain('ул. moc.live');
    expect(letters[1]?.text).toContain('Кеды exe.');
    expect(letters[3]?.text).toContain('Причина: причина абв');
  });
});

describe('mail settings', () => {
  it('defaults: no SMTP (letters wait), From the shop name at localhost, no owner addresses', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Оригинал <shop@localhost>',
      ownerEmails: [],
      pollMs: 5000,
    });
    expect(loadConfig({ SHOP_NAME: 'Кеды' }).mail.from).toBe('Кеды <shop@localhost>');
  });

  it('reads SMTP_URL, MAIL_FROM and a list of owner addresses (trimmed, lower-case, no repeats)', () => {
    const mail = loadConfig({
      SMTP_URL: 'smtps://shop:p%40ss@smtp.example.ru:465',
      MAIL_FROM: 'Магазин «Оригинал» <orders@example.ru>',
      SHOP_OWNER_EMAIL: ' Owner@Example.ru, manager@example.ru,owner@example.ru ',
    }).mail;
    expect(mail).toMatchObject({
      smtpUrl: 'smtps://shop:p%40ss@smtp.example.ru:465',
      from: 'Магазин «Оригинал» <orders@example.ru>',
      ownerEmails: ['owner@example.ru', 'manager@example.ru'],
    });
  });

  it.each([
    ['SMTP_URL', 'http://smtp.example.ru'],
    ['SMTP_URL', 'smtp//nohost'],
    ['SHOP_OWNER_EMAIL', 'owner@example.ru, не адрес'],
    ['SHOP_OWNER_EMAIL', 'a@b.ru\r\nBcc: x@y.ru'],
    ['MAIL_FROM', 'Магазин <not an address>'],
    ['MAIL_FROM', 'shop@example.ru\r\nBcc: all@example.ru'],
    ['MAIL_POLL_MS', '5'],
  ])('refuses %s=%j at start with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('never prints the SMTP password in its error', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@smtp.example.ru' })).toThrow(/user:\*\*\*@/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@smtp.example.ru' })).not.toThrow(/hunter2/);
  });
});
