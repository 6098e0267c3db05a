/**
 * What the checkout shows and the order stores about delivery: each method's term (from СДЭК's
 * tariffs where it answers, the shop's estimate otherwise), the pickup points of the shopper's
 * city, and the checks of the chosen point when an order is placed.
 *
 * СДЭК's answers are kept in memory (lru-cache: cities a day, points and tariffs an hour, one
 * request per key however many shoppers ask at once); when СДЭК fails, a kept answer past its
 * time is used, and without one the terms fall back to the estimates: a carrier outage never
 * blocks a checkout or an order.
 */
import { DELIVERY_METHOD_CODES, type DeliveryMethod } from '@shop/contracts/order';
import { LRUCache } from 'lru-cache';
import { AddressSuggestions } from './address-suggestions.ts';
import type { CdekClient, CdekPoint, CdekTariff } from './cdek-client.ts';
import type { DeliveryError, OrderDelivery } from '../orders/validate-order.ts';
import type { DeliveryConfig, DayRange } from './delivery-config.ts';

/** A parcel of shoes or clothes as the tariffs are asked about it: 1.5 kg in a 35×25×15 cm box. */
export const PARCEL = { weight: 1500, length: 35, width: 25, height: 15 } as const;

const HOUR = 3_600_000;

export interface DeliveryCity {
  code: number;
  name: string;
  fullName: string;
}

export interface DeliveryTerm {
  method: DeliveryMethod;
  /** False: the carrier does not deliver there this way (no pickup point in the city). */
  available: boolean;
  minDays: number;
  maxDays: number;
  /** Moscow dates, YYYY-MM-DD. */
  earliest: string;
  latest: string;
  /** True: from the carrier's tariff; false: the shop's estimate. */
  fromCarrier: boolean;
  /** Roubles the carrier charges the shop (never the shopper); null when not known. */
  cost: number | null;
  tariffCode: number | null;
}

export interface DeliveryOptions {
  city: DeliveryCity | null;
  /** The checkout offers a list of pickup points (СДЭК knows the city and has points there). */
  pickupPoints: boolean;
  terms: DeliveryTerm[];
  /** СДЭК did not answer: the terms are estimates and the point is typed as an address. */
  carrierDown: boolean;
}

export interface PickupPointView {
  code: string;
  name: string;
  address: string;
  workTime: string;
  howToFind: string;
  nearestStation: string;
  card: boolean;
  cash: boolean;
  dressingRoom: boolean;
}


/** «г. Казань», «город казань », «Казань» → «казань»; ё as е. */
export function normalizeCity(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/^(г\.|г |город )\s*/u, '')
    .replace(/\s+/g, ' ');
}

const normalizeSearch = (text: string) => text.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();

/** Today in Moscow as YYYY-MM-DD. */
export function moscowToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const isWeekend = (isoDate: string) => [0, 6].includes(new Date(`${isoDate}T00:00:00Z`).getUTCDay());

/** `isoDate` when it is Monday to Friday, else the Monday after. (Public holidays are not known here.) */
export function nextWorkingDay(isoDate: string): string {
  let date = isoDate;
  while (isWeekend(date)) date = addDays(date, 1);
  return date;
}

/** The date `days` working days (Monday to Friday) after `isoDate`. */
export function addWorkingDays(isoDate: string, days: number): string {
  let date = isoDate;
  for (let left = days; left > 0; ) {
    date = addDays(date, 1);
    if (!isWeekend(date)) left--;
  }
  return date;
}

/** Calendar days from one YYYY-MM-DD to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** lru-cache answers undefined when its fetch failed with nothing kept to fall back on. */
function kept<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`СДЭК did not answer (${what}) and nothing is kept`);
  return value;
}

const pointView = (p: CdekPoint): PickupPointView => ({
  code: p.code,
  name: p.name,
  address: p.address,
  workTime: p.workTime,
  howToFind: p.comment,
  nearestStation: p.nearestStation,
  card: p.card,
  cash: p.cash,
  dressingRoom: p.dressingRoom,
});

