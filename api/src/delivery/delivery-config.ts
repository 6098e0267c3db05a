/**
 * Every delivery setting, read and validated in one place (loadConfig calls loadDeliveryConfig).
 *
 *   DELIVERY_PROVIDER       manual (default: the three methods with a typed address and the
 *                           estimated terms below) | cdek (СДЭК's API v2: pickup points, terms
 *                           from its tariffs, shipments registered when an order is «собран»)
 *   CDEK_CLIENT_ID          the account (Интеграция → API в личном кабинете СДЭК)
 *   CDEK_CLIENT_SECRET      its secure password
 *   CDEK_API_URL            default https://api.cdek.ru/v2 (test: https://api.edu.cdek.ru/v2);
 *                           http only for 127.0.0.1/localhost (the local fake)
 *   CDEK_FROM_CITY_CODE     СДЭК's code of the city parcels leave from (default 44, Москва)
 *   CDEK_SHIPMENT_POINT     the СДЭК office the shop hands parcels in at (e.g. MSK123); empty:
 *                           СДЭК collects them at CDEK_SENDER_ADDRESS (door tariffs)
 *   CDEK_SENDER_ADDRESS     the shop's address for collection (when no shipment point is set)
 *   CDEK_PICKUP_TARIFF      the tariff code to a pickup point (default 136, посылка склад-склад;
 *                           138 дверь-склад when collected)
 *   CDEK_COURIER_TARIFF     to the door (default 137, посылка склад-дверь; 139 дверь-дверь)
 *   CDEK_TIMEOUT_MS         one request to СДЭК, default 8000
 *   DELIVERY_HANDLING_DAYS  days the shop needs to assemble and hand over a parcel, added to
 *                           every term (default 1)
 *   DADATA_API_KEY          DaData's API key: city and address suggestions at checkout (unset: off)
 *   DADATA_API_URL          default https://suggestions.dadata.ru/suggestions/api/4_1/rs; http
 *                           only for 127.0.0.1/localhost (the local fake)
 *   DADATA_TIMEOUT_MS       one suggestion request, default 1500 (slower: the field stays plain text)
 *   DELIVERY_TERM_COURIER, DELIVERY_TERM_CDEK_PICKUP, DELIVERY_TERM_RUSSIAN_POST
 *                           a method's term in days («2-5») where no carrier API answers
 *                           (Почта России always; the others with the manual provider or while
 *                           СДЭК is down)
 */

import { envInt, envProviderUrl } from '@shop/server-kit';
import type { DeliveryMethod } from '@shop/contracts/order';

export type DeliveryProviderName = 'manual' | 'cdek';

export interface CdekConfig {
  clientId: string;
  clientSecret: string;
  /** Without a trailing slash, e.g. https://api.cdek.ru/v2. */
  apiUrl: string;
  fromCityCode: number;
  shipmentPoint: string;
  senderAddress: string;
  pickupTariff: number;
  courierTariff: number;
  timeoutMs: number;
}

export interface DayRange {
  min: number;
  max: number;
}

export interface DadataConfig {
  apiKey: string;
  /** Without a trailing slash. */
  apiUrl: string;
  timeoutMs: number;
}

export interface DeliveryConfig {
  provider: DeliveryProviderName;
  cdek: CdekConfig | null;
  /** Address suggestions; null: off (the fields are plain text). */
  dadata: DadataConfig | null;
  handlingDays: number;
  /** Estimated door-to-door days per method when no carrier answers. */
  estimates: Record<DeliveryMethod, DayRange>;
}

export const DEFAULT_CDEK_API_URL = 'https://api.cdek.ru/v2';

type Fail = (name: string, value: string, expected: string) => never;

export const DEFAULT_DADATA_API_URL = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs';


function dadata(env: NodeJS.ProcessEnv, fail: Fail): DadataConfig | null {
  const apiKey = env.DADATA_API_KEY?.trim() ?? '';
  if (!apiKey) return null;
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(apiKey)) fail('DADATA_API_KEY', `${apiKey.slice(0, 3)}…`, "the API key from DaData's cabinet");
  return {
    apiKey,
    apiUrl: envProviderUrl(env, 'DADATA_API_URL', DEFAULT_DADATA_API_URL, fail),
    timeoutMs: envInt(env, 'DADATA_TIMEOUT_MS', 1500, 100, 30_000, fail),
  };
}

