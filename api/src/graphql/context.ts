import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { rateLimitKey } from '@shop/server-kit';
import type { Limiters } from '../util/limiters.ts';
import type { OrderHooks } from '../orders/order-hooks.ts';
import { OrderRepo } from '../orders/order-repo.ts';
import { DeliveryService } from '../delivery/delivery-service.ts';
import { PaymentService } from '../payments/payment-service.ts';
import { Returns } from '../returns/returns.ts';
import type { CatalogMeta } from '../repo/catalog-meta.ts';
import { CatalogRepo } from '../repo/catalog-repo.ts';
import { PageRepo } from '../repo/page-repo.ts';

/** All a resolver may touch: repositories over the database, the config and who is asking. */
export interface ApiContext {
  catalog: CatalogRepo;
  pages: PageRepo;
  orders: OrderRepo;
  /** The API's order hooks (createApi): pass them to changeOrderStatus. */
  orderHooks: readonly OrderHooks[];
  config: Config;
  /** The proven client address (util/client-ip.ts); stored with the consent record. */
  clientIp: string;
  /** What the per-client limits count under: the address, or its /64 for IPv6. */
  clientKey: string;
  limiters: Limiters;
  ping(): Promise<boolean>;
  /** Starting and confirming payments (payments/payment-service.ts), one per API. */
  payments: PaymentService;
  /** Terms, pickup points and the order's delivery check (delivery/delivery-service.ts), one per API. */
  delivery: DeliveryService;
  /** Shoppers' return requests and their refunds (returns/returns.ts). */
  returns: Returns;
}

export function createContext(
  db: Db,
  config: Config,
  clientIp: string,
  limiters: Limiters,
  ping: () => Promise<boolean>,
  meta?: CatalogMeta,
  orders: OrderRepo = new OrderRepo(db),
  payments: PaymentService = new PaymentService(db, orders.hooks, config.payment, config.shopPublicUrl),
  // in-process callers without the API's services: the estimates (no carrier client)
  delivery: DeliveryService = new DeliveryService(config.delivery, null),
  returns: Returns = new Returns(db, payments),
): ApiContext {
  return {
    catalog: new CatalogRepo(db, meta),
    pages: new PageRepo(db),
    orders,
    orderHooks: orders.hooks,
    config,
    clientIp,
    clientKey: rateLimitKey(clientIp),
    limiters,
    ping,
    payments,
    delivery,
    returns,
  };
}