export class DeliveryService {
  private readonly cities = new LRUCache<string, DeliveryCity | 'none'>({
    max: 5000,
    ttl: 24 * HOUR,
    allowStaleOnFetchRejection: true,
    fetchMethod: (name) => this.lookUpCity(name),
  });
  private readonly points = new LRUCache<number, CdekPoint[]>({
    max: 2000,
    ttl: HOUR,
    allowStaleOnFetchRejection: true,
    fetchMethod: (code) => (this.client as CdekClient).deliveryPoints(code),
  });
  private readonly tariffs = new LRUCache<string, CdekTariff>({
    max: 10_000,
    ttl: HOUR,
    allowStaleOnFetchRejection: true,
    fetchMethod: (key) => {
      const [tariffText, toText, handover] = key.split(':') as [string, string, string];
      const [tariff, to] = [Number(tariffText), Number(toText)];
      const cdek = this.config.cdek;
      if (!cdek || !this.client) throw new Error('no СДЭК');
      return this.client.tariff(tariff, cdek.fromCityCode, to, PARCEL, handover);
    },
  });

  /** City and address suggestions (DaData), for the checkout's fields. */
  readonly addresses: AddressSuggestions;

  constructor(
    readonly config: DeliveryConfig,
    private readonly client: CdekClient | null,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (message: string) => void = (m) => console.warn(m),
  ) {
    this.addresses = new AddressSuggestions(config.dadata, log);
  }

  private async lookUpCity(name: string): Promise<DeliveryCity | 'none'> {
    const found = await (this.client as CdekClient).suggestCities(name);
    // the typed name must be the city's whole name: «Казань» is not «Казанское»
    const exact = found.find((c) => normalizeCity(c.fullName.split(',')[0] ?? '') === name);
    return exact ? { code: exact.code, name: (exact.fullName.split(',')[0] ?? '').trim(), fullName: exact.fullName } : 'none';
  }

  private estimate(method: DeliveryMethod, range: DayRange, today = moscowToday(this.now())): DeliveryTerm {
    return { method, available: true, ...this.dates(today, range.min, range.max, false), fromCarrier: false, cost: null, tariffCode: null };
  }

  /** СДЭК's term by one of its tariffs: its price, and its days counted as it counts them. */
  private carrierTerm(method: DeliveryMethod, tariff: CdekTariff, tariffCode: number, today: string, available = true): DeliveryTerm {
    const dates = this.dates(today, tariff.periodMin, tariff.periodMax, tariff.workingDays);
    return { method, available, ...dates, fromCarrier: true, cost: tariff.sum, tariffCode };
  }

  /**
   * Days and dates from today: the shop's handling days, then the way. A carrier's working days
   * (СДЭК's `period_*`) start on the first working day the parcel is with it and skip weekends, so
   * a shopper is not promised a Saturday or Sunday delivery the carrier never counted.
   */
  private dates(today: string, min: number, max: number, workingDays: boolean) {
    const handed = this.handover(today);
    const after = (days: number) => (workingDays ? addWorkingDays(nextWorkingDay(handed), days) : addDays(handed, days));
    const [earliest, latest] = [after(min), after(max)];
    return { minDays: daysBetween(today, earliest), maxDays: daysBetween(today, latest), earliest, latest };
  }

  /** The day the parcel is handed to the carrier: today in Moscow plus the shop's handling days. */
  private handover(today: string): string {
    return addDays(today, this.config.handlingDays);
  }

  private estimates(): DeliveryTerm[] {
    const today = moscowToday(this.now());
    return DELIVERY_METHOD_CODES.map((m) => this.estimate(m, this.config.estimates[m], today));
  }

  /** Each method's term to the typed city; СДЭК's city (for its pickup points) when it knows it. */
  async options(cityText: string): Promise<DeliveryOptions> {
    const name = normalizeCity(cityText).slice(0, 100);
    const cdek = this.config.cdek;
    if (!cdek || !this.client || name.length < 2) return { city: null, pickupPoints: false, terms: this.estimates(), carrierDown: false };
    try {
      const found = kept(await this.cities.fetch(name), 'city');
      // a city СДЭК does not know has no pickup point: said before the shopper picks the method
      if (found === 'none') {
        const terms = this.estimates().map((t) => (t.method === 'CDEK_PICKUP' ? { ...t, available: false } : t));
        return { city: null, pickupPoints: false, terms, carrierDown: false };
      }
      const today = moscowToday(this.now());
      // asked for the day the parcel is handed over: СДЭК's calendar days count from it
      const handover = this.handover(today);
      const [points, pickup, courier] = await Promise.all([
        this.points.fetch(found.code).then((v) => kept(v, 'points')),
        this.tariffs.fetch(`${cdek.pickupTariff}:${found.code}:${handover}`),
        this.tariffs.fetch(`${cdek.courierTariff}:${found.code}:${handover}`),
      ]);
      const hasPoints = points.length > 0;
      const terms = this.estimates().map((t) => {
        if (t.method === 'CDEK_PICKUP' && pickup) return this.carrierTerm(t.method, pickup, cdek.pickupTariff, today, hasPoints);
        if (t.method === 'COURIER' && courier) return this.carrierTerm(t.method, courier, cdek.courierTariff, today);
        return t;
      });
      return { city: found, pickupPoints: hasPoints, terms, carrierDown: false };
    } catch (e) {
      this.log(`[delivery] СДЭК did not answer for «${name}»: ${(e as Error).message}`);
      return { city: null, pickupPoints: false, terms: this.estimates(), carrierDown: true };
    }
  }

