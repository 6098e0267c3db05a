/**
 * СДЭК's API v2, the calls the shop makes: OAuth client credentials, city suggestions, delivery
 * points, a tariff's price and term, order registration and look-up, the status webhook.
 *
 * Written on fetch rather than the `cdek` npm package (2.0.0, reviewed): that client has no
 * timeout or abort (a hung СДЭК would hold a shopper's checkout for undici's five minutes),
 * fetches a token per concurrent caller when the old one expires, and reports failures by
 * returning null through a callback. These seven calls are small; answers are checked field by
 * field, as for ЮKassa.
 */
import type { CdekConfig } from './delivery-config.ts';

/**
 * `rejected`: СДЭК refused the request (4xx with its error codes; repeating it changes nothing).
 * `unavailable`: no answer, a timeout, a 5xx or an answer of another shape (repeat it later).
 */
export class CdekError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    readonly status = 0,
    readonly codes: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface CdekCity {
  code: number;
  /** «Казань, Татарстан респ., Россия» */
  fullName: string;
}

export interface CdekPoint {
  code: string;
  name: string;
  address: string;
  /** «Пн-Пт 10:00-20:00, Сб-Вс 10:00-18:00» */
  workTime: string;
  /** How to find it («Вход со двора, вывеска СДЭК»). */
  comment: string;
  nearestStation: string;
  card: boolean;
  cash: boolean;
  dressingRoom: boolean;
  cityCode: number;
}

export interface CdekTariff {
  /** Roubles the shop pays. */
  sum: number;
  /** Days on the way: calendar days when СДЭК gave them (`calendar_min`/`calendar_max`), else its working days. */
  periodMin: number;
  periodMax: number;
  /** True when the period is СДЭК's working days (`period_min`/`period_max`): weekends come on top. */
  workingDays: boolean;
}

export interface CdekOrderStatus {
  code: string;
  name: string;
  at: string;
}

export interface CdekOrder {
  uuid: string;
  /** The shop's number (im_number). */
  number: string;
  /** СДЭК's tracking number, once СДЭК processed the registration. */
  cdekNumber: string | null;
  statuses: CdekOrderStatus[];
  /** The registration's errors when СДЭК found the request invalid. */
  errors: string[];
}

export interface CdekOrderRequest {
  number: string;
  tariffCode: number;
  comment: string;
  shipmentPoint?: string;
  fromLocation?: { code: number; address: string };
  deliveryPoint?: string;
  toLocation?: { code: number; address: string };
  recipient: { name: string; phone: string; email: string };
  package: { weight: number; length: number; width: number; height: number };
  items: { name: string; wareKey: string; cost: number; weight: number; amount: number }[];
}

interface Token {
  value: string;
  expiresAt: number;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function parsePoint(raw: unknown): CdekPoint | null {
  const p = obj(raw);
  const location = obj(p.location);
  const code = str(p.code);
  const address = str(location.address) || str(location.address_full);
  const cityCode = num(location.city_code);
  if (!code || !address || cityCode === null) return null;
  return {
    code,
    name: str(p.name),
    address,
    workTime: str(p.work_time),
    comment: str(p.address_comment),
    nearestStation: str(p.nearest_metro_station) || str(p.nearest_station),
    card: p.have_cashless === true,
    cash: p.have_cash === true,
    dressingRoom: p.is_dressing_room === true,
    cityCode,
  };
}

function parseOrder(raw: unknown): CdekOrder | null {
  const body = obj(raw);
  const entity = obj(body.entity);
  const uuid = str(entity.uuid);
  if (!uuid) return null;
  const statuses = Array.isArray(entity.statuses)
    ? entity.statuses.map(obj).map((s) => ({ code: str(s.code), name: str(s.name), at: str(s.date_time) })).filter((s) => s.code)
    : [];
  const requests = Array.isArray(body.requests) ? body.requests.map(obj) : [];
  const errors = requests
    .filter((r) => r.state === 'INVALID')
    .flatMap((r) => (Array.isArray(r.errors) ? r.errors.map(obj) : []))
    .map((e) => `${str(e.code)}: ${str(e.message)}`);
  const cdekNumber = entity.cdek_number;
  return {
    uuid,
    number: str(entity.number),
    cdekNumber: typeof cdekNumber === 'string' || typeof cdekNumber === 'number' ? String(cdekNumber) || null : null,
    statuses,
    errors,
  };
}

export class CdekClient {
  private token: Token | null = null;
  private pendingToken: Promise<Token> | null = null;

  constructor(
    private readonly config: CdekConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** One token for every caller; a new one a minute before it expires (one request for all waiting). */
  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    this.token = await this.pendingToken;
    return this.token.value;
  }

