/*
 * The order's plain tables, re-exported by ./order.ts (@shop/contracts/order) and free of zod:
 * whoever needs only a title or a limit (the order page, the desk, the letters, the cart store)
 * gets this module alone, not the schema (the package is free of side effects).
 */

/** Lines in one order; quantity of one line (the cart's stepper stops there too). */
export const MAX_LINES = 50;
export const MAX_QUANTITY = 99;

/** The delivery methods the shop offers (GraphQL `enum DeliveryMethod`), with their Russian titles. */
export const DELIVERY_METHODS = {
  COURIER: { title: 'Курьер', inSentence: 'курьер' },
  CDEK_PICKUP: { title: 'Пункт выдачи СДЭК', inSentence: 'пункт выдачи СДЭК' },
  RUSSIAN_POST: { title: 'Почта России', inSentence: 'Почта России' },
} as const satisfies Record<string, { title: string; inSentence: string }>;

export type DeliveryMethod = keyof typeof DELIVERY_METHODS;
/** In the order the checkout offers them. */
export const DELIVERY_METHOD_CODES = Object.keys(DELIVERY_METHODS) as DeliveryMethod[];

export function isDeliveryMethod(value: unknown): value is DeliveryMethod {
  return typeof value === 'string' && Object.hasOwn(DELIVERY_METHODS, value);
}

/**
 * «Пункт выдачи СДЭК»; `inSentence` for the middle of a line («Казань, пункт выдачи СДЭК»).
 * A code this release does not know is shown as it is (lower case accepted: the desk's CSV).
 */
export function deliveryTitle(method: string, form: 'title' | 'inSentence' = 'title'): string {
  const upper = method.toUpperCase();
  return isDeliveryMethod(upper) ? DELIVERY_METHODS[upper][form] : method;
}

/**
 * A parcel's tracking number as the owner types it («СДЭК 1234567890», «8012 3456 7890 12»,
 * «ra123456789ru»): the carrier's word, spaces and hyphens dropped, letters upper case. null
 * when what is left is not 6–20 Latin letters and digits (carriers' numbers: СДЭК 10–12 digits,
 * Почта России 14 digits or 13 characters abroad).
 */
export function parseTrackingNumber(value: string): string | null {
  const bare = value
    .trim()
    .replace(/^(сдэк|cdek|почта(\s+россии)?|трек(-номер)?)\s*[:№#]?\s*/iu, '')
    .replace(/[\s-]+/g, '')
    .toUpperCase();
  return /^[A-Z0-9]{6,20}$/.test(bare) ? bare : null;
}

/**
 * Where a shopper follows the parcel: the carrier's own tracking page for the delivery method
 * (СДЭК delivers to a pickup point and by courier, Почта России the rest). null for a method this
 * release does not know.
 */
export function trackingUrl(method: string, number: string): string | null {
  const n = encodeURIComponent(number);
  switch (method.toUpperCase()) {
    case 'CDEK_PICKUP':
    case 'COURIER':
      return `https://www.cdek.ru/ru/tracking/?order_id=${n}`;
    case 'RUSSIAN_POST':
      return `https://www.pochta.ru/tracking?barcode=${n}`;
    default:
      return null;
  }
}

/** A shipped order's tracking, as the desk and the shopper's order page show it: the number and its carrier's page. */
export function orderTracking(method: string, number: string | null): { number: string; url: string | null } | null {
  return number ? { number, url: trackingUrl(method, number) } : null;
}

/** Why a shopper returns items (GraphQL `enum ReturnReason`), as the order page and the desk name it. */
export const RETURN_REASONS = {
  SIZE: 'Не подошёл размер',
  LOOK: 'Не понравился товар',
  DEFECT: 'Брак или повреждение',
  WRONG: 'Прислали не тот товар',
  OTHER: 'Другая причина',
} as const satisfies Record<string, string>;

export type ReturnReason = keyof typeof RETURN_REASONS;

/**
 * Days after receipt a shopper may return a good item bought at a distance (ЗоЗПП ст. 26.1); a
 * defect or a wrong item is returned later too (ст. 18), so those reasons have no such window.
 */
export const RETURN_WINDOW_DAYS = 7;
