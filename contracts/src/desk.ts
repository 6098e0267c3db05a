/**
 * The orders desk's REST contract (/api/admin/*): the API's desk routes answer these shapes and
 * the host's desk reads them. JSON over fetch behind the session cookie, so neither the GraphQL
 * schema nor its generated types cover it; this module is its one home.
 */

/** The order lifecycle's states, in the order the desk lists them. */
export const ORDER_STATUSES = ['new', 'paid', 'assembled', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the desk, the CLI's output and the letters name each status. */
export const ORDER_STATUS_TITLES: Record<OrderStatus, string> = {
  new: 'новый',
  paid: 'оплачен',
  assembled: 'собран',
  shipped: 'отправлен',
  delivered: 'доставлен',
  cancelled: 'отменён',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export type DeskRole = 'owner' | 'manager';

export const ROLE_TITLES: Record<DeskRole, string> = { owner: 'владелец', manager: 'менеджер' };

export interface DeskUser {
  id: number;
  email: string;
  name: string;
  role: DeskRole;
}

/** One line of the orders list. Dates travel as ISO strings. */
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
  providerPaymentId: string | null;
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
  /** Empty when the change came without a note. */
  note: string;
}

/** One order as the desk opens it: the list's line plus what only the order page shows. */
export interface OrderDetail extends OrderSummary {
  address: string;
  comment: string;
  deliveryTitle: string;
  /** Set when the viewer may not see personal data: the fields above are masked. */
  masked: boolean;
  reservedUntil: string | null;
  paidAt: string | null;
  lines: OrderLine[];
  consent: { version: string; at: string; clientIp: string } | null;
  payments: OrderPayment[];
  history: OrderEvent[];
  next: { status: OrderStatus; title: string }[];
}
