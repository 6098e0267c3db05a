import { randomUUID } from 'node:crypto';
import { createRateLimit, memoryStore, type RateLimit, sameSecret } from '@shop/server-kit';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/database.ts';
import { acceptLatePayment } from '../orders/late-payment.ts';
import { changeOrderStatus } from '../orders/order-lifecycle.ts';
import type { OrderHooks } from '../orders/order-hooks.ts';
import type { PaymentConfig, PaymentProviderName } from './payment-config.ts';
import {
  type PaymentOrder,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type RefundRequest,
  rubles,
} from './provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { YookassaProvider, type YookassaOptions } from './yookassa-provider.ts';

/** What the shopper is told when a payment cannot be started (provider refused or unreachable). */
export const START_FAILED_MESSAGE = 'Не удалось начать оплату. Попробуйте ещё раз.';
/** Logged for a payment that arrived for an order cancelled before and could not be revived (orders/late-payment.ts writes the history). */
export const LATE_PAYMENT_NOTE = 'Оплата пришла после отмены заказа: нужен возврат';

export type StartResult =
  | { ok: true; url: string; paymentId: string }
  | { ok: false; code: 'NOT_FOUND' | 'ALREADY_PAID' | 'ORDER_CANCELLED' | 'PAYMENT_UNAVAILABLE'; message: string; returnUrl?: string };

/**
 * What asking the provider about a payment led to. `unknown`: not a payment of ours (or the
 * provider knows none); `mismatch`: the provider's payment is not for this order or this amount
 * (nothing changed); `paid`: the order is now paid (or already was); `late`: the money came for
 * a cancelled order (history note, refund needed); `canceled`/`pending`/`waiting`: recorded.
 */
export type ConfirmOutcome = 'unknown' | 'mismatch' | 'paid' | 'late' | 'canceled' | 'pending' | 'waiting';

interface PaymentRow {
  id: number;
  orderId: number;
  provider: string;
  providerPaymentId: string | null;
  idempotenceKey: string;
  amount: number;
  status: ProviderPaymentStatus;
  confirmationUrl: string | null;
}

const PAYMENT_COLUMNS = sql`id, order_id AS "orderId", provider, provider_payment_id AS "providerPaymentId", idempotence_key AS "idempotenceKey",
  amount, status, confirmation_url AS "confirmationUrl"`;

interface OrderForPayment {
  id: number;
  ordernumber: string;
  accessKey: string;
  status: string;
  totalPrice: number;
  email: string;
  phone: string;
}


export interface PaymentServiceOptions {
  log?: (message: string) => void;
  /** How often one order's page may make us ask the provider (ms, default 5000). */
  refreshEveryMs?: number;
  now?: () => number;
  /** For ЮKassa: retry pauses, fetch (tests). */
  yookassa?: YookassaOptions;
  /** Overrides the provider built from the config (tests). */
  provider?: PaymentProvider;
}

/**
 * Payments for orders, whichever provider: one payment per order at a time (a pending one is
 * reused), a retried start sends the same idempotence key, and an order is marked paid only
 * from what the provider answers when asked (notification, return to the shop, sandbox page),
 * through changeOrderStatus, so exactly once.
 */
export class PaymentService {
  readonly provider: PaymentProvider;
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  /** One question to the provider per order per refreshEveryMs from its page (10,000 orders remembered). */
  private readonly asked: RateLimit;

  constructor(
    private readonly db: Db,
    private readonly hooks: readonly OrderHooks[],
    readonly config: PaymentConfig,
    private readonly shopPublicUrl: string,
    options: PaymentServiceOptions = {},
  ) {
    this.log = options.log ?? ((m) => console.warn(m));
    this.now = options.now ?? Date.now;
    this.asked = createRateLimit({ name: 'payment-refresh', limit: 1, windowMs: options.refreshEveryMs ?? 5000, store: memoryStore(10_000) });
    this.provider =
      options.provider ??
      (config.provider === 'yookassa' && config.yookassa
        ? new YookassaProvider(config.yookassa, { log: this.log, ...options.yookassa })
        : new SandboxProvider(db, shopPublicUrl));
  }

  /** Where the provider sends the shopper back: the order page with its key. */
  returnUrl(order: { ordernumber: string; accessKey: string }): string {
    return `${this.shopPublicUrl}/order/${encodeURIComponent(order.ordernumber)}?key=${encodeURIComponent(order.accessKey)}`;
  }

  private async order(orderId: number): Promise<OrderForPayment | null> {
    const [o] = await rows<OrderForPayment>(
      this.db,
      sql`SELECT id, ordernumber, access_key AS "accessKey", status, total_price AS "totalPrice", email, phone FROM orders WHERE id = ${orderId}`,
    );
    return o ?? null;
  }

