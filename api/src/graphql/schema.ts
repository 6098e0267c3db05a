import { createSchema } from 'graphql-yoga';
import { catalogResolvers } from './catalog-resolvers.ts';
import type { ApiContext } from './context.ts';
import { deliveryResolvers } from './delivery-resolvers.ts';
import { returnResolvers } from './return-resolvers.ts';
import { orderResolvers } from './order-resolvers.ts';
import { pageResolvers } from './page-resolvers.ts';
import { paymentResolvers } from './payment-resolvers.ts';
import { typeDefs } from './type-defs.ts';

export function buildSchema() {
  return createSchema<ApiContext>({
    typeDefs,
    resolvers: [catalogResolvers, pageResolvers, orderResolvers, paymentResolvers, deliveryResolvers, returnResolvers],
  });
}