  private async fetchToken(): Promise<Token> {
    const res = await this.send(`${this.config.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
      }).toString(),
    });
    const body = obj(await this.json(res));
    if (!res.ok) throw this.failure(res.status, body, 'OAuth token');
    const value = str(body.access_token);
    const lifetime = num(body.expires_in) ?? 3600;
    if (!value) throw new CdekError('unavailable', 'СДЭК OAuth: no access_token in the answer');
    return { value, expiresAt: Date.now() + Math.max(lifetime - 60, 10) * 1000 };
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (e) {
      const reason = (e as Error).name === 'TimeoutError' ? `no answer in ${this.config.timeoutMs} ms` : (e as Error).message;
      throw new CdekError('unavailable', `СДЭК ${init.method ?? 'GET'} ${new URL(url).pathname}: ${reason}`);
    }
  }

  private async json(res: Response): Promise<unknown> {
    const text = await res.text().catch(() => '');
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }

  private failure(status: number, body: Record<string, unknown>, what: string): CdekError {
    const errors = Array.isArray(body.errors) ? body.errors.map(obj) : [];
    const codes = errors.map((e) => str(e.code)).filter(Boolean);
    const detail = errors.map((e) => str(e.message)).filter(Boolean).join('; ') || str(body.error_description) || str(body.error);
    const kind = status >= 400 && status < 500 && status !== 429 ? 'rejected' : 'unavailable';
    return new CdekError(kind, `СДЭК ${what}: HTTP ${status}${detail ? ` ${detail}` : ''}`, status, codes);
  }

  /** An authorised call; a 401 (a token revoked early) fetches a new token and tries once more. */
  private async call(method: 'GET' | 'POST', path: string, options: { query?: Record<string, string | number>; body?: unknown } = {}): Promise<unknown> {
    const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.send(`${this.config.apiUrl}${path}${query}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        await res.body?.cancel();
        continue;
      }
      const body = await this.json(res);
      if (!res.ok) throw this.failure(res.status, obj(body), `${method} ${path}`);
      return body;
    }
  }

  /** Russian cities whose name starts with `name`, most likely first. */
  async suggestCities(name: string): Promise<CdekCity[]> {
    const body = await this.call('GET', '/location/suggest/cities', { query: { name, country_code: 'RU' } });
    if (!Array.isArray(body)) throw new CdekError('unavailable', 'СДЭК cities: the answer is not a list');
    return body
      .map(obj)
      .map((c) => ({ code: num(c.code), fullName: str(c.full_name) }))
      .filter((c): c is CdekCity => c.code !== null && c.fullName !== '');
  }

  /** The city's pickup points that hand parcels out (no parcel lockers: shoes are tried on). */
  async deliveryPoints(cityCode: number): Promise<CdekPoint[]> {
    const body = await this.call('GET', '/deliverypoints', { query: { city_code: cityCode, type: 'PVZ', is_handout: 'true', country_code: 'RU' } });
    if (!Array.isArray(body)) throw new CdekError('unavailable', 'СДЭК delivery points: the answer is not a list');
    return body.map(parsePoint).filter((p): p is CdekPoint => p !== null);
  }

  /** `handover`: the day (YYYY-MM-DD, Moscow) the parcel is given to СДЭК, which its calendar days count from. */
  async tariff(tariffCode: number, fromCityCode: number, toCityCode: number, pkg: CdekOrderRequest['package'], handover: string): Promise<CdekTariff> {
    const body = obj(
      await this.call('POST', '/calculator/tariff', {
        body: {
          tariff_code: tariffCode,
          date: `${handover}T12:00:00+0300`,
          from_location: { code: fromCityCode },
          to_location: { code: toCityCode },
          packages: [pkg],
        },
      }),
    );
    const sum = num(body.total_sum) ?? num(body.delivery_sum);
    // period_* are working days; calendar_* (when given) are what a shopper counts on a calendar
    const calendarMin = num(body.calendar_min);
    const calendarMax = num(body.calendar_max);
    const workingDays = calendarMin === null || calendarMax === null;
    const periodMin = workingDays ? num(body.period_min) : calendarMin;
    const periodMax = workingDays ? num(body.period_max) : calendarMax;
    if (sum === null || periodMin === null || periodMax === null) throw new CdekError('unavailable', 'СДЭК tariff: no sum or period in the answer');
    return { sum: Math.ceil(sum), periodMin, periodMax: Math.max(periodMin, periodMax), workingDays };
  }

  /** Registers a shipment; СДЭК answers 202 with the order's uuid and processes it after. */
  async createOrder(order: CdekOrderRequest): Promise<string> {
    const body = obj(
      await this.call('POST', '/orders', {
        body: {
          type: 1,
          number: order.number,
          tariff_code: order.tariffCode,
          comment: order.comment,
          ...(order.shipmentPoint ? { shipment_point: order.shipmentPoint } : { from_location: order.fromLocation }),
          ...(order.deliveryPoint ? { delivery_point: order.deliveryPoint } : { to_location: order.toLocation }),
          recipient: { name: order.recipient.name, email: order.recipient.email, phones: [{ number: order.recipient.phone }] },
          packages: [
            {
              number: order.number,
              ...order.package,
              items: order.items.map((i) => ({
                name: i.name,
                ware_key: i.wareKey,
                // paid in advance: nothing is collected on delivery
                payment: { value: 0 },
                cost: i.cost,
                weight: i.weight,
                amount: i.amount,
              })),
            },
          ],
        },
      }),
    );
    const uuid = str(obj(body.entity).uuid);
    if (!uuid) throw new CdekError('unavailable', 'СДЭК order: no entity.uuid in the answer');
    return uuid;
  }

  async order(uuid: string): Promise<CdekOrder | null> {
    try {
      return parseOrder(await this.call('GET', `/orders/${encodeURIComponent(uuid)}`));
    } catch (e) {
      if (e instanceof CdekError && e.status === 404) return null;
      throw e;
    }
  }

  /** The order registered under the shop's number, if any (a registration whose answer was lost). */
  async orderByNumber(number: string): Promise<CdekOrder | null> {
    try {
      return parseOrder(await this.call('GET', '/orders', { query: { im_number: number } }));
    } catch (e) {
      if (e instanceof CdekError && (e.status === 404 || e.status === 400)) return null;
      throw e;
    }
  }

  /** Subscribes `url` to ORDER_STATUS notifications (СДЭК keeps one subscription per type and URL). */
  async subscribeStatuses(url: string): Promise<void> {
    await this.call('POST', '/webhooks', { body: { type: 'ORDER_STATUS', url } });
  }
}