  private async paymentOrder(o: OrderForPayment): Promise<PaymentOrder> {
    const lines = await rows<{ name: string; size: string; price: number; quantity: number }>(
      this.db,
      sql`SELECT name, size, price, quantity FROM order_lines WHERE order_id = ${o.id} ORDER BY id`,
    );
    return { id: o.id, ordernumber: o.ordernumber, accessKey: o.accessKey, totalPrice: o.totalPrice, email: o.email, phone: o.phone, lines };
  }

  /** The order's open payment (pending or waiting for capture), newest first. */
  private async openPayment(orderId: number, db: Db = this.db): Promise<PaymentRow | null> {
    const [p] = await rows<PaymentRow>(
      db,
      sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ${orderId} AND status IN ('pending', 'waiting_for_capture') ORDER BY id DESC LIMIT 1`,
    );
    return p ?? null;
  }

  /** The open payment, or a new row (our idempotence key, no provider id yet) made under the order's row lock. */
  private async openOrCreate(order: OrderForPayment): Promise<PaymentRow> {
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(sql`SELECT id FROM orders WHERE id = ${order.id} FOR UPDATE`);
      const open = await this.openPayment(order.id, tx);
      if (open) return open;
      const [created] = await rows<PaymentRow>(
        tx,
        sql`INSERT INTO payments (order_id, provider, idempotence_key, amount, status)
            VALUES (${order.id}, ${this.provider.name}, ${randomUUID()}, ${order.totalPrice}, 'pending')
            RETURNING ${PAYMENT_COLUMNS}`,
      );
      return created as PaymentRow;
    });
  }

  private async closeRow(row: PaymentRow, details: unknown) {
    await this.db.execute(
      sql`UPDATE payments SET status = 'canceled', details = ${JSON.stringify(details)}::jsonb, updated_at = now()
          WHERE id = ${row.id} AND status IN ('pending', 'waiting_for_capture')`,
    );
  }

  /**
   * Starts (or resumes) the payment of an order whose key the caller knows and answers the URL
   * to send the shopper to. A pending payment of the order is reused (asked of the provider
   * first: one it has cancelled or completed is not); a start whose answer was lost is repeated
   * with the same idempotence key, so the provider never makes a second payment of it.
   */
  async start(orderId: number, key: string): Promise<StartResult> {
    const order = await this.order(orderId);
    if (!order || !key || !sameSecret(order.accessKey, key)) return { ok: false, code: 'NOT_FOUND', message: 'Заказ не найден' };
    const unavailable = { ok: false as const, code: 'PAYMENT_UNAVAILABLE' as const, message: START_FAILED_MESSAGE };
    for (let round = 0; round < 3; round++) {
      const current = round === 0 ? order : ((await this.order(orderId)) ?? order);
      if (current.status === 'cancelled') {
        return { ok: false, code: 'ORDER_CANCELLED', message: 'Заказ отменён, оплатить его нельзя. Оформите заказ заново.' };
      }
      if (current.status !== 'new') return { ok: false, code: 'ALREADY_PAID', message: 'Заказ уже оплачен', returnUrl: this.returnUrl(order) };
      const row = await this.openOrCreate(current);
      if (row.provider !== this.provider.name || row.amount !== current.totalPrice) {
        // a payment of the provider used before a switch, or of another amount: not reusable
        await this.closeRow(row, { closed: 'provider or amount changed' });
        continue;
      }
      if (row.providerPaymentId) {
        let known: ProviderPayment | null;
        try {
          known = await this.provider.get(row.providerPaymentId);
        } catch (e) {
          // the provider is out of reach: its page for this payment is still the one to go to
          if (row.confirmationUrl) return { ok: true, url: row.confirmationUrl, paymentId: row.providerPaymentId };
          this.log(`[payments] start of order ${orderId}: ${(e as Error).message}`);
          return unavailable;
        }
        if (!known) {
          await this.closeRow(row, { closed: 'unknown to the provider' });
          continue;
        }
        const outcome = await this.apply(row, known);
        if (outcome === 'pending' && known.confirmationUrl) return { ok: true, url: known.confirmationUrl, paymentId: known.id };
        if (outcome === 'pending' || outcome === 'mismatch') {
          await this.closeRow(row, { closed: outcome === 'mismatch' ? 'mismatch' : 'no confirmation url' });
        }
        continue; // paid, cancelled or closed: the next round says so or starts a new payment
      }
      let created: ProviderPayment;
      try {
        created = await this.provider.start({
          order: await this.paymentOrder(current),
          idempotenceKey: row.idempotenceKey,
          returnUrl: this.returnUrl(current),
        });
      } catch (e) {
        if (e instanceof PaymentProviderError && e.kind === 'rejected') {
          // the provider refused this request: the same key would get the same answer, so the next try is a new payment
          await this.closeRow(row, { error: { status: e.status, code: e.code, message: e.message.slice(0, 500) } });
        }
        // unavailable: the row keeps its key, the next start repeats it
        this.log(`[payments] start of order ${orderId} failed: ${(e as Error).message}`);
        return unavailable;
      }
      await this.db.execute(
        sql`UPDATE payments SET provider_payment_id = ${created.id}, confirmation_url = ${created.confirmationUrl},
              details = ${JSON.stringify(created.raw)}::jsonb, updated_at = now()
            WHERE id = ${row.id} AND provider_payment_id IS NULL`,
      );
      const withId = { ...row, providerPaymentId: created.id, confirmationUrl: created.confirmationUrl };
      const outcome = await this.apply(withId, created);
      if (outcome === 'pending' && created.confirmationUrl) return { ok: true, url: created.confirmationUrl, paymentId: created.id };
      if (outcome === 'pending' || outcome === 'mismatch') await this.closeRow(withId, { closed: outcome });
    }
    return unavailable;
  }

  /**
   * Asks the provider about one of our payments (by its id there) and acts on its answer only.
   * Throws PaymentProviderError('unavailable') when the provider cannot be asked (a notification
   * is then answered 503, so it is sent again).
   */
  async confirm(providerPaymentId: string): Promise<ConfirmOutcome> {
    const [row] = await rows<PaymentRow>(
      this.db,
      sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider = ${this.provider.name} AND provider_payment_id = ${providerPaymentId}`,
    );
    if (!row) return 'unknown';
    const payment = await this.provider.get(providerPaymentId);
    if (!payment) {
      this.log(`[payments] ${this.provider.name} knows no payment ${providerPaymentId} (ours: order ${row.orderId})`);
      return 'unknown';
    }
    return this.apply(row, payment);
  }

