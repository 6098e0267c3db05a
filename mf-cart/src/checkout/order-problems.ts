import type { CartItem } from '@shop/mf-shared';
import type { CreateOrderMutation } from '../graphql/generated.ts';
import { type CheckoutField, FIELD_ORDER, type FieldErrors } from './checkout-values.ts';

type OrderError = CreateOrderMutation['createOrder']['errors'][number];

/** A problem the API found on one cart line, remembered with the line as it was sent. */
export interface LineProblem {
  code: OrderError['code'];
  message: string;
  price: number | null;
  available: number | null;
  /** The line's quantity and price when it was rejected: a change by the shopper retires the problem. */
  sent: { quantity: number; price: number };
}

export interface OrderProblems {
  fields: FieldErrors;
  lines: Record<string, LineProblem>;
  /** Anything that belongs to no field or line (empty cart, too many lines). */
  general: string[];
}

/**
 * Puts each of the API's rejections where the shopper can act on it: `orderData.phone` beside
 * the phone field, `items[2]…` on the third line that was sent, the rest above the button.
 */
export function orderProblems(errors: OrderError[], sent: CartItem[]): OrderProblems {
  const result: OrderProblems = { fields: {}, lines: {}, general: [] };
  for (const error of errors) {
    const field = /^orderData\.(\w+)$/.exec(error.field ?? '')?.[1] as CheckoutField | undefined;
    const line = error.line === null ? undefined : sent[error.line];
    if (field && FIELD_ORDER.includes(field)) {
      result.fields[field] ??= error.message;
    } else if (line) {
      // One message per line: a sold-out size makes its price change irrelevant.
      if (result.lines[line.id]?.code === 'SOLD_OUT') continue;
      result.lines[line.id] = {
        code: error.code,
        message: error.message,
        price: error.price,
        available: error.available,
        sent: { quantity: line.quantity, price: line.price },
      };
    } else {
      result.general.push(error.message);
    }
  }
  return result;
}

/** A line problem still stands while the line is as it was sent. */
export function standingProblem(problem: LineProblem | undefined, line: CartItem): LineProblem | undefined {
  if (!problem) return undefined;
  return problem.sent.quantity === line.quantity && problem.sent.price === line.price ? problem : undefined;
}

/**
 * The most the shopper can order of a line, once the API has said how many are left
 * (INSUFFICIENT_STOCK with `available`): the quantity stepper stops there instead of at 99. It
 * holds after the shopper changes the quantity (stock does not grow back by itself); a new
 * answer from the API replaces it.
 */
export function knownStockLimit(problem: LineProblem | undefined): number | undefined {
  return problem?.code === 'INSUFFICIENT_STOCK' && problem.available !== null && problem.available > 0 ? problem.available : undefined;
}
