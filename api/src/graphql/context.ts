import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';
import { OrderRepo } from '../orders/order-repo.ts';
import type { CatalogMeta } from '../repo/catalog-meta.ts';
import { CatalogRepo } from '../repo/catalog-repo.ts';
import { PageRepo } from '../repo/page-repo.ts';

/** All a resolver may touch: repositories over the database, the config and who is asking. */
export interface ApiContext {
  catalog: CatalogRepo;
  pages: PageRepo;
  orders: OrderRepo;
  config: Config;
  clientIp: string;
  orderLimiter: RateLimiter;
  ping(): Promise<boolean>;
}

export function createContext(
  db: Db,
  config: Config,
  clientIp: string,
  orderLimiter: RateLimiter,
  ping: () => Promise<boolean>,
  meta?: CatalogMeta,
): ApiContext {
  return { catalog: new CatalogRepo(db, meta), pages: new PageRepo(db), orders: new OrderRepo(db), config, clientIp, orderLimiter, ping };
}
