/*
 * The order's rules, written once: the API validates `createOrder` with `orderInputSchema`
 * (api/src/orders/validate-order.ts maps the issues to its errors-as-data), and the checkout
 * form validates what the shopper typed with `checkoutFieldsSchema` (mf-cart), so the shopper
 * sees the API's own Russian message beside the field before anything is sent.
 *
 * Every rule carries the API's error code (`params.code`) and aborts its field's later rules:
 * one message per field, in the order of ./order-fields.ts (react-hook-form shows a field's first issue, the
 * API reports it). zod/mini keeps the checkout chunk small.
 */

// Each part in its own module, so a bundle gets only what it uses (the package is free of side
// effects): the plain tables (no zod) for a title or a limit, the fields for the checkout form,
// the whole input for the API.
export type { OrderErrorCode } from './errors.ts';
export {
  type CheckoutFields,
  checkoutFieldsSchema,
  isEmail,
  isMailDomain,
  issueCode,
  normalizePhone,
} from './order-fields.ts';
export { type OrderInput, orderDataSchema, orderInputSchema, type ValidOrder } from './order-input.ts';
export {
  DELIVERY_METHOD_CODES,
  DELIVERY_METHODS,
  type DeliveryMethod,
  deliveryTitle,
  isDeliveryMethod,
  MAX_LINES,
  MAX_QUANTITY,
  orderTracking,
  parseTrackingNumber,
  RETURN_REASONS,
  RETURN_WINDOW_DAYS,
  type ReturnReason,
  trackingUrl,
} from './order-tables.ts';
