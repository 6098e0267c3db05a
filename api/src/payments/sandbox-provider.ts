import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import type { PaymentProvider, ProviderPayment, ProviderPaymentStatus, ProviderRefund, RefundRequest, StartPaymentRequest } from './provider.ts';
import { rubles } from './provider.ts';

/**
 * The stand-in provider for development and tests (never with money: payment-config.ts refuses
 * it when ЮKassa is configured or under NODE_ENV=production without PAYMENT_SANDBOX=1). Its
 * "payment page" is the API's own /api/sandbox/pay/<order id> (sandbox-page.ts); what it knows
 * about a payment lives in our payments row (details.sandbox), so it survives restarts and
 * answers every API process alike.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly shopPublicUrl: string,
  ) {}

  /** The sandbox page for an order (the link old tabs and tests know). */
  pageUrl(orderId: number, accessKey: string): string {
    return `${this.shopPublicUrl}/api/sandbox/pay/${orderId}?key=${encodeURIComponent(accessKey)}`;
  }

  async start(request: StartPaymentRequest): Promise<ProviderPayment> {
    // the same idempotence key answers the same payment, as a provider's would
    const [known] = await rows<{ id: string }>(
      this.db,
      sql`SELECT provider_payment_id AS id FROM payments WHERE idempotence_key = ${request.idempotenceKey} AND provider_payment_id IS NOT NULL`,
    );
    const id = known?.id ?? `sandbox-${randomUUID()}`;
    const status: ProviderPaymentStatus = 'pending';
    return {
      id,
      status,
      amountValue: rubles(request.order.totalPrice),
      currency: 'RUB',
      metadata: { order_id: String(request.order.id), ordernumber: request.order.ordernumber },
      confirmationUrl: this.pageUrl(request.order.id, request.order.accessKey),
      raw: { sandbox: status },
    };
  }

  async get(paymentId: string): Promise<ProviderPayment | null> {
    const [row] = await rows<{ orderId: number; ordernumber: string; accessKey: string; amount: number; state: string | null }>(
      this.db,
      sql`SELECT p.order_id AS "orderId", o.ordernumber, o.access_key AS "accessKey", p.amount, p.details->>'sandbox' AS state
          FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE p.provider = 'sandbox' AND p.provider_payment_id = ${paymentId}`,
    );
    if (!row) return null;
    const status = (['succeeded', 'canceled'].includes(row.state ?? '') ? row.state : 'pending') as ProviderPaymentStatus;
    return {
      id: paymentId,
      status,
      amountValue: rubles(row.amount),
      currency: 'RUB',
      metadata: { order_id: String(row.orderId), ordernumber: row.ordernumber },
      confirmationUrl: status === 'pending' ? this.pageUrl(row.orderId, row.accessKey) : null,
      raw: { sandbox: status },
    };
  }

  async cancel(paymentId: string): Promise<ProviderPayment> {
    await this.setState(paymentId, 'canceled');
    const p = await this.get(paymentId);
    if (!p) throw new Error(`sandbox: no payment ${paymentId}`);
    return p;
  }

  /** Money back without money: the refund succeeds at once (the same key answers the same refund). */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    return { id: `sandbox-refund-${request.idempotenceKey}`, status: 'succeeded', amountValue: rubles(request.amount) };
  }

  /** The sandbox page's «Оплатить»: the "provider" now reports the payment succeeded. */
  async succeed(paymentId: string): Promise<void> {
    await this.setState(paymentId, 'succeeded');
  }

  private async setState(paymentId: string, state: 'succeeded' | 'canceled') {
    // a succeeded payment stays succeeded, as at a real provider
    await this.db.execute(
      sql`UPDATE payments SET details = jsonb_build_object('sandbox', ${state}::text), updated_at = now()
          WHERE provider = 'sandbox' AND provider_payment_id = ${paymentId} AND coalesce(details->>'sandbox', 'pending') = 'pending'`,
    );
  }
}