  /**
   * The provider's answer about one of our payments, applied. Believed only when it is the same
   * payment for the same order and amount we asked for; a succeeded payment is final (nothing
   * moves it back), and the order is marked paid through changeOrderStatus (idempotent).
   */
  private async apply(row: PaymentRow, payment: ProviderPayment): Promise<ConfirmOutcome> {
    if (
      payment.id !== row.providerPaymentId ||
      String(payment.metadata.order_id ?? '') !== String(row.orderId) ||
      payment.amountValue !== rubles(row.amount) ||
      payment.currency !== 'RUB'
    ) {
      this.log(
        `[payments] ${this.provider.name} payment ${payment.id} does not match our payment ${row.id} (order ${row.orderId}, ${rubles(row.amount)} RUB): ` +
          `order_id ${JSON.stringify(payment.metadata.order_id)}, ${payment.amountValue} ${payment.currency}; nothing changed`,
      );
      return 'mismatch';
    }
    const details = JSON.stringify(payment.raw);
    if (payment.status === 'pending') return 'pending';
    if (payment.status === 'canceled' || payment.status === 'waiting_for_capture') {
      await this.db.execute(
        sql`UPDATE payments SET status = ${payment.status}, details = ${details}::jsonb, updated_at = now()
            WHERE id = ${row.id} AND status IN ('pending', 'waiting_for_capture')`,
      );
      // waiting_for_capture: we send capture: true, so ЮKassa captures itself; noted, the order waits for succeeded
      return payment.status === 'canceled' ? 'canceled' : 'waiting';
    }
    // succeeded: recorded once (the first confirmation is the one that may revive a cancelled order)
    const [first] = await rows<{ id: number }>(
      this.db,
      sql`UPDATE payments SET status = 'succeeded', details = ${details}::jsonb, updated_at = now()
          WHERE id = ${row.id} AND status <> 'succeeded' RETURNING id`,
    );
    const order = await this.order(row.orderId);
    if (!order) return 'unknown';
    if (order.totalPrice !== row.amount) {
      this.log(`[payments] payment ${payment.id} of ${rubles(row.amount)} RUB does not equal order ${order.ordernumber}'s total ${order.totalPrice}: the order is not marked paid`);
      return 'mismatch';
    }
    const actor = this.provider.name === 'yookassa' ? 'yookassa' : 'sandbox';
    const change = await changeOrderStatus(this.db, this.hooks, row.orderId, 'paid', actor);
    if (change.ok) return 'paid';
    const now = change.code === 'BAD_TRANSITION' ? await this.order(row.orderId) : null;
    if (now && now.status !== 'cancelled') return 'paid'; // already past paid (assembled…)
    if (now?.status === 'cancelled') {
      // money for an order cancelled before it came (reservation expiry, or a person)
      if (!first) return 'late';
      const late = await acceptLatePayment(this.db, this.hooks, row.orderId, actor);
      if (late.outcome === 'revived') return 'paid';
      this.log(`[payments] order ${order.ordernumber}: ${LATE_PAYMENT_NOTE} (платёж ${payment.id}, ${payment.amountValue} ₽)`);
      return 'late';
    }
    this.log(`[payments] order ${order.ordernumber}: ${change.message}`);
    return 'mismatch';
  }

