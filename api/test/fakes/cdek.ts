// A local fake of СДЭК's API v2 (the calls the shop makes), for the API tests, the e2e stack and
// `npm start`: POST /v2/oauth/token (client credentials; 401 otherwise), GET
// /v2/location/suggest/cities, GET /v2/deliverypoints, POST /v2/calculator/tariff, POST
// /v2/orders (202; a second order with the same number is refused as СДЭК does), GET
// /v2/orders/{uuid} and ?im_number=, POST /v2/webhooks. Every request is recorded.
// setStatus(uuid, code) moves a shipment and sends СДЭК's ORDER_STATUS notification to the
// subscribed URL; failNext(n) answers the next calls with an error (an outage).
//
// The cities and points are a small fixed directory with СДЭК's real city codes.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeCity {
  code: number;
  /** Point codes start with it (KZN12). */
  prefix: string;
  name: string;
  region: string;
  /** Calendar days from Москва (СДЭК's calendar_min, calendar_max) and the price of a parcel there. */
  days: [number, number];
  price: number;
}

export const FAKE_CDEK_CITIES: readonly FakeCity[] = [
  { code: 44, prefix: 'MSK', name: 'Москва', region: 'Москва', days: [1, 2], price: 290 },
  { code: 137, prefix: 'SPB', name: 'Санкт-Петербург', region: 'Санкт-Петербург', days: [2, 3], price: 350 },
  { code: 424, prefix: 'KZN', name: 'Казань', region: 'Татарстан респ.', days: [2, 4], price: 390 },
  { code: 414, prefix: 'NNV', name: 'Нижний Новгород', region: 'Нижегородская обл.', days: [2, 3], price: 370 },
  { code: 250, prefix: 'EKB', name: 'Екатеринбург', region: 'Свердловская обл.', days: [3, 5], price: 450 },
  { code: 270, prefix: 'NSK', name: 'Новосибирск', region: 'Новосибирская обл.', days: [4, 7], price: 560 },
  { code: 435, prefix: 'KRD', name: 'Краснодар', region: 'Краснодарский край', days: [3, 5], price: 430 },
  { code: 506, prefix: 'KZS', name: 'Казанское', region: 'Тюменская обл.', days: [6, 9], price: 690 },
];

export const FAKE_CDEK_STREETS: Record<number, string[]> = {
  44: ['ул. Тверская, 22', 'пр-т Мира, 40', 'ул. Профсоюзная, 56', 'Ленинский пр-т, 61', 'ул. Новый Арбат, 15'],
  137: ['Невский пр-т, 88', 'ул. Марата, 10', 'Московский пр-т, 136'],
  424: ['ул. Баумана, 44', 'пр-т Победы, 91', 'ул. Пушкина, 5', 'ул. Чистопольская, 20'],
  414: ['ул. Большая Покровская, 30', 'пр-т Гагарина, 14'],
  250: ['ул. Малышева, 51', 'пр-т Ленина, 24'],
  270: ['Красный пр-т, 86', 'ул. Ленина, 12'],
  435: ['ул. Красная, 113', 'ул. Северная, 324'],
  506: ['ул. Ленина, 3'],
};

const TIMES = ['Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00', 'Пн-Вс 09:00-21:00', 'Пн-Сб 10:00-20:00'];
const HOW = ['Вход с улицы, вывеска СДЭК', 'В торговом центре, 1 этаж, у эскалатора', 'Вход со двора, второй подъезд'];

function pointsOf(city: FakeCity) {
  return (FAKE_CDEK_STREETS[city.code] ?? []).map((street, i) => ({
    code: `${city.prefix}${i + 1}`,
    uuid: `00000000-0000-4000-8000-${String(city.code).padStart(6, '0')}${String(i + 1).padStart(6, '0')}`,
    name: `${city.name}, ${street}`,
    type: 'PVZ',
    owner_code: 'cdek',
    work_time: TIMES[i % TIMES.length],
    address_comment: HOW[i % HOW.length],
    nearest_station: i % 2 === 0 ? 'Центральная' : '',
    is_handout: true,
    is_reception: true,
    is_dressing_room: i % 2 === 0,
    have_cashless: i % 3 !== 2,
    have_cash: true,
    allowed_cod: true,
    location: {
      country_code: 'RU',
      region: city.region,
      city_code: city.code,
      city: city.name,
      postal_code: '',
      address: street,
      address_full: `Россия, ${city.region}, ${city.name}, ${street}`,
    },
  }));
}

