import { orderTracking } from '@shop/contracts/order';
import { text } from './args.ts';
import type { ApiContext } from './context.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { apiError, serviceUnavailable } from './errors.ts';
import { iso, upper } from './mappers.ts';
import type { Resolvers } from './resolvers-types.generated.ts';

/**
 * One order look-up (`order`, `paymentInfo`) against the client's per-minute budget. Counted per
 * resolver call, so 100 aliases in one request spend 100 of it: a request cannot multiply
 * database look-ups (or key guesses) past what separate requests could.
 */
export async function countLookup(ctx: ApiContext): Promise<void> {
  const wait = await ctx.limiters.lookups.hit(ctx.clientKey);
  if (wait > 0)
    throw apiError('RATE_LIMITED', `Слишком много запросов заказов подряд. Попробуйте снова через ${wait} с.`, {
      retryAfter: wait,
    });
}

export const orderResolvers: Resolvers = {
  Query: {
    order: async (_, args, ctx) => {
      await countLookup(ctx);
      text(args.number, 'number', 40);
      text(args.key, 'key', 200);
      // back from the provider: a pending payment is asked of it (at most every 5 s per order) so the page shows «Оплачен» at once
      const order = await ctx.orders.byNumber(args.number, args.key);
      if (order?.status === 'new' && (await ctx.payments.refreshOnView(order.id)))
        return ctx.orders.byNumber(args.number, args.key);
      return order;
    },
    // paymentInfo: payments/payment-resolvers.ts
  },
  Mutation: {
    createOrder: async (_, args, ctx) => {
      const wait = await ctx.limiters.orders.hit(ctx.clientKey);
      if (wait > 0) {
        throw apiError('RATE_LIMITED', `Слишком много заказов подряд. Попробуйте снова через ${wait} с.`, {
          retryAfter: wait,
        });
      }
      // an outage is the shopper's concern too: say so, coded, instead of a masked error. The
      // order is either stored whole or not at all (one transaction), and a retry with the
      // same idempotency key returns the stored one, so retrying cannot double it.
      const result = await ctx.orders
        .create(args.input, ctx.clientIp, {
          consentVersions: ctx.config.consentVersions,
          delivery: (order) => ctx.delivery.forOrder(order),
        })
        .catch((e: unknown) => {
          throw isDatabaseUnavailable(e) ? serviceUnavailable() : e;
        });
      return { ...result, errors: result.errors.map((e) => ({ price: null, available: null, ...e })) };
    },
  },
  Order: {
    orderdate: (o) => iso(o.createdAt),
    status: (o) => upper(o.status),
    lines: (o, _, ctx) => ctx.orders.lines(o.id),
    reservedUntil: (o) => (o.status === 'new' && o.reservedUntil ? iso(o.reservedUntil) : null),
    tracking: (o) => orderTracking(o.deliveryMethod, o.trackingNumber),
    delivery: (o) =>
      o.delivery
        ? {
            pickupPoint: o.delivery.pickupPoint,
            minDays: o.delivery.minDays,
            maxDays: o.delivery.maxDays,
            earliest: o.delivery.earliest,
            latest: o.delivery.latest,
          }
        : null,
  },
  OrderLine: {
    total: (l) => l.price * l.quantity,
    product: (l, _, ctx) => (l.currentProductId ? ctx.catalog.productLoader.get(l.currentProductId) : null),
  },
};
