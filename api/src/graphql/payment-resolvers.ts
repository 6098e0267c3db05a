import { GraphQLError } from 'graphql';
import { parseId, text } from './args.ts';
import { countLookup } from './order-resolvers.ts';
import { upper } from './mappers.ts';
import type { Resolvers } from './resolvers-types.generated.ts';
import type { StartResult } from '../payments/payment-service.ts';

// a payment start counts against the order look-up budget (ids and keys are not guessed through it)

/** A start that did not give a URL, as a coded GraphQL error with a Russian message. */
function startError(result: Extract<StartResult, { ok: false }>): GraphQLError {
  return new GraphQLError(result.message, { extensions: { code: result.code } });
}

export const paymentResolvers: Resolvers = {
  Query: {
    /**
     * Deprecated (old tabs): starts or resumes the payment like startPayment and answers its URL;
     * a paid order answers its own page.
     */
    paymentInfo: async (_, args, ctx) => {
      await countLookup(ctx);
      text(args.key, 'key', 200);
      const id = parseId(args.id, 'id');
      const result = await ctx.payments.start(id, args.key);
      if (result.ok) return { id: String(id), linkURL: result.url };
      if (result.code === 'NOT_FOUND') return null;
      if (result.code === 'ALREADY_PAID' && result.returnUrl) return { id: String(id), linkURL: result.returnUrl };
      throw startError(result);
    },
  },
  Mutation: {
    startPayment: async (_, args, ctx) => {
      await countLookup(ctx);
      text(args.key, 'key', 200);
      const result = await ctx.payments.start(parseId(args.id, 'id'), args.key);
      if (!result.ok) throw startError(result);
      return { url: result.url };
    },
  },
  Order: {
    payment: async (o, _, ctx) => {
      const p = await ctx.payments.latest(o.id);
      return p ? { status: upper(p.status), provider: upper(p.provider) } : null;
    },
  },
};
