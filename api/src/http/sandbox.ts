import type { Config } from '../config.ts';
import type { OrderRepo } from '../orders/order-repo.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });

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
 * The stand-in for a payment provider: GET shows the order and a pay button, POST marks the
 * order paid and sends the shopper back to the shop's order page. `attempt` counts one request
 * against the client's budget (SANDBOX_RATE_LIMIT per minute) and returns the seconds to wait
 * when it is spent: guessing ids and keys gets 429 long before it gets anywhere.
 */
export async function sandboxResponse(
  request: Request,
  url: URL,
  orders: OrderRepo,
  config: Config,
  attempt: () => number = () => 0,
): Promise<Response | null> {
  const m = /^\/api\/sandbox\/pay\/([1-9]\d{0,9})\/?$/.exec(url.pathname);
  if (!m) return null;
  const wait = attempt();
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
  if (id > 2_147_483_647 || !key || key.length > 200) return page('Заказ не найден', '<h1>Заказ не найден</h1>', 404);
  const order = request.method === 'POST' ? await orders.markPaid(id, key) : await orders.byId(id, key);
  if (!order) return page('Заказ не найден', '<h1>Заказ не найден</h1><p>Проверьте ссылку на оплату.</p>', 404);
  const back = `${config.shopPublicUrl}/order/${encodeURIComponent(order.ordernumber)}?key=${encodeURIComponent(order.accessKey)}`;
  if (request.method === 'POST') return new Response(null, { status: 303, headers: { location: back, 'cache-control': 'no-store' } });
  if (order.status === 'paid') {
    return page(`Заказ №${order.ordernumber} оплачен`, `<h1>Заказ №${esc(order.ordernumber)} уже оплачен</h1><p><a href="${esc(back)}">Вернуться в магазин</a></p>`);
  }
  return page(
    `Оплата заказа №${order.ordernumber}`,
    `<h1>Оплата заказа №${esc(order.ordernumber)}</h1><p>Сумма к оплате: <strong>${esc(rub.format(order.totalPrice))}</strong></p>
<form method="post" action="/api/sandbox/pay/${order.id}"><input type="hidden" name="key" value="${esc(order.accessKey)}">
<button type="submit">Оплатить (тест)</button></form><p><a href="${esc(back)}">Вернуться в магазин без оплаты</a></p>`,
  );
}
