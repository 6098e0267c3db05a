import {
  type DeliveryMethod,
  issueCode,
  normalizePhone,
  type OrderErrorCode,
  type orderDataSchema,
  orderInputSchema,
} from '@shop/contracts/order';
import * as z from 'zod/mini';
import type { OrderDelivery } from '../db/order-delivery.ts';

export type { OrderDelivery } from '../db/order-delivery.ts';

/** A delivery check's refusal, reported like a field's. */
export interface DeliveryError {
  field: string;
  code: OrderErrorCode;
  message: string;
}

export { normalizePhone } from '@shop/contracts/order';

/** An order's details as they are stored: the schema's trimmed texts, a delivery method chosen (the phone normalized). */
export type CleanOrder = Omit<z.output<typeof orderDataSchema>, 'deliveryMethod' | 'personalDataConsent'> & {
  deliveryMethod: DeliveryMethod;
};

/** createOrder's input as GraphQL delivers it (types checked by the schema, values not yet). */
export interface OrderInput {
  idempotencyKey: string;
  orderData: Omit<CleanOrder, 'comment' | 'pickupPointCode'> & {
    comment?: string | null;
    pickupPointCode?: string | null;
    personalDataConsent: boolean;
  };
  items: { offerId: string; quantity: number; price?: number | null }[];
}

export interface OrderError {
  field: string | null;
  line: number | null;
  code: OrderErrorCode;
  message: string;
  /** For PRICE_CHANGED and INSUFFICIENT_STOCK: the current price or the quantity available. */
  price?: number | null;
  available?: number | null;
}

export interface ValidateOptions {
  /** Consent versions an order may cite (config CONSENT_VERSIONS); unset: any well-formed one. */
  consentVersions?: readonly string[];
  /**
   * The delivery the order keeps, checked against the carrier (delivery/delivery-service.ts):
   * its errors refuse the order like a field's; its address replaces the typed one (a pickup
   * point's). Without it the order keeps no delivery details.
   */
  delivery?: (order: CleanOrder) => Promise<{ delivery: OrderDelivery; address: string } | { errors: DeliveryError[] }>;
}

/** A zod issue as one of createOrder's errors: `orderData.phone`, `items[2].quantity` (line 2), `items`. */
function orderError(issue: z.core.$ZodIssue): OrderError {
  const [head, ...rest] = issue.path;
  const line = head === 'items' && typeof rest[0] === 'number' ? rest[0] : null;
  const field = issue.path.reduce<string>(
    (path, key) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${String(key)}` : String(key)),
    '',
  );
  return { field: field || null, line, code: issueCode(issue), message: issue.message };
}

/**
 * The order's rules are @shop/contracts/order's `orderInputSchema`, the checkout form's too;
 * here its issues become createOrder's errors-as-data (one per field, line problems by line),
 * and the consent version is checked against the texts this shop has published (its config).
 */
export function validateOrderData(
  input: OrderInput,
  options: ValidateOptions = {},
): { clean: CleanOrder | null; errors: OrderError[] } {
  const result = z.safeParse(orderInputSchema, {
    ...input,
    // GraphQL leaves an optional field out or null; the schema's comment is a text, maybe empty
    orderData: { ...input.orderData, comment: input.orderData.comment ?? '', pickupPointCode: input.orderData.pickupPointCode ?? '' },
  });
  const errors = (result.error?.issues ?? []).map(orderError);
  const consentVersion = input.orderData.consentVersion?.trim();
  if (
    options.consentVersions &&
    !errors.some((e) => e.field === 'orderData.consentVersion') &&
    !options.consentVersions.includes(consentVersion)
  ) {
    // consent is to a published text: a version nobody was shown is no consent
    errors.push({
      field: 'orderData.consentVersion',
      line: null,
      code: 'CONSENT_REQUIRED',
      message: 'Текст согласия обновился: обновите страницу и подтвердите согласие ещё раз',
    });
  }
  if (!result.success || errors.length) return { clean: null, errors };
  const d = result.data.orderData;
  const clean: CleanOrder = {
    fullName: d.fullName,
    phone: normalizePhone(d.phone) as string,
    email: d.email,
    city: d.city,
    address: d.address,
    deliveryMethod: d.deliveryMethod as DeliveryMethod,
    pickupPointCode: d.pickupPointCode ?? '',
    comment: d.comment,
    consentVersion: d.consentVersion,
  };
  return { clean, errors };
}
