import { apiError, badInput } from './errors.ts';
import { text } from './args.ts';
import type { ApiContext } from './context.ts';
import type { Resolvers } from './resolvers-types.generated.ts';

/** Each call (each alias) spends the client's delivery budget: a request cannot multiply СДЭК look-ups. */
async function countDelivery(ctx: ApiContext): Promise<void> {
  const wait = await ctx.limiters.delivery.hit(ctx.clientKey);
  if (wait > 0) throw apiError('RATE_LIMITED', `Слишком много запросов доставки подряд. Попробуйте снова через ${wait} с.`, { retryAfter: wait });
}

export const deliveryResolvers: Resolvers = {
  Query: {
    deliveryOptions: async (_, args, ctx) => {
      await countDelivery(ctx);
      return ctx.delivery.options(text(args.city, 'city', 100) ?? '');
    },
    addressSuggestions: async (_, args, ctx) => {
      await countDelivery(ctx);
      const kind = args.kind === 'CITY' ? 'city' : 'address';
      return ctx.delivery.addresses.suggest(kind, text(args.query, 'query', 200) ?? '', text(args.city, 'city', 200) ?? '');
    },
    pickupPoints: async (_, args, ctx) => {
      await countDelivery(ctx);
      if (!Number.isInteger(args.cityCode) || args.cityCode < 1) throw badInput('cityCode', 'cityCode: код города СДЭК');
      const limit = args.limit ?? 20;
      if (limit < 1 || limit > 50) throw badInput('limit', 'limit должен быть от 1 до 50');
      try {
        return await ctx.delivery.pickupPoints(args.cityCode, text(args.search, 'search', 100) ?? '', limit);
      } catch {
        // СДЭК did not answer and nothing is kept: the checkout falls back to a typed address
        throw apiError('SERVICE_UNAVAILABLE', 'Не удалось загрузить пункты выдачи СДЭК. Укажите адрес пункта вручную или попробуйте позже.');
      }
    },
  },
};
