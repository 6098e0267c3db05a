/**
 * `npm run orders -- list [--status s] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--q text] [--page n]`,
 * `show <number>`, `set-status <number> <status> [--note text] [--tracking number]`, `export [filters] --out orders.csv`:
 * the orders desk's operations for the terminal and scripts, over the API's ops routes
 * (/api/ops/orders…, `authorization: Bearer <OPS_TOKEN>`; the ops token sees personal data).
 * SHOP_API_URL (default http://127.0.0.1:<API_PORT or 4000>); OPS_TOKEN, or the local token
 * `npm start` keeps in .run/ops-token. Changes are recorded with the actor «ops-токен».
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { OrderDetail, OrderSummary } from '@shop/contracts/desk';
import { formatPrice } from '@shop/contracts/format';
import { deliveryTitle } from '@shop/contracts/order';
import { ORDER_STATUS_TITLES, ORDER_STATUSES } from '../orders/order-status.ts';
import { OpsApiError, opsApi } from './ops-api.ts';
import { table } from './table.ts';

const USAGE = `Заказы (через ops-API магазина):
  npm run orders -- list [--status <статус>] [--from ГГГГ-ММ-ДД] [--to ГГГГ-ММ-ДД] [--q <номер, телефон или e-mail>] [--page N]
  npm run orders -- show <номер>
  npm run orders -- set-status <номер> <статус> [--note "комментарий"] [--tracking <трек-номер, с «отправлен»>]
  npm run orders -- export [те же фильтры] --out orders.csv   (или npm run -s orders -- export > orders.csv: без -s npm допишет в файл свою строку)
Статусы: ${ORDER_STATUSES.map((s) => `${s} (${ORDER_STATUS_TITLES[s]})`).join(', ')}.
Адрес API: SHOP_API_URL (по умолчанию http://127.0.0.1:4000); токен: OPS_TOKEN или .run/ops-token, который пишет npm start.`;

class CliError extends Error {}

/** A status given as its code or its Russian title («отправлен»). */
function statusCode(value: string): string {
  const v = value.trim().toLowerCase();
  const byTitle = ORDER_STATUSES.find((s) => ORDER_STATUS_TITLES[s] === v);
  return byTitle ?? v;
}

const api = opsApi;

/** Moscow is UTC+3 all year. */
const moscow = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + 3 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : '—');

const PAYMENT_TITLES: Record<string, string> = { pending: 'ожидает', waiting_for_capture: 'ждёт подтверждения', succeeded: 'оплачен', canceled: 'отменён' };

type ListItem = OrderSummary;
type Detail = OrderDetail;

function filterQuery(values: { status?: string; from?: string; to?: string; q?: string; page?: string }): string {
  const params = new URLSearchParams();
  if (values.status) params.set('status', statusCode(values.status));
  if (values.from) params.set('from', values.from);
  if (values.to) params.set('to', values.to);
  if (values.q) params.set('q', values.q);
  if (values.page) params.set('page', values.page);
  const q = params.toString();
  return q ? `?${q}` : '';
}

