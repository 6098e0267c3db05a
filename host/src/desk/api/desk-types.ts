/**
 * The orders desk API as the contract (/api/admin/*, notes/desk-api.md) describes it. JSON over
 * fetch, not GraphQL: the desk's operations are the API's own routes behind the session cookie.
 */
export type DeskRole = 'owner' | 'manager';

export interface DeskUser {
  id: number;
  email: string;
  name: string;
  role: DeskRole;
}

export const ORDER_STATUSES = ['new', 'paid', 'assembled', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The same titles as the API's (api/src/orders/order-status.ts); the API's own `statusTitle` wins where it is sent. */
export const STATUS_TITLES: Record<OrderStatus, string> = {
  new: 'новый',
  paid: 'оплачен',
  assembled: 'собран',
  shipped: 'отправлен',
  delivered: 'доставлен',
  cancelled: 'отменён',
};

export const ROLE_TITLES: Record<DeskRole, string> = { owner: 'владелец', manager: 'менеджер' };

export interface OrderSummary {
  number: string;
  createdAt: string;
  status: OrderStatus;
  statusTitle: string;
  totalPrice: number;
  items: number;
  fullName: string;
  phone: string;
  email: string;
  city: string;
  deliveryMethod: string;
  paymentStatus: string | null;
}

export interface OrderList {
  orders: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface OrderLine {
  name: string;
  sku: string;
  size: string;
  price: number;
  quantity: number;
  total: number;
}

export interface OrderPayment {
  provider: string;
  providerPaymentId: string;
  status: string;
  amount: number;
  createdAt: string;
  updatedAt: string;
}

export interface OrderEvent {
  at: string;
  actor: string;
  actorTitle: string;
  from: string | null;
  fromTitle: string | null;
  to: string;
  toTitle: string;
  note: string | null;
}

export interface OrderDetail {
  number: string;
  createdAt: string;
  status: OrderStatus;
  statusTitle: string;
  totalPrice: number;
  fullName: string;
  phone: string;
  email: string;
  city: string;
  address: string;
  deliveryMethod: string;
  comment: string;
  reservedUntil: string | null;
  paidAt: string | null;
  lines: OrderLine[];
  consent: { version: string; at: string; clientIp: string } | null;
  payments: OrderPayment[];
  history: OrderEvent[];
  next: { status: OrderStatus; title: string }[];
}