export interface FakeCdekOrder {
  uuid: string;
  number: string;
  cdek_number: string;
  tariff_code: number;
  delivery_point?: string;
  to_location?: unknown;
  recipient: unknown;
  packages: unknown;
  statuses: { code: string; name: string; date_time: string; city: string }[];
}

export interface RecordedCdekRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
}

export interface FakeCdek {
  /** CDEK_API_URL, e.g. http://127.0.0.1:PORT/v2 */
  url: string;
  clientId: string;
  clientSecret: string;
  requests: RecordedCdekRequest[];
  orders: Map<string, FakeCdekOrder>;
  /** Subscribed ORDER_STATUS URLs. */
  webhooks: string[];
  /** Notifications sent and the shop's answers. */
  notifications: { body: unknown; status: number }[];
  /** Moves a shipment to `code` (СДЭК's status code) and notifies every subscribed URL. */
  setStatus(uuid: string, code: string): Promise<{ status: number }[]>;
  /** The next `count` calls (token included) answer `status` (default 502), or hang past any timeout with 0. */
  failNext(count: number, status?: number): void;
  /** Tariffs answer only period_min/period_max, working days (as older answers of СДЭК's calculator do). */
  workingDaysOnly: boolean;
  close(): Promise<void>;
}

const STATUS_NAMES: Record<string, string> = {
  CREATED: 'Создан',
  ACCEPTED: 'Принят',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  SENT_TO_TRANSIT_CITY: 'Отправлен в г. транзит',
  SENT_TO_RECIPIENT_CITY: 'Отправлен в г. получатель',
  ACCEPTED_AT_PICK_UP_POINT: 'Принят на склад до востребования',
  TAKEN_BY_COURIER: 'Выдан на доставку',
  DELIVERED: 'Вручен',
  NOT_DELIVERED: 'Не вручен',
};

const norm = (s: string) => s.toLowerCase().replaceAll('ё', 'е').trim();

