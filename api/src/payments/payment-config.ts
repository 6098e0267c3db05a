/**
 * Every payment setting, read and validated in one place (loadConfig calls loadPaymentConfig).
 *
 *   PAYMENT_PROVIDER      sandbox (default) | yookassa
 *   PAYMENT_SANDBOX=1     allows the sandbox under NODE_ENV=production (a staging stand)
 *   YOOKASSA_SHOP_ID      digits, from ЮKassa's cabinet (Интеграция → Ключи API)
 *   YOOKASSA_SECRET_KEY   live_… or test_… (a test shop's key)
 *   YOOKASSA_API_URL      default https://api.yookassa.ru/v3; http only for 127.0.0.1/localhost (the local fake)
 *   YOOKASSA_VAT_CODE     the receipt's vat_code, 1–10 (default 1: без НДС)
 *   YOOKASSA_NOTIFY_IPS   `yookassa`: notifications are accepted only from ЮKassa's published
 *                         addresses (as the trusted proxies report the client); default `any`
 *                         (each notification is checked by asking ЮKassa anyway)
 *   YOOKASSA_TIMEOUT_MS   one request to ЮKassa, default 10000
 *
 * The return URL is `${SHOP_PUBLIC_URL}/order/<number>?key=<key>`.
 */

import { envBool, envInt, envProviderUrl } from '@shop/server-kit';

export type PaymentProviderName = 'sandbox' | 'yookassa';

export interface YookassaConfig {
  shopId: string;
  secretKey: string;
  /** Without a trailing slash, e.g. https://api.yookassa.ru/v3. */
  apiUrl: string;
  vatCode: number;
  /** Accept notifications only from ЮKassa's published networks. */
  checkNotifyIp: boolean;
  timeoutMs: number;
}

export interface PaymentConfig {
  provider: PaymentProviderName;
  /** The sandbox page (/api/sandbox/*) answers; false: 404 there. */
  sandboxEnabled: boolean;
  yookassa: YookassaConfig | null;
}

/**
 * Thrown for a bad setting. loadConfig passes its own ConfigError class (main.ts prints its
 * message and the API does not start); this module does not import config.ts (no import cycle).
 */
export class PaymentConfigError extends Error {}
type ErrorClass = new (message: string) => Error;

/** ЮKassa's published addresses its HTTP notifications come from. */
export const YOOKASSA_NOTIFY_NETWORKS = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

export const DEFAULT_YOOKASSA_API_URL = 'https://api.yookassa.ru/v3';

const bad = (name: string, value: string, expected: string): never => {
  // the secret key is never echoed back whole
  const shown = name === 'YOOKASSA_SECRET_KEY' ? `${value.slice(0, 5)}…` : value;
  throw new PaymentConfigError(`Invalid ${name}=${JSON.stringify(shown)}: expected ${expected}.`);
};


/**
 * Reads the payment settings. The sandbox marks orders paid without money, so it is refused
 * (the API does not start) when ЮKassa is configured, and under NODE_ENV=production unless
 * PAYMENT_SANDBOX=1 says a person meant it.
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv, shopPublicUrl: string, errorClass: ErrorClass = PaymentConfigError): PaymentConfig {
  try {
    return readPaymentConfig(env, shopPublicUrl);
  } catch (e) {
    throw e instanceof PaymentConfigError ? new errorClass(e.message) : e;
  }
}

function readPaymentConfig(env: NodeJS.ProcessEnv, shopPublicUrl: string): PaymentConfig {
  if (env.PAYMENT_PROVIDER_URL) {
    throw new PaymentConfigError(
      'PAYMENT_PROVIDER_URL is no longer read: set PAYMENT_PROVIDER=yookassa with YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY (README «Оплата»).',
    );
  }
  const provider = (env.PAYMENT_PROVIDER?.trim() || 'sandbox').toLowerCase();
  if (provider !== 'sandbox' && provider !== 'yookassa') bad('PAYMENT_PROVIDER', env.PAYMENT_PROVIDER ?? '', 'sandbox or yookassa');
  const sandboxAllowed = envBool(env, 'PAYMENT_SANDBOX', false, bad, '1 (allow the sandbox under NODE_ENV=production) or 0');
  const production = env.NODE_ENV === 'production';

  if (provider === 'sandbox') {
    const stray = ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'].filter((n) => env[n]?.trim());
    if (stray.length) {
      throw new PaymentConfigError(
        `${stray.join(' and ')} set but PAYMENT_PROVIDER is not yookassa: the sandbox would take orders as paid without money. Set PAYMENT_PROVIDER=yookassa, or remove ${stray.join(' and ')}.`,
      );
    }
    if (production && !sandboxAllowed) {
      throw new PaymentConfigError(
        'The payment sandbox marks orders paid without money and is off under NODE_ENV=production: set PAYMENT_PROVIDER=yookassa (README «Оплата»), or PAYMENT_SANDBOX=1 for a test stand.',
      );
    }
    return { provider: 'sandbox', sandboxEnabled: true, yookassa: null };
  }

  if (sandboxAllowed) {
    throw new PaymentConfigError('PAYMENT_SANDBOX=1 cannot be combined with PAYMENT_PROVIDER=yookassa: the sandbox would mark orders paid without money.');
  }
  const shopId = env.YOOKASSA_SHOP_ID?.trim() ?? '';
  if (!shopId) throw new PaymentConfigError('PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID (the shop id from ЮKassa\'s cabinet, digits).');
  if (!/^\d{1,12}$/.test(shopId)) bad('YOOKASSA_SHOP_ID', shopId, 'the shop id from ЮKassa\'s cabinet: digits only');
  const secretKey = env.YOOKASSA_SECRET_KEY?.trim() ?? '';
  if (!secretKey) throw new PaymentConfigError('PAYMENT_PROVIDER=yookassa needs YOOKASSA_SECRET_KEY (live_… or test_…).');
  if (!/^(live|test)_[A-Za-z0-9_-]{8,200}$/.test(secretKey)) bad('YOOKASSA_SECRET_KEY', secretKey, 'a secret key starting with live_ or test_');
  const notifyIps = (env.YOOKASSA_NOTIFY_IPS?.trim() || 'any').toLowerCase();
  if (notifyIps !== 'any' && notifyIps !== 'yookassa') bad('YOOKASSA_NOTIFY_IPS', notifyIps, 'any or yookassa');
  if (production && !shopPublicUrl.startsWith('https://')) {
    throw new PaymentConfigError(`SHOP_PUBLIC_URL=${JSON.stringify(shopPublicUrl)}: ЮKassa returns shoppers to an https address; set SHOP_PUBLIC_URL to the shop's https URL.`);
  }
  return {
    provider: 'yookassa',
    sandboxEnabled: false,
    yookassa: {
      shopId,
      secretKey,
      apiUrl: envProviderUrl(env, 'YOOKASSA_API_URL', DEFAULT_YOOKASSA_API_URL, bad),
      vatCode: envInt(env, 'YOOKASSA_VAT_CODE', 1, 1, 10, bad),
      checkNotifyIp: notifyIps === 'yookassa',
      timeoutMs: envInt(env, 'YOOKASSA_TIMEOUT_MS', 10_000, 100, 120_000, bad),
    },
  };
}
