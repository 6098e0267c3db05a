// The shop's letters: each one an HTML part and a plain-text part in Russian. The HTML is a simple
// single-column layout with inline styles (mail clients drop <style> and external CSS), no
// images (nothing remote is loaded), readable on a 360 px phone. Every value that comes from the
// catalogue or the shopper is HTML-escaped; the text part is plain text and needs no escaping.

import { formatPrice } from '@shop/contracts/format';
import { deliveryTitle, trackingUrl } from '@shop/contracts/order';
import { RETURNS_PATH } from '@shop/contracts/pages';
import type { OrderFacts } from '../orders/order-row.ts';

export interface LetterShop {
  /** Shown in the header and the footer (SHOP_NAME). */
  name: string;
  /** SHOP_PUBLIC_URL without a trailing slash. */
  publicUrl: string;
}

/** A letter speaks of the order as stored; its id and status are the hook's business, not the letter's. */
export type LetterOrder = Omit<OrderFacts, 'id' | 'status'>;

export interface LetterLine {
  name: string;
  sku: string;
  size: string;
  price: number;
  quantity: number;
}

export interface Letter {
  subject: string;
  html: string;
  text: string;
}

const moscowTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
/** «23 ноября, 22:35 (мск)». */
export const moscow = (d: Date) => `${moscowTime.format(d).replace(' в ', ', ')} (мск)`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** For element text and double-quoted attribute values alike. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

// Bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) turn text around as it is
// shown: «‮moc.live» reads as «evil.com». The order form lets them through;
// in a letter they only serve spoofing, so every value loses them before it is written.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const tidy = (s: string) => s.replace(BIDI_CONTROLS, '');
const tidyOrder = (o: LetterOrder): LetterOrder => ({
  ...o,
  fullName: tidy(o.fullName),
  email: tidy(o.email),
  city: tidy(o.city),
  address: tidy(o.address),
  comment: tidy(o.comment),
});
const tidyLines = (lines: readonly LetterLine[]): LetterLine[] =>
  lines.map((l) => ({ ...l, name: tidy(l.name), sku: tidy(l.sku), size: tidy(l.size) }));

/** +79123456789 → +7 (912) 345-67-89 (anything else as stored). */
export function formatPhone(phone: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone;
}

/** The shopper's way back to the order: its page with the access key (no account needed). */
/** How to return an item: the shop's «Возврат и обмен» page, at the end of each letter to the shopper about an order on its way. */
function returnsHtml(shop: LetterShop): string {
  const href = `${shop.publicUrl}${RETURNS_PATH}`;
  return p(`Вернуть или обменять товар можно в течение 7 дней после получения: <a href="${escapeHtml(href)}" style="color:#1d4ed8;">как это сделать</a>.`, `font-size:14px;${MUTED}`);
}

function returnsText(shop: LetterShop): string {
  return `Вернуть или обменять товар можно в течение 7 дней после получения: ${shop.publicUrl}${RETURNS_PATH}`;
}

export function orderLink(shop: LetterShop, order: Pick<LetterOrder, 'ordernumber' | 'accessKey'>): string {
  return `${shop.publicUrl}/order/${encodeURIComponent(order.ordernumber)}?key=${encodeURIComponent(order.accessKey)}`;
}

/** The order in the owner's desk (sign-in required). */
export function deskLink(shop: LetterShop, order: Pick<LetterOrder, 'ordernumber'>): string {
  return `${shop.publicUrl}/admin/orders/${encodeURIComponent(order.ordernumber)}`;
}

// ---- HTML building blocks (inline styles only) ----

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const MUTED = 'color:#6b6b73;';
const RULE = 'border-bottom:1px solid #e4e4e7;';

const multiline = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