  /** СДЭК's code of the typed city; null when СДЭК does not know it (throws while СДЭК does not answer). */
  async cityCode(cityText: string): Promise<number | null> {
    if (!this.client) return null;
    const found = kept(await this.cities.fetch(normalizeCity(cityText).slice(0, 100)), 'city');
    return found === 'none' ? null : found.code;
  }

  /** The city's pickup points whose name, address, metro or code contain `search`, at most `limit`. */
  async pickupPoints(cityCode: number, search: string, limit: number): Promise<{ total: number; points: PickupPointView[] }> {
    if (!this.client) return { total: 0, points: [] };
    const all = kept(await this.points.fetch(cityCode), 'points');
    const words = normalizeSearch(search).split(' ').filter(Boolean);
    const matching = words.length
      ? all.filter((p) => {
          const hay = normalizeSearch(`${p.name} ${p.address} ${p.nearestStation} ${p.code}`);
          return words.every((w) => hay.includes(w));
        })
      : all;
    return { total: matching.length, points: matching.slice(0, limit).map(pointView) };
  }

  /**
   * The delivery an order keeps, checked: with СДЭК, a pickup order names a point of the city's
   * (its address then is the point's). When СДЭК does not answer the order is taken all the same,
   * the point as the shopper sent it, marked unverified for the desk.
   */
  async forOrder(order: { city: string; address: string; deliveryMethod: DeliveryMethod; pickupPointCode?: string | null }): Promise<
    { delivery: OrderDelivery; address: string } | { errors: DeliveryError[] }
  > {
    const options = await this.options(order.city);
    const term = options.terms.find((t) => t.method === order.deliveryMethod) ?? this.estimate(order.deliveryMethod, this.config.estimates[order.deliveryMethod]);
    const base: OrderDelivery = {
      provider: this.config.provider,
      cityCode: options.city?.code ?? null,
      pickupPoint: null,
      minDays: term.minDays,
      maxDays: term.maxDays,
      earliest: term.earliest,
      latest: term.latest,
      fromCarrier: term.fromCarrier,
      cost: term.cost,
      tariffCode: term.tariffCode,
    };
    const code = order.pickupPointCode?.trim() ?? '';
    if (this.config.provider !== 'cdek' || order.deliveryMethod !== 'CDEK_PICKUP') return { delivery: base, address: order.address };
    if (options.carrierDown) {
      const pickupPoint = code ? { code, name: '', address: order.address, workTime: '', verified: false } : null;
      return { delivery: { ...base, pickupPoint }, address: order.address };
    }
    if (!options.city || !options.pickupPoints) {
      return {
        errors: [
          {
            field: 'orderData.city',
            code: 'DELIVERY_UNAVAILABLE',
            message: 'В этот город СДЭК не доставляет: проверьте название города или выберите другой способ доставки',
          },
        ],
      };
    }
    if (!code) return { errors: [{ field: 'orderData.pickupPointCode', code: 'REQUIRED', message: 'Выберите пункт выдачи СДЭК' }] };
    const points = (await this.points.fetch(options.city.code).catch(() => undefined)) ?? [];
    // (points were fetched by options() a moment ago: kept, unless СДЭК failed in between)
    const point = points.find((p) => p.code === code);
    if (!point) {
      return {
        errors: [{ field: 'orderData.pickupPointCode', code: 'PICKUP_POINT_UNKNOWN', message: 'Этот пункт выдачи не найден в вашем городе: выберите другой' }],
      };
    }
    return {
      delivery: { ...base, pickupPoint: { code: point.code, name: point.name, address: point.address, workTime: point.workTime, verified: true } },
      address: point.address,
    };
  }
}