function dayRange(env: NodeJS.ProcessEnv, name: string, fallback: DayRange, fail: Fail): DayRange {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const m = /^(\d{1,2})\s*[-–]\s*(\d{1,2})$/.exec(value) ?? /^(\d{1,2})()$/.exec(value);
  const min = Number(m?.[1]);
  const max = m?.[2] ? Number(m[2]) : min;
  if (!m || min < 1 || max < min || max > 90) return fail(name, value, 'days as «2-5» (1 to 90, the first not above the second)');
  return { min, max };
}

/** Reads the delivery settings; a bad one is the caller's error class (the API does not start). */
export function loadDeliveryConfig(env: NodeJS.ProcessEnv, fail: Fail): DeliveryConfig {
  const provider = (env.DELIVERY_PROVIDER?.trim() || 'manual').toLowerCase();
  if (provider !== 'manual' && provider !== 'cdek') fail('DELIVERY_PROVIDER', env.DELIVERY_PROVIDER ?? '', 'manual or cdek');
  const estimates: Record<DeliveryMethod, DayRange> = {
    COURIER: dayRange(env, 'DELIVERY_TERM_COURIER', { min: 2, max: 5 }, fail),
    CDEK_PICKUP: dayRange(env, 'DELIVERY_TERM_CDEK_PICKUP', { min: 3, max: 6 }, fail),
    RUSSIAN_POST: dayRange(env, 'DELIVERY_TERM_RUSSIAN_POST', { min: 5, max: 14 }, fail),
  };
  const handlingDays = envInt(env, 'DELIVERY_HANDLING_DAYS', 1, 0, 30, fail);
  if (provider === 'manual') {
    const stray = ['CDEK_CLIENT_ID', 'CDEK_CLIENT_SECRET'].filter((n) => env[n]?.trim());
    if (stray.length) {
      fail('DELIVERY_PROVIDER', env.DELIVERY_PROVIDER ?? '', `cdek, since ${stray.join(' and ')} ${stray.length > 1 ? 'are' : 'is'} set (or remove ${stray.join(' and ')})`);
    }
    return { provider: 'manual', cdek: null, dadata: dadata(env, fail), handlingDays, estimates };
  }
  const clientId = env.CDEK_CLIENT_ID?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{4,200}$/.test(clientId)) fail('CDEK_CLIENT_ID', clientId, 'the account from СДЭК\'s cabinet (Интеграция → API)');
  const clientSecret = env.CDEK_CLIENT_SECRET?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{4,200}$/.test(clientSecret)) fail('CDEK_CLIENT_SECRET', `${clientSecret.slice(0, 3)}…`, 'the secure password from СДЭК\'s cabinet');
  const shipmentPoint = env.CDEK_SHIPMENT_POINT?.trim() ?? '';
  if (shipmentPoint && !/^[A-Za-z0-9_-]{2,40}$/.test(shipmentPoint)) fail('CDEK_SHIPMENT_POINT', shipmentPoint, 'a СДЭК office code such as MSK123');
  const senderAddress = env.CDEK_SENDER_ADDRESS?.trim() ?? '';
  if (!shipmentPoint && senderAddress.length < 5) {
    fail('CDEK_SENDER_ADDRESS', senderAddress, 'the address СДЭК collects parcels at, or set CDEK_SHIPMENT_POINT');
  }
  return {
    provider: 'cdek',
    dadata: dadata(env, fail),
    handlingDays,
    estimates,
    cdek: {
      clientId,
      clientSecret,
      apiUrl: envProviderUrl(env, 'CDEK_API_URL', DEFAULT_CDEK_API_URL, fail),
      fromCityCode: envInt(env, 'CDEK_FROM_CITY_CODE', 44, 1, 10_000_000, fail),
      shipmentPoint,
      senderAddress,
      pickupTariff: envInt(env, 'CDEK_PICKUP_TARIFF', shipmentPoint ? 136 : 138, 1, 100_000, fail),
      courierTariff: envInt(env, 'CDEK_COURIER_TARIFF', shipmentPoint ? 137 : 139, 1, 100_000, fail),
      timeoutMs: envInt(env, 'CDEK_TIMEOUT_MS', 8000, 100, 120_000, fail),
    },
  };
}