function printDetail(o: Detail): void {
  const out: string[] = [];
  out.push(`Заказ ${o.number} — ${o.statusTitle}`);
  out.push(`  Создан:      ${moscow(o.createdAt)} (МСК)${o.paidAt ? `, оплачен ${moscow(o.paidAt)}` : ''}${o.reservedUntil ? `, резерв до ${moscow(o.reservedUntil)}` : ''}`);
  out.push(`  Сумма:       ${formatPrice(o.totalPrice)}, товаров: ${o.items}`);
  out.push(`  Покупатель:  ${o.fullName}, ${o.phone}, ${o.email}`);
  out.push(`  Доставка:    ${o.deliveryTitle ?? deliveryTitle(o.deliveryMethod)}; ${o.city}, ${o.address}`);
  if (o.tracking) out.push(`  Трек-номер:  ${o.tracking.number}${o.tracking.url ? ` (${o.tracking.url})` : ''}`);
  if (o.comment) out.push(`  Комментарий: ${o.comment}`);
  out.push(o.consent ? `  Согласие:    версия ${o.consent.version}, ${moscow(o.consent.at)}, IP ${o.consent.clientIp}` : '  Согласие:    нет записи');
  out.push('', 'Товары:');
  out.push(table(['Товар', 'Артикул', 'Размер', 'Цена', 'Кол.', 'Сумма'], o.lines.map((l) => [l.name, l.sku, l.size, formatPrice(l.price), String(l.quantity), formatPrice(l.total)]), new Set([3, 4, 5])));
  out.push('', 'Платежи:');
  out.push(
    o.payments.length
      ? table(['Провайдер', 'Платёж', 'Статус', 'Сумма', 'Создан'], o.payments.map((p) => [p.provider, p.providerPaymentId ?? '—', PAYMENT_TITLES[p.status] ?? p.status, formatPrice(p.amount, { kopecks: true }), moscow(p.createdAt)]))
      : '  нет',
  );
  out.push('', 'История:');
  out.push(
    o.history.length
      ? table(['Когда (МСК)', 'Кто', 'Было', 'Стало', 'Комментарий'], o.history.map((h) => [moscow(h.at), h.actorTitle, h.fromTitle ?? '—', h.toTitle, h.note]))
      : '  нет записей',
  );
  out.push('', o.next.length ? `Можно перевести в: ${o.next.map((n) => `${n.status} (${n.title})`).join(', ')}` : 'Статус окончательный.');
  console.log(out.join('\n'));
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      q: { type: 'string' },
      page: { type: 'string' },
      note: { type: 'string' },
      tracking: { type: 'string' },
      out: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  switch (command) {
    case 'list': {
      const res = (await (await api(`/orders${filterQuery(values)}`)).json()) as { orders: ListItem[]; total: number; page: number; pageSize: number };
      if (!res.orders.length) {
        console.log(res.total ? `На странице ${res.page} заказов нет (всего ${res.total}).` : 'Заказов не найдено.');
        return;
      }
      console.log(
        table(
          ['Номер', 'Создан (МСК)', 'Статус', 'Сумма', 'Шт.', 'Покупатель', 'Телефон', 'Город', 'Оплата'],
          res.orders.map((o) => [o.number, moscow(o.createdAt), o.statusTitle, formatPrice(o.totalPrice), String(o.items), o.fullName, o.phone, o.city, o.paymentStatus ? (PAYMENT_TITLES[o.paymentStatus] ?? o.paymentStatus) : '—']),
          new Set([3, 4]),
        ),
      );
      const first = (res.page - 1) * res.pageSize + 1;
      const pages = Math.ceil(res.total / res.pageSize);
      console.log(`\nЗаказы ${first}–${first + res.orders.length - 1} из ${res.total}${pages > 1 ? `, страница ${res.page} из ${pages}${res.page < pages ? ` (следующая: --page ${res.page + 1})` : ''}` : ''}.`);
      return;
    }
    case 'show': {
      const number = positionals[0];
      if (!number) throw new CliError('Укажите номер заказа: npm run orders -- show SH-XXXXX');
      printDetail(((await (await api(`/orders/${encodeURIComponent(number)}`)).json()) as { order: Detail }).order);
      return;
    }
    case 'set-status': {
      const [number, status] = positionals;
      if (!number || !status) throw new CliError('Укажите номер и статус: npm run orders -- set-status SH-XXXXX shipped [--note "…"]');
      const res = await api(`/orders/${encodeURIComponent(number)}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          status: statusCode(status),
          ...(values.note ? { note: values.note } : {}),
          ...(values.tracking ? { trackingNumber: values.tracking } : {}),
        }),
      });
      const { order, changed } = (await res.json()) as { order: Detail; changed: boolean };
      const last = order.history.at(-1);
      console.log(changed && last ? `Заказ ${order.number}: ${last.fromTitle ?? '—'} → ${last.toTitle}.` : `Заказ ${order.number} уже в статусе «${order.statusTitle}».`);
      return;
    }
    case 'export': {
      const res = await api(`/orders.csv${filterQuery({ ...values, page: undefined })}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (values.out) {
        // relative to where the command was typed (npm runs scripts from the package's folder)
        const file = resolve(process.env.INIT_CWD || process.cwd(), values.out);
        writeFileSync(file, bytes);
        console.error(`Выгружено в ${file} (${bytes.toString('utf8').split('\r\n').length - 2} заказов).`);
        return;
      }
      if (process.stdout.isTTY) console.error('Подсказка: выгрузите в файл — npm run orders -- export --out orders.csv');
      await new Promise<void>((resolve, reject) => process.stdout.write(bytes, (e) => (e ? reject(e) : resolve())));
      return;
    }
    default:
      throw new CliError(command && command !== 'help' && !values.help ? `Неизвестная команда «${command}».\n\n${USAGE}` : USAGE);
  }
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof CliError || e instanceof OpsApiError) console.error(e.message);
  else if (e instanceof TypeError && (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(`${e.message}\n\n${USAGE}`);
  else console.error(e);
  process.exitCode = 1;
}
