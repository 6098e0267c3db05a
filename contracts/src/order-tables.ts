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
