import * as z from 'zod/mini';
import { errorMessage } from './errors.ts';
import { checkoutFieldsSchema, rule } from './order-fields.ts';
import { MAX_LINES, MAX_QUANTITY } from './order-tables.ts';

/*
 * createOrder's whole input: the shopper's fields, the consent version, the idempotency key and
 * the lines; part of @shop/contracts/order (see ./order.ts). Its own module so that the checkout
 * bundle, which needs only the fields, does not carry it.
 */

/** The order's data as `createOrder` takes it: the shopper's fields and the version of the consent text they were shown. */
export const orderDataSchema = z.extend(checkoutFieldsSchema, {
  consentVersion: z.string().check(
    z.trim(),
    rule('REQUIRED', 'Не указана версия текста согласия', (v: string) => v !== ''),
    rule('INVALID_FORMAT', 'Неверная версия текста согласия', (v: string) => /^[A-Za-z0-9._-]{1,50}$/.test(v)),
  ),
});

const orderLineSchema = z.object({
  offerId: z.string(),
  quantity: z
    .number()
    .check(
      rule(
        'INVALID_QUANTITY',
        errorMessage('INVALID_QUANTITY', { max: MAX_QUANTITY }),
        (q: number) => Number.isInteger(q) && q >= 1 && q <= MAX_QUANTITY,
        true,
      ),
    ),
  price: z.optional(z.nullable(z.number())),
});

/** Each offer once: a second line of it points the shopper to the first. */
const noDuplicateOffers = z.superRefine<{ offerId: string }[]>(
  (lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      if (typeof line?.offerId !== 'string') return;
      if (seen.has(line.offerId)) {
        ctx.addIssue({
          code: 'custom',
          message: errorMessage('DUPLICATE_OFFER'),
          params: { code: 'DUPLICATE_OFFER' },
          path: [index, 'offerId'],
          input: line.offerId,
        });
      }
      seen.add(line.offerId);
    });
    // runs even when a line's quantity failed: the API reports both, as it always has
  },
  { when: (payload) => Array.isArray(payload.value) },
);

/** The whole `createOrder` input. A list over MAX_LINES is refused alone, before any of its lines is looked at. */
export const orderInputSchema = z.object({
  orderData: orderDataSchema,
  idempotencyKey: z
    .string()
    .check(
      rule('INVALID_FORMAT', 'Ключ идемпотентности: 8–100 символов (латиница, цифры, «-», «_»)', (v: string) =>
        /^[A-Za-z0-9_-]{8,100}$/.test(v),
      ),
    ),
  items: z.pipe(
    z.array(z.unknown()).check(
      rule(
        'TOO_MANY_LINES',
        errorMessage('TOO_MANY_LINES', { max: MAX_LINES }),
        (lines: unknown[]) => lines.length <= MAX_LINES,
      ),
      rule('EMPTY_CART', errorMessage('EMPTY_CART'), (lines: unknown[]) => lines.length > 0),
    ),
    z.array(orderLineSchema).check(noDuplicateOffers),
  ),
});

export type OrderInput = z.input<typeof orderInputSchema>;
export type ValidOrder = z.output<typeof orderInputSchema>;
