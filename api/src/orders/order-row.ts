import type { orders } from '../db/schema.ts';
import type { OrderStatus } from './order-status.ts';

/** An order as the orders table stores it; only the lifecycle's transitions write its status. */
export type OrderRow = Omit<typeof orders.$inferSelect, 'status'> & { status: OrderStatus };

/** What the hooks and the letters are told of an order: who placed it, what, and where it goes. */
export type OrderFacts = Pick<
  OrderRow,
  | 'id'
  | 'ordernumber'
  | 'accessKey'
  | 'status'
  | 'totalPrice'
  | 'fullName'
  | 'phone'
  | 'email'
  | 'city'
  | 'address'
  | 'deliveryMethod'
  | 'comment'
  | 'trackingNumber'
>;