  /**
   * The order page after the return from the provider: while the order's payment is pending in
   * our table, asks the provider (at most once per order per refreshEveryMs) so the page shows
   * «Оплачен» without waiting for the notification. True when the order changed. Never throws.
   */
  async refreshOnView(orderId: number): Promise<boolean> {
    if ((await this.asked.hit(String(orderId))) > 0) return false;
    try {
      const row = await this.openPayment(orderId);
      if (!row?.providerPaymentId || row.provider !== this.provider.name) return false;
      const outcome = await this.confirm(row.providerPaymentId);
      return outcome === 'paid' || outcome === 'late' || outcome === 'canceled';
    } catch (e) {
      this.log(`[payments] order ${orderId}: could not ask the provider on the order page: ${(e as Error).message}`);
      return false;
    }
  }

  /**
   * After an order is cancelled (desk, expiry): cancels its open payments at the provider where
   * the provider allows it. ЮKassa cancels only a payment waiting for capture (we create them with
   * capture: true, so rarely); a pending one it lets expire, and money that still arrives is a
   * late payment (history note, refund). Never throws; answers how many payments were cancelled.
   */
  async cancelOpen(orderId: number): Promise<number> {
    const open = await rows<PaymentRow>(
      this.db,
      sql`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ${orderId} AND status = 'waiting_for_capture' AND provider = ${this.provider.name}`,
    );
    let cancelled = 0;
    for (const row of open) {
      if (!row.providerPaymentId) continue;
      try {
        const answer = await this.provider.cancel(row.providerPaymentId, `${row.idempotenceKey}-cancel`);
        if ((await this.apply(row, answer)) === 'canceled') cancelled++;
      } catch (e) {
        this.log(`[payments] order ${orderId}: payment ${row.providerPaymentId} not cancelled: ${(e as Error).message}`);
      }
    }
    return cancelled;
  }

  /** The sandbox page's «Оплатить»: starts (or reuses) the order's sandbox payment, has it succeed, confirms it. */
  async sandboxPay(orderId: number, key: string): Promise<'paid' | 'not-found' | 'cancelled' | 'failed'> {
    if (!(this.provider instanceof SandboxProvider)) return 'not-found';
    const started = await this.start(orderId, key);
    if (!started.ok) {
      if (started.code === 'ALREADY_PAID') return 'paid';
      if (started.code === 'NOT_FOUND') return 'not-found';
      return started.code === 'ORDER_CANCELLED' ? 'cancelled' : 'failed';
    }
    await this.provider.succeed(started.paymentId);
    const outcome = await this.confirm(started.paymentId);
    return outcome === 'paid' ? 'paid' : 'failed';
  }

  /**
   * Returns `request.amount` of the order's succeeded payment through the provider that took it
   * (ЮKassa's refund API, or the sandbox). The caller's idempotence key makes a retry safe.
   * Throws PaymentProviderError (`rejected`: nothing to refund or ЮKassa refused; `unavailable`:
   * ask again later with the same key).
   */
  async refund(orderId: number, request: Omit<RefundRequest, 'paymentId'>): Promise<ProviderRefund> {
    const [paid] = await rows<{ id: string; provider: PaymentProviderName }>(
      this.db,
      sql`SELECT provider_payment_id AS id, provider FROM payments WHERE order_id = ${orderId} AND status = 'succeeded' AND provider_payment_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
    );
    if (!paid) throw new PaymentProviderError('rejected', 'У заказа нет подтверждённого платежа: вернуть нечего', 0, 'no_payment');
    if (paid.provider !== this.provider.name) {
      throw new PaymentProviderError('rejected', `Заказ оплачен через «${paid.provider}», а магазин сейчас работает с «${this.provider.name}»: верните деньги в кабинете того сервиса`, 0, 'other_provider');
    }
    return this.provider.refund({ ...request, paymentId: paid.id });
  }

  /** The latest payment of an order, for its page (status as confirmed with the provider). */
  async latest(orderId: number): Promise<{ status: ProviderPaymentStatus; provider: PaymentProviderName } | null> {
    const [p] = await rows<{ status: ProviderPaymentStatus; provider: PaymentProviderName }>(
      this.db,
      sql`SELECT status, provider FROM payments WHERE order_id = ${orderId} ORDER BY (status = 'succeeded') DESC, id DESC LIMIT 1`,
    );
    return p ?? null;
  }
}