export async function startFakeCdek(options: { port?: number; clientId?: string; clientSecret?: string; log?: boolean } = {}): Promise<FakeCdek> {
  const clientId = options.clientId ?? 'fake-cdek-account';
  const clientSecret = options.clientSecret ?? 'fake-cdek-secret';
  const tokens = new Set<string>();
  const requests: RecordedCdekRequest[] = [];
  const orders = new Map<string, FakeCdekOrder>();
  const webhooks: string[] = [];
  const notifications: { body: unknown; status: number }[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 502 };
  let nextNumber = 1_480_000_001;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return status;
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { requests: [{ state: 'INVALID', errors: [{ code, message }] }], errors: [{ code, message }] });

  const entity = (o: FakeCdekOrder) => ({
    entity: { uuid: o.uuid, number: o.number, cdek_number: o.cdek_number, tariff_code: o.tariff_code, delivery_point: o.delivery_point, statuses: [...o.statuses].reverse() },
    requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'SUCCESSFUL', date_time: o.statuses[0]?.date_time }],
  });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<number> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const route = `${req.method} ${url.pathname}`;
    if (failures.count > 0) {
      failures.count--;
      if (failures.status === 0) {
        await new Promise((r) => setTimeout(r, 120_000));
        return 0;
      }
      return send(res, failures.status, { errors: [{ code: 'v2_internal_error', message: 'Внутренняя ошибка' }] });
    }
    if (route === 'POST /v2/oauth/token') {
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Bad credentials' });
      }
      const token = randomUUID();
      tokens.add(token);
      return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3599, scope: 'order:all payment:all', jti: randomUUID() });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return error(res, 401, 'v2_token_expired', 'Токен недействителен');
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return error(res, 400, 'v2_bad_request', 'Некорректный JSON');
      }
    }
    if (route === 'GET /v2/location/suggest/cities') {
      const name = norm(query.name ?? '');
      if (!name) return error(res, 400, 'v2_field_is_empty', 'name is empty');
      return send(
        res,
        200,
        FAKE_CDEK_CITIES.filter((c) => norm(c.name).startsWith(name)).map((c) => ({ city_uuid: randomUUID(), code: c.code, full_name: `${c.name}, ${c.region}, Россия` })),
      );
    }
    if (route === 'GET /v2/deliverypoints') {
      const city = FAKE_CDEK_CITIES.find((c) => String(c.code) === query.city_code);
      return send(res, 200, city ? pointsOf(city) : []);
    }
    if (route === 'POST /v2/calculator/tariff') {
      const to = FAKE_CDEK_CITIES.find((c) => c.code === (body.to_location as { code?: number } | undefined)?.code);
      if (!to) return error(res, 400, 'v2_city_not_found', 'Не найден город получателя');
      const door = body.tariff_code === 137 || body.tariff_code === 139;
      const sum = to.price + (door ? 150 : 0);
      const [min, max] = [to.days[0], to.days[1] + (door ? 1 : 0)];
      // working days: about five of every seven
      const working = (days: number) => Math.max(1, Math.round((days * 5) / 7));
      return send(res, 200, {
        delivery_sum: sum,
        period_min: working(min),
        period_max: working(max),
        ...(fake.workingDaysOnly ? {} : { calendar_min: min, calendar_max: max }),
        weight_calc: 1500,
        services: [],
        total_sum: sum,
        currency: 'RUB',
      });
    }
    if (route === 'POST /v2/orders') {
      const number = String(body.number ?? '');
      if (!number) return error(res, 400, 'v2_field_is_empty', 'number is empty');
      if ([...orders.values()].some((o) => o.number === number)) {
        return error(res, 400, 'v2_im_number_exists', `Заказ с номером ${number} уже существует`);
      }
      const deliveryPoint = typeof body.delivery_point === 'string' ? body.delivery_point : undefined;
      if (deliveryPoint && !FAKE_CDEK_CITIES.some((c) => pointsOf(c).some((p) => p.code === deliveryPoint))) {
        return error(res, 400, 'v2_delivery_point_not_found', `Не найден ПВЗ ${deliveryPoint}`);
      }
      const uuid = randomUUID();
      const at = new Date().toISOString();
      orders.set(uuid, {
        uuid,
        number,
        cdek_number: String(nextNumber++),
        tariff_code: Number(body.tariff_code),
        delivery_point: deliveryPoint,
        to_location: body.to_location,
        recipient: body.recipient,
        packages: body.packages,
        statuses: [{ code: 'CREATED', name: STATUS_NAMES.CREATED as string, date_time: at, city: 'Москва' }],
      });
      return send(res, 202, { entity: { uuid }, requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'ACCEPTED', date_time: at }] });
    }
    if (route === 'GET /v2/orders') {
      const found = [...orders.values()].find((o) => o.number === query.im_number);
      return found ? send(res, 200, entity(found)) : error(res, 404, 'v2_entity_not_found', 'Заказ не найден');
    }
    const byUuid = /^\/v2\/orders\/([0-9a-f-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && byUuid) {
      const found = orders.get(byUuid[1] as string);
      return found ? send(res, 200, entity(found)) : error(res, 404, 'v2_entity_not_found', 'Заказ не найден');
    }
    if (route === 'POST /v2/webhooks') {
      if (body.type !== 'ORDER_STATUS' || typeof body.url !== 'string') return error(res, 400, 'v2_bad_request', 'type and url');
      if (!webhooks.includes(body.url)) webhooks.push(body.url);
      return send(res, 200, { entity: { uuid: randomUUID() }, requests: [{ state: 'SUCCESSFUL' }] });
    }
    return error(res, 404, 'v2_not_found', `${route} is not faked`);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      handle(req, res, raw)
        .then((status) => {
          let body: unknown = raw;
          try {
            body = raw && !url.pathname.endsWith('/oauth/token') ? JSON.parse(raw) : null;
          } catch {}
          requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), body, status });
          if (options.log) console.log(`[fake СДЭК] ${req.method} ${url.pathname} → ${status}`);
        })
        .catch((e: Error) => {
          if (!res.headersSent) send(res, 500, { errors: [{ code: 'fake', message: e.message }] });
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;

  const fake: FakeCdek = {
    url: `http://127.0.0.1:${port}/v2`,
    workingDaysOnly: false,
    clientId,
    clientSecret,
    requests,
    orders,
    webhooks,
    notifications,
    async setStatus(uuid, code) {
      const order = orders.get(uuid);
      if (!order) throw new Error(`fake СДЭК: no order ${uuid}`);
      const at = new Date().toISOString();
      order.statuses.push({ code, name: STATUS_NAMES[code] ?? code, date_time: at, city: 'Казань' });
      const body = {
        type: 'ORDER_STATUS',
        date_time: at,
        uuid,
        attributes: { is_return: false, cdek_number: order.cdek_number, number: order.number, code, status_code: '1', status_date_time: at, city_name: 'Казань', city_code: '424' },
      };
      return Promise.all(
        webhooks.map(async (target) => {
          const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
          const status = res?.status ?? 0;
          await res?.body?.cancel();
          notifications.push({ body, status });
          return { status };
        }),
      );
    },
    failNext(count, status = 502) {
      failures = { count, status };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
