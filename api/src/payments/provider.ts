import type { PaymentProviderName } from './payment-config.ts';

/** A payment's state as its provider reports it (ЮKassa's names; the sandbox uses the same). */
export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export const PROVIDER_PAYMENT_STATUSES: readonly ProviderPaymentStatus[] = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'];

/** A payment as the provider answered about it (never as a notification claimed it). */
export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  /** "1234.00" */
  amountValue: string;
  currency: string;
  /** What we sent as metadata: order_id and ordernumber. */
  metadata: Record<string, unknown>;
  /** Where the shopper pays (pending payments only). */
  confirmationUrl: string | null;
  /** The provider's whole answer, kept in payments.details for the desk. */
  raw: unknown;
}

/** What starting a payment needs to know about the order. */
export interface PaymentOrder {
  id: number;
  ordernumber: string;
  accessKey: string;
  /** Whole roubles. */
  totalPrice: number;
  email: string;
  phone: string;
  lines: { name: string; size: string; price: number; quantity: number }[];
}

export interface StartPaymentRequest {
  order: PaymentOrder;
  /** Ours, stored in payments.idempotence_key: a retried start sends the same one. */
  idempotenceKey: string;
  /** Where the provider sends the shopper back: the order page with its key. */
  returnUrl: string;
}

/** A refund as the provider answered about it. */
export interface ProviderRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  /** "1234.00" */
  amountValue: string;
}

export interface RefundRequest {
  paymentId: string;
  /** Whole roubles, at most what the payment took less earlier refunds. */
  amount: number;
  /** Ours (the return request's): a retried refund never pays twice. */
  idempotenceKey: string;
  description: string;
  /** The receipt of the returned lines (54-ФЗ: a refund gets its own receipt). */
  customer: { email: string; phone: string };
  lines: { name: string; size: string; price: number; quantity: number }[];
}

/**
 * Why a provider call failed. `rejected`: the provider refused the request (4xx: its type and
 * code are logged; repeating it changes nothing). `unavailable`: no answer, a timeout or a 5xx
 * (repeat it later with the same idempotence key).
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    readonly status = 0,
    readonly code = '',
  ) {
    super(message);
  }
}

/**
 * A payment provider: start a payment for an order (the answer carries the URL to send the
 * shopper to), ask it for a payment's state (the only source of truth: notifications are
 * only a hint to ask), cancel a pending one.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  start(request: StartPaymentRequest): Promise<ProviderPayment>;
  /** null: the provider knows no such payment. */
  get(paymentId: string): Promise<ProviderPayment | null>;
  cancel(paymentId: string, idempotenceKey: string): Promise<ProviderPayment>;
  /** Returns money of a succeeded payment (all or part). */
  refund(request: RefundRequest): Promise<ProviderRefund>;
}

/** 1234 → "1234.00": the amount as providers take it (whole roubles in this shop). */
export function rubles(amount: number): string {
  return `${amount}.00`;
}