function page(shop: LetterShop, subject: string, preheader: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;${FONT}font-size:16px;line-height:1.5;color:#18181b;">
<tr><td style="padding:20px 20px 0;font-size:15px;font-weight:bold;letter-spacing:0.5px;">${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:8px 20px 24px;word-wrap:break-word;overflow-wrap:anywhere;">
${body}
</td></tr>
<tr><td style="padding:16px 20px;border-top:1px solid #e4e4e7;font-size:13px;${MUTED}">${escapeHtml(shop.name)} · <a href="${escapeHtml(shop.publicUrl)}" style="${MUTED}">${escapeHtml(shop.publicUrl.replace(/^https?:\/\//, ''))}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

const h1 = (s: string) => `<h1 style="margin:8px 0 16px;font-size:22px;line-height:1.3;${FONT}">${escapeHtml(s)}</h1>`;
const p = (html: string, style = '') => `<p style="margin:0 0 12px;${style}">${html}</p>`;
const h2 = (s: string) => `<h2 style="margin:20px 0 8px;font-size:17px;${FONT}">${escapeHtml(s)}</h2>`;

function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;"><tr><td style="border-radius:6px;background:#18181b;">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

/** The link also written out, for clients that hide buttons and for copying. */
const linkText = (href: string) =>
  p(
    `<a href="${escapeHtml(href)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(href)}</a>`,
    'font-size:14px;',
  );

function linesTable(lines: readonly LetterLine[], total: number, withSku: boolean): string {
  const rows = lines.map((l) => {
    const details = [
      l.size ? `размер ${l.size}` : '',
      withSku && l.sku ? `арт. ${l.sku}` : '',
      `${l.quantity} × ${formatPrice(l.price)}`,
    ]
      .filter(Boolean)
      .map(escapeHtml)
      .join(' · ');
    return `<tr>
<td style="padding:8px 0;${RULE}vertical-align:top;">${escapeHtml(l.name)}<br><span style="font-size:14px;${MUTED}">${details}</span></td>
<td align="right" style="padding:8px 0 8px 12px;${RULE}vertical-align:top;white-space:nowrap;">${escapeHtml(formatPrice(l.price * l.quantity))}</td>
</tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;${FONT}font-size:16px;">
${rows.join('\n')}
<tr><td style="padding:12px 0 0;font-weight:bold;">Итого</td><td align="right" style="padding:12px 0 0 12px;font-weight:bold;white-space:nowrap;">${escapeHtml(formatPrice(total))}</td></tr>
</table>`;
}

function linesText(lines: readonly LetterLine[], total: number, withSku: boolean): string {
  const rows = lines.map((l) => {
    const what = [l.name, l.size ? `размер ${l.size}` : '', withSku && l.sku ? `арт. ${l.sku}` : '']
      .filter(Boolean)
      .join(', ');
    return `— ${what}: ${l.quantity} × ${formatPrice(l.price)} = ${formatPrice(l.price * l.quantity)}`;
  });
  return `${rows.join('\n')}\nИтого: ${formatPrice(total)}`;
}

function deliveryHtml(o: LetterOrder): string {
  return p(
    `${escapeHtml(deliveryTitle(o.deliveryMethod))}<br>${escapeHtml(o.city)}, ${multiline(o.address)}<br>` +
      `Получатель: ${escapeHtml(o.fullName)}, <span style="white-space:nowrap;">${escapeHtml(formatPhone(o.phone))}</span>`,
  );
}

const deliveryText = (o: LetterOrder) =>
  `${deliveryTitle(o.deliveryMethod)}\n${o.city}, ${o.address}\nПолучатель: ${o.fullName}, ${formatPhone(o.phone)}`;

const KEEP_LINK =
  'Сохраните это письмо: ссылка — ваш способ вернуться к заказу, входить на сайт не нужно. Не пересылайте её: по ней заказ может открыть любой.';

// ---- the letters ----

/**
 * To the shopper when the order is placed. `payBy`: when an unpaid order is cancelled (its
 * reservation ends). The comment is not repeated here (the owner's letter has it): anyone can
 * place an order with someone else's address, and 1,000 characters of free text sent from the
 * shop's own address would make a good phishing letter.
 */
export function orderPlacedLetter(
  shop: LetterShop,
  raw: LetterOrder,
  rawLines: readonly LetterLine[],
  payBy: Date | null,
): Letter {
  const order = tidyOrder(raw);
  const lines = tidyLines(rawLines);
  const subject = `Заказ №${order.ordernumber} оформлен`;
  const link = orderLink(shop, order);
  const pay = payBy
    ? `Оплатите заказ до ${moscow(payBy)}: после этого неоплаченный заказ отменяется, а товары возвращаются в продажу.`
    : 'Оплатить заказ и следить за его статусом можно на странице заказа.';
  const html = [
    h1(subject),
    p(`Здравствуйте, ${escapeHtml(order.fullName)}! Спасибо за заказ — мы его получили.`),
    p(escapeHtml(pay)),
    button(link, 'Открыть заказ'),
    linkText(link),
    p(escapeHtml(KEEP_LINK), `font-size:14px;${MUTED}`),
    h2('Состав заказа'),
    linesTable(lines, order.totalPrice, false),
    h2('Доставка'),
    deliveryHtml(order),
    returnsHtml(shop),
  ].join('\n');
  const text = [
    `Здравствуйте, ${order.fullName}!`,
    '',
    `Заказ №${order.ordernumber} оформлен. Спасибо за заказ — мы его получили.`,
    pay,
    '',
    'Страница заказа (оплата и статус):',
    link,
    KEEP_LINK,
    '',
    'Состав заказа:',
    linesText(lines, order.totalPrice, false),
    '',
    'Доставка:',
    deliveryText(order),
    '',
    returnsText(shop),
    '',
    `— ${shop.name}, ${shop.publicUrl}`,
  ].join('\n');
  return {
    subject,
    html: page(shop, subject, `Итого ${formatPrice(order.totalPrice)}. Ссылка на заказ внутри.`, html),
    text,
  };
}

/** To the owner (each SHOP_OWNER_EMAIL) on every new order: contents and how to reach the shopper. */
export function newOrderOwnerLetter(
  shop: LetterShop,
  raw: LetterOrder,
  rawLines: readonly LetterLine[],
  placedAt: Date,
): Letter {
  const order = tidyOrder(raw);
  const lines = tidyLines(rawLines);
  const subject = `Новый заказ №${order.ordernumber} — ${formatPrice(order.totalPrice)}`;
  const desk = deskLink(shop, order);
  const phone = formatPhone(order.phone);
  const contact: [string, string][] = [
    ['Покупатель', escapeHtml(order.fullName)],
    [
      'Телефон',
      `<a href="tel:${escapeHtml(order.phone)}" style="color:#1d4ed8;white-space:nowrap;">${escapeHtml(phone)}</a>`,
    ],
    // ? & # % encoded: an address like a?bcc=x@example.ru must not add headers to the owner's reply
    [
      'E-mail',
      `<a href="mailto:${escapeHtml(encodeURIComponent(order.email).replace(/%40/g, '@'))}" style="color:#1d4ed8;">${escapeHtml(order.email)}</a>`,
    ],
    ['Доставка', escapeHtml(deliveryTitle(order.deliveryMethod))],
    ['Город', escapeHtml(order.city)],
    ['Адрес', multiline(order.address)],
    ...(order.comment ? [['Комментарий', multiline(order.comment)] as [string, string]] : []),
  ];
  const contactHtml = contact
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap;${MUTED}">${k}</td><td style="padding:4px 0;vertical-align:top;">${v}</td></tr>`,
    )
    .join('\n');
  const html = [
    h1(`Новый заказ №${order.ordernumber}`),
    p(
      `Оформлен ${escapeHtml(moscow(placedAt))} на сумму <b>${escapeHtml(formatPrice(order.totalPrice))}</b>. Статус: новый, ждёт оплаты.`,
    ),
    h2('Состав'),
    linesTable(lines, order.totalPrice, true),
    h2('Покупатель и доставка'),
    `<table role="presentation" cellpadding="0" cellspacing="0" style="${FONT}font-size:16px;">${contactHtml}</table>`,
    button(desk, 'Открыть в заказах'),
    p('Ссылка открывает заказ в разделе заказов магазина (нужен вход).', `font-size:14px;${MUTED}`),
  ].join('\n');
  const text = [
    `Новый заказ №${order.ordernumber}`,
    `Оформлен ${moscow(placedAt)} на сумму ${formatPrice(order.totalPrice)}. Статус: новый, ждёт оплаты.`,
    '',
    'Состав:',
    linesText(lines, order.totalPrice, true),
    '',
    `Покупатель: ${order.fullName}`,
    `Телефон: ${phone}`,
    `E-mail: ${order.email}`,
    `Доставка: ${deliveryTitle(order.deliveryMethod)}`,
    `Город: ${order.city}`,
    `Адрес: ${order.address}`,
    ...(order.comment ? [`Комментарий: ${order.comment}`] : []),
    '',
    `Заказ в разделе заказов (нужен вход): ${desk}`,
  ].join('\n');
  return { subject, html: page(shop, subject, `${order.fullName}, ${formatPrice(order.totalPrice)}`, html), text };
}

/** To the shopper once the payment is confirmed. */
export function orderPaidLetter(shop: LetterShop, raw: LetterOrder, rawLines: readonly LetterLine[]): Letter {
  const order = tidyOrder(raw);
  const lines = tidyLines(rawLines);
  const subject = `Заказ №${order.ordernumber} оплачен`;
  const link = orderLink(shop, order);
  const html = [
    h1(subject),
    p(
      `Здравствуйте, ${escapeHtml(order.fullName)}! Мы получили оплату <b>${escapeHtml(formatPrice(order.totalPrice))}</b>. Заказ передан в сборку.`,
    ),
    p('Статус заказа можно посмотреть на его странице:'),
    button(link, 'Открыть заказ'),
    linkText(link),
    p(escapeHtml(KEEP_LINK), `font-size:14px;${MUTED}`),
    h2('Состав заказа'),
    linesTable(lines, order.totalPrice, false),
    h2('Доставка'),
    deliveryHtml(order),
    returnsHtml(shop),
  ].join('\n');
  const text = [
    `Здравствуйте, ${order.fullName}!`,
    '',
    `Заказ №${order.ordernumber} оплачен: мы получили ${formatPrice(order.totalPrice)}. Заказ передан в сборку.`,
    '',
    'Страница заказа (статус):',
    link,
    KEEP_LINK,
    '',
    'Состав заказа:',
    linesText(lines, order.totalPrice, false),
    '',
    'Доставка:',
    deliveryText(order),
    '',
    returnsText(shop),
    '',
    `— ${shop.name}, ${shop.publicUrl}`,
  ].join('\n');
  return { subject, html: page(shop, subject, `Оплата ${formatPrice(order.totalPrice)} получена.`, html), text };
}

/** The parcel's number and where to follow it, when the owner gave one. */
function trackingHtml(order: LetterOrder): string[] {
  if (!order.trackingNumber) return [];
  const url = trackingUrl(order.deliveryMethod, order.trackingNumber);
  return [p(`Трек-номер посылки: <b>${escapeHtml(order.trackingNumber)}</b>`), ...(url ? [button(url, 'Отследить посылку'), linkText(url)] : [])];
}

function trackingText(order: LetterOrder): string[] {
  if (!order.trackingNumber) return [];
  const url = trackingUrl(order.deliveryMethod, order.trackingNumber);
  return [`Трек-номер посылки: ${order.trackingNumber}`, ...(url ? [`Отследить: ${url}`] : []), ''];
}

/** To the shopper when the shop hands the order to delivery (status «отправлен»). */
export function orderShippedLetter(shop: LetterShop, raw: LetterOrder, rawLines: readonly LetterLine[]): Letter {
  const order = tidyOrder(raw);
  const lines = tidyLines(rawLines);
  const subject = `Заказ №${order.ordernumber} отправлен`;
  const link = orderLink(shop, order);
  const html = [
    h1(subject),
    p(`Здравствуйте, ${escapeHtml(order.fullName)}! Ваш заказ собран и передан в доставку.`),
    ...trackingHtml(order),
    p('Статус заказа можно посмотреть на его странице:'),
    button(link, 'Открыть заказ'),
    linkText(link),
    h2('Доставка'),
    deliveryHtml(order),
    h2('Состав заказа'),
    linesTable(lines, order.totalPrice, false),
    returnsHtml(shop),
  ].join('\n');
  const text = [
    `Здравствуйте, ${order.fullName}!`,
    '',
    `Заказ №${order.ordernumber} собран и передан в доставку.`,
    '',
    ...trackingText(order),
    'Страница заказа (статус):',
    link,
    '',
    'Доставка:',
    deliveryText(order),
    '',
    'Состав заказа:',
    linesText(lines, order.totalPrice, false),
    '',
    returnsText(shop),
    '',
    `— ${shop.name}, ${shop.publicUrl}`,
  ].join('\n');
  return { subject, html: page(shop, subject, 'Заказ передан в доставку.', html), text };
}

/**
 * To the shopper when the order is cancelled. `reason`: the note of the cancelling event, if any
 * (the desk's note, or the reservation expiry's). `wasPaid`: it was cancelled after payment.
 */
export function orderCancelledLetter(shop: LetterShop, raw: LetterOrder, rawReason: string, wasPaid: boolean): Letter {
  const order = tidyOrder(raw);
  const reason = tidy(rawReason);
  const subject = `Заказ №${order.ordernumber} отменён`;
  const link = orderLink(shop, order);
  const refund = wasPaid
    ? 'Заказ был оплачен: мы вернём деньги тем же способом и свяжемся с вами, если понадобится.'
    : '';
  const html = [
    h1(subject),
    p(
      `Здравствуйте, ${escapeHtml(order.fullName)}! Заказ №${escapeHtml(order.ordernumber)} на сумму ${escapeHtml(formatPrice(order.totalPrice))} отменён.`,
    ),
    reason ? p(`Причина: ${multiline(reason)}`) : '',
    refund ? p(escapeHtml(refund)) : '',
    p('Подробности — на странице заказа:'),
    button(link, 'Открыть заказ'),
    linkText(link),
  ].join('\n');
  const text = [
    `Здравствуйте, ${order.fullName}!`,
    '',
    `Заказ №${order.ordernumber} на сумму ${formatPrice(order.totalPrice)} отменён.`,
    ...(reason ? [`Причина: ${reason}`] : []),
    ...(refund ? [refund] : []),
    '',
    'Страница заказа:',
    link,
    '',
    `— ${shop.name}, ${shop.publicUrl}`,
  ].join('\n');
  return { subject, html: page(shop, subject, reason || 'Заказ отменён.', html), text };
}

/** The pickup point a parcel waits at, as the letter names it. */
export interface LetterPickupPoint {
  address: string;
  workTime: string;
}

/** How long СДЭК keeps a parcel at a pickup point before sending it back. */
const PICKUP_STORAGE_DAYS = 7;

/** To the shopper when the carrier reports the parcel at the pickup point (status «ждёт в пункте выдачи»). */
export function orderReadyLetter(shop: LetterShop, raw: LetterOrder, point: LetterPickupPoint | null): Letter {
  const order = tidyOrder(raw);
  const where = point ? `${order.city}, ${tidy(point.address)}` : `${order.city}, ${order.address}`;
  const hours = point?.workTime ? tidy(point.workTime) : '';
  const subject = `Заказ №${order.ordernumber} ждёт вас в пункте выдачи`;
  const link = orderLink(shop, order);
  const take = `Возьмите паспорт и назовите номер заказа${order.trackingNumber ? ` или трек-номер ${order.trackingNumber}` : ''}. Посылка хранится в пункте ${PICKUP_STORAGE_DAYS} дней.`;
  const html = [
    h1(subject),
    p(`Здравствуйте, ${escapeHtml(order.fullName)}! Посылка прибыла в пункт выдачи СДЭК.`),
    p(`<b>${escapeHtml(where)}</b>${hours ? `<br>Часы работы: ${escapeHtml(hours)}` : ''}`),
    p(escapeHtml(take)),
    ...trackingHtml(order),
    p('Заказ и его статус — на странице заказа:'),
    button(link, 'Открыть заказ'),
    linkText(link),
    returnsHtml(shop),
  ].join('\n');
  const text = [
    `Здравствуйте, ${order.fullName}!`,
    '',
    `Заказ №${order.ordernumber} ждёт вас в пункте выдачи СДЭК:`,
    where,
    ...(hours ? [`Часы работы: ${hours}`] : []),
    '',
    take,
    '',
    ...trackingText(order),
    'Страница заказа:',
    link,
    '',
    returnsText(shop),
    '',
    `— ${shop.name}, ${shop.publicUrl}`,
  ].join('\n');
  return { subject, html: page(shop, subject, `Посылка в пункте выдачи: ${where}.`, html), text };
}

/** To the shopper when the parcel is handed over (status «доставлен»): thanks, and how to return within 7 days. */
export function orderDeliveredLetter(shop: LetterShop, raw: LetterOrder): Letter {
  const order = tidyOrder(raw);
  const subject = `Заказ №${order.ordernumber} получен`;
  const link = orderLink(shop, order);
  const html = [
    h1(subject),
    p(`Здравствуйте, ${escapeHtml(order.fullName)}! Заказ №${escapeHtml(order.ordernumber)} получен. Спасибо за покупку!`),
    p('Если размер не подошёл или вещь не понравилась, её можно вернуть или обменять в течение 7 дней.'),
    returnsHtml(shop),
    button(link, 'Открыть заказ'),
    linkText(link),
  ].join('\n');
  const text = [
    `Здравствуйте, ${order.fullName}!`,
    '',
    `Заказ №${order.ordernumber} получен. Спасибо за покупку!`,
    'Если размер не подошёл или вещь не понравилась, её можно вернуть или обменять в течение 7 дней.',
    returnsText(shop),
    '',
    'Страница заказа:',
    link,
    '',
    `— ${shop.name}, ${shop.publicUrl}`,
  ].join('\n');
  return { subject, html: page(shop, subject, 'Спасибо за покупку!', html), text };
}

/** A return request's resolution as its letter tells it. */
export interface LetterReturn {
  amount: number;
  lines: readonly { name: string; size: string; quantity: number }[];
  /** The shop's note (a rejection's reason). */
  note: string;
}

export type ReturnOutcome = 'requested' | 'refunded' | 'rejected';

/**
 * To the shopper about a return request: taken («принята»: how to send the item back), refunded
 * («деньги возвращены») or rejected (with the shop's reason).
 */
export function returnLetter(shop: LetterShop, raw: LetterOrder, resolved: LetterReturn, outcome: ReturnOutcome): Letter {
  const order = tidyOrder(raw);
  const what = resolved.lines.map((l) => `${tidy(l.name)}, размер ${tidy(l.size)} — ${l.quantity} шт.`);
  const note = tidy(resolved.note);
  const refunded = outcome === 'refunded';
  const subject = {
    requested: `Заявка на возврат по заказу №${order.ordernumber} принята`,
    refunded: `Деньги за возврат по заказу №${order.ordernumber} возвращены`,
    rejected: `Заявка на возврат по заказу №${order.ordernumber} отклонена`,
  }[outcome];
  const lead = {
    requested: `Мы получили заявку на возврат на ${formatPrice(resolved.amount)}. Отправьте товар в магазин, как написано на странице «Возврат и обмен»: деньги вернутся на карту, когда он придёт.`,
    refunded: `Мы вернули ${formatPrice(resolved.amount)} на карту, с которой был оплачен заказ. Банк зачислит деньги в течение нескольких дней.`,
    rejected: `Заявку на возврат отклонили${note ? `: ${note}` : '.'}`,
  }[outcome];
  const link = orderLink(shop, order);
  const html = [
    h1(subject),
    p(`Здравствуйте, ${escapeHtml(order.fullName)}! ${escapeHtml(lead)}`),
    h2('Возврат'),
    p(what.map(escapeHtml).join('<br>')),
    p('Подробности — на странице заказа:'),
    button(link, 'Открыть заказ'),
    linkText(link),
    ...(refunded ? [] : [returnsHtml(shop)]),
  ].join('\n');
  const text = [
    `Здравствуйте, ${order.fullName}!`,
    '',
    lead,
    '',
    'Возврат:',
    ...what.map((w) => `— ${w}`),
    '',
    'Страница заказа:',
    link,
    ...(refunded ? [] : ['', returnsText(shop)]),
    '',
    `— ${shop.name}, ${shop.publicUrl}`,
  ].join('\n');
  return { subject, html: page(shop, subject, lead, html), text };
}

/** To the owner when a shopper asks for a return: what, why, and the order in the desk. */
export function returnRequestOwnerLetter(shop: LetterShop, raw: LetterOrder, request: LetterReturn & { reason: string; comment: string }): Letter {
  const order = tidyOrder(raw);
  const subject = `Заявка на возврат по заказу №${order.ordernumber}: ${formatPrice(request.amount)}`;
  const desk = deskLink(shop, order);
  const what = request.lines.map((l) => `${tidy(l.name)}, размер ${tidy(l.size)} — ${l.quantity} шт.`);
  const why = `${tidy(request.reason)}${request.comment ? `: ${tidy(request.comment)}` : ''}`;
  const html = [
    h1(subject),
    p(what.map(escapeHtml).join('<br>')),
    p(`Причина: ${multiline(why)}`),
    p(`Покупатель: ${escapeHtml(order.fullName)}`),
    button(desk, 'Открыть заказ в панели'),
    linkText(desk),
  ].join('\n');
  const text = [subject, '', ...what.map((w) => `— ${w}`), `Причина: ${why}`, `Покупатель: ${order.fullName}`, '', `Заказ в разделе заказов (нужен вход): ${desk}`].join('\n');
  return { subject, html: page(shop, subject, why, html), text };
}
