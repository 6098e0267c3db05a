import { iso, upper } from './mappers.ts';
import { text } from './args.ts';
import { countLookup } from './order-resolvers.ts';
import { returnWindow } from '../returns/returns.ts';
import type { ApiContext } from './context.ts';
import type { Resolvers } from './resolvers-types.generated.ts';

/**
 * Units already in return requests, per order, asked once per GraphQL request: every line of an
 * order page reads it, and one query answers them all.
 */
const returnedPerRequest = new WeakMap<ApiContext, Map<number, ReturnType<ApiContext['returns']['returnedUnits']>>>();

function returnedUnits(ctx: ApiContext, orderId: number) {
  const perOrder = returnedPerRequest.get(ctx) ?? new Map();
  returnedPerRequest.set(ctx, perOrder);
  const units = perOrder.get(orderId) ?? ctx.returns.returnedUnits(orderId);
  perOrder.set(orderId, units);
  return units;
}

export const returnResolvers: Resolvers = {
  Mutation: {
    requestReturn: async (_, { input }, ctx) => {
      await countLookup(ctx);
      text(input.number, 'number', 40);
      text(input.key, 'key', 200);
      text(input.comment, 'comment', 2000);
      const order = await ctx.orders.byNumber(input.number, input.key);
      if (!order) return { success: false, errors: [{ field: null, message: 'Заказ не найден: откройте его по ссылке из письма' }], request: null };
      const result = await ctx.returns.request(order, { reason: input.reason, comment: input.comment, lines: input.lines.map((l) => ({ offerId: String(l.offerId), quantity: l.quantity })) });
      return { success: result.request !== null, errors: result.errors, request: result.request };
    },
  },
  Order: {
    returns: (o, _, ctx) => ctx.returns.list(o.id),
    returnOpen: (o) => returnWindow(o).open,
    returnUntil: (o) => {
      const until = returnWindow(o).until;
      return until ? until.toISOString() : null;
    },
  },
  OrderLine: {
    returnable: async (l, _, ctx) => l.quantity - ((await returnedUnits(ctx, l.orderId)).get(l.offerId) ?? 0),
  },
  ReturnRequest: {
    createdAt: (r) => iso(r.createdAt),
    status: (r) => upper(r.status),
    lines: (r) => r.lines.map((l) => ({ ...l, offerId: String(l.offerId) })),
  },
};
