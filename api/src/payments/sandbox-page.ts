import { formatPrice } from '@shop/contracts/format';
import type { OrderRepo } from '../orders/order-repo.ts';
import type { PaymentService } from './payment-service.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:520px;margin:40px auto;padding:0 16px;color:#111}
.test{background:#ffe08a;border:2px dashed #c90;padding:12px 16px;border-radius:8px;font-weight:600}
button{font-size:18px;padding:12px 24px;border-radius:8px;border:0;background:#1a7f37;color:#fff;cursor:pointer}</style></head>
<body><p class="test">ТЕСТОВАЯ ОПЛАТА: это песочница, деньги не списываются.</p>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY' },
  });
}

/**
 * The sandbox provider's payment page (sandbox-provider.ts): GET shows the order and a pay
 * button, POST has the sandbox payment succeed, confirms it like any provider's (the order is
 * marked paid through changeOrderStatus, actor `sandbox`) and sends the shopper back to the
 * order page. Answers 404 when the sandbox is off (ЮKassa configured, or production without
 * PAYMENT_SANDBOX=1). `attempt` counts one request against the client's budget
 * (SANDBOX_RATE_LIMIT per minute) and returns the seconds to wait when it is spent: guessing
 * ids and keys gets 429 long before it gets anywhere.
 */
export async function sandboxResponse(
  request: Request,
  url: URL,
  orders: OrderRepo,
  payments: PaymentService,
  attempt: () => Promise<number> = async () => 0,
): Promise<Response | null> {
  if (!payments.config.sandboxEnabled || payments.provider.name !== 'sandbox') return null;
  const m = /^\/api\/sandbox\/pay\/([1-9]\d{0,9})\/?$/.exec(url.pathname);
  if (!m) return null;
  const wait = await attempt();
  if (wait > 0) {
    const res = page('Слишком много попыток', `<h1>Слишком много попыток</h1><p>Попробуйте снова через ${wait} с.</p>`, 429);
    res.headers.set('retry-after', String(wait));
    return res;
  }
  const id = Number(m[1]);
  let key = url.searchParams.get('key') ?? '';
  if (request.method === 'POST') {
    const form = new URLSearchParams((await request.text()).slice(0, 2000));
    key = form.get('key') ?? key;
  } else if (request.method !== 'GET') {
    return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, POST' } });
  }
  const notFound = () => page('Заказ не найден', '<h1>Заказ не найден</h1><p>Проверьте ссылку на оплату.</p>', 404);
  if (id > 2_147_483_647 || !key || key.length > 200) return notFound();
  if (request.method === 'POST') {
    const result = await payments.sandboxPay(id, key);
    if (result === 'not-found') return notFound();
    if (result === 'cancelled') return page('Заказ отменён', '<h1>Заказ отменён</h1><p>Оплатить его нельзя: оформите заказ заново.</p>', 409);
    if (result === 'failed') return page('Оплата не прошла', '<h1>Не удалось начать оплату. Попробуйте ещё раз.</h1>', 503);
  }
  const order = await orders.byId(id, key);
  if (!order) return notFound();
  const back = payments.returnUrl(order);
  if (request.method === 'POST') return new Response(null, { status: 303, headers: { location: back, 'cache-control': 'no-store' } });
  if (order.status === 'cancelled') {
    return page('Заказ отменён', `<h1>Заказ №${esc(order.ordernumber)} отменён</h1><p>Оплатить его нельзя: оформите заказ заново.</p><p><a href="${esc(back)}">Вернуться в магазин</a></p>`, 409);
  }
  if (order.status !== 'new') {
    return page(`Заказ №${order.ordernumber} оплачен`, `<h1>Заказ №${esc(order.ordernumber)} уже оплачен</h1><p><a href="${esc(back)}">Вернуться в магазин</a></p>`);
  }
  return page(
    `Оплата заказа №${order.ordernumber}`,
    `<h1>Оплата заказа №${esc(order.ordernumber)}</h1><p>Сумма к оплате: <strong>${esc(formatPrice(order.totalPrice))}</strong></p>
<form method="post" action="/api/sandbox/pay/${order.id}"><input type="hidden" name="key" value="${esc(order.accessKey)}">
<button type="submit">Оплатить (тест)</button></form><p><a href="${esc(back)}">Вернуться в магазин без оплаты</a></p>`,
  );
}
