import { createHash } from 'node:crypto';
import { normalizePhone, type OrderInput } from './validate-order.ts';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : (v ?? null));

/**
 * What makes two createOrder requests "the same order": the lines (offer and quantity, in any
 * order), the contact and delivery details as they will be stored (trimmed, the phone in its
 * normal form) and the consent. The client's expected prices are left out: they are checked
 * against the catalogue, not stored. Stored with the idempotency key; a repeat of the key is
 * answered with the stored order only when this matches, so the key alone is no credential.
 */
export function orderFingerprint(input: OrderInput): string {
  const d = (input.orderData ?? {}) as Partial<OrderInput['orderData']>;
  const phone = trimmed(d.phone);
  const items = (input.items ?? [])
    .map((i) => [String(i.offerId), i.quantity] as const)
    .sort(([a, qa], [b, qb]) => (a < b ? -1 : a > b ? 1 : Number(qa) - Number(qb)));
  const canonical = [
    1, // version of this layout
    items,
    trimmed(d.fullName),
    typeof phone === 'string' ? (normalizePhone(phone) ?? phone) : phone,
    trimmed(d.email),
    trimmed(d.city),
    trimmed(d.address),
    d.deliveryMethod ?? null,
    trimmed(d.comment) || '',
    d.personalDataConsent === true,
    trimmed(d.consentVersion),
    // only when sent: the fingerprints of orders without a point stay as they were
    ...(trimmed(d.pickupPointCode) ? [trimmed(d.pickupPointCode)] : []),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * The fingerprint of an order as stored, for orders placed before fingerprints were (migration
 * 0004): everything the fingerprint covers is kept in the order, its lines and its consent
 * record, so a retry of such an order still gets it back, and other content is still refused.
 */
export function storedOrderFingerprint(
  order: { fullName: string; phone: string; email: string; city: string; address: string; deliveryMethod: string; comment: string },
  lines: { offerId: number; quantity: number }[],
  consentVersion: string | null,
): string {
  return orderFingerprint({
    idempotencyKey: '',
    orderData: {
      ...order,
      deliveryMethod: order.deliveryMethod as OrderInput['orderData']['deliveryMethod'],
      personalDataConsent: consentVersion !== null,
      consentVersion: consentVersion ?? '',
    },
    items: lines.map((l) => ({ offerId: String(l.offerId), quantity: l.quantity })),
  });
}
