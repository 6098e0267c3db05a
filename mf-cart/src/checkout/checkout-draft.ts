import { isDeliveryMethod } from '@shop/contracts/order';
import { type CheckoutValues, EMPTY_CHECKOUT } from './checkout-values.ts';
import { formatPhone } from './phone-mask.ts';

/**
 * What the shopper typed at checkout, kept in this tab's sessionStorage until the order is placed,
 * so a reload or a trip to a product and Back loses nothing. The consent box is never kept: the
 * shopper ticks it themselves on the page that sends the order (152-ФЗ: consent is an act of the
 * shopper, not a remembered default).
 */
export const CHECKOUT_DRAFT_KEY = 'shop-checkout-draft';

type Draft = Omit<CheckoutValues, 'personalDataConsent'>;
const TEXT_FIELDS = ['fullName', 'phone', 'email', 'city', 'address', 'pickupPointCode', 'comment'] as const;
/** Longer than any field the schema accepts; a bigger stored value is not ours. */
const MAX_LENGTH = 1000;

export function loadDraft(): CheckoutValues {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(CHECKOUT_DRAFT_KEY) ?? 'null');
  } catch {
    return EMPTY_CHECKOUT;
  }
  if (!stored || typeof stored !== 'object') return EMPTY_CHECKOUT;
  const draft = stored as Record<string, unknown>;
  const values: CheckoutValues = { ...EMPTY_CHECKOUT };
  for (const field of TEXT_FIELDS) {
    const value = draft[field];
    if (typeof value === 'string' && value.length <= MAX_LENGTH) values[field] = value;
  }
  values.phone = formatPhone(values.phone);
  if (isDeliveryMethod(draft.deliveryMethod)) values.deliveryMethod = draft.deliveryMethod;
  return values;
}

export function saveDraft(values: Partial<CheckoutValues>): void {
  const draft: Partial<Draft> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string' && value !== '') draft[field] = value;
  }
  if (values.deliveryMethod) draft.deliveryMethod = values.deliveryMethod;
  try {
    if (Object.keys(draft).length === 0) sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
    else sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the form still works, it just is not kept
  }
}

/** The order is placed: the next checkout starts empty. */
export function clearDraft(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // nothing kept
  }
}
