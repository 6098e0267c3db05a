import type { YookassaConfig } from './payment-config.ts';
import {
  PROVIDER_PAYMENT_STATUSES,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type RefundRequest,
  type StartPaymentRequest,
  rubles,
} from './provider.ts';

export interface YookassaOptions {
  /** Pauses before the 2nd, 3rd… attempt of a call that got no answer, a timeout or a 5xx. */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

/** ЮKassa limits a receipt item's description to 128 characters. */
const ITEM_DESCRIPTION_MAX = 128;

/** +7 (912) 345-67-89 → 79123456789 (ЮKassa takes the customer's phone in E.164 without «+»). */
export function receiptPhone(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The body of POST /payments for an order (exported for the tests' expectations). */
export function yookassaPaymentBody(request: StartPaymentRequest, vatCode: number) {
  const { order, returnUrl } = request;
  return {
    amount: { value: rubles(order.totalPrice), currency: 'RUB' },
    capture: true,
    confirmation: { type: 'redirect', return_url: returnUrl },
    description: `Заказ №${order.ordernumber}`.slice(0, 128),
    metadata: { order_id: String(order.id), ordernumber: order.ordernumber },
    receipt: {
      customer: { email: order.email, phone: receiptPhone(order.phone) },
      items: order.lines.map((l) => ({
        description: `${l.name}, размер ${l.size}`.slice(0, ITEM_DESCRIPTION_MAX),
        quantity: `${l.quantity}.00`,
        amount: { value: rubles(l.price), currency: 'RUB' },
        vat_code: vatCode,
        payment_mode: 'full_prepayment',
        payment_subject: 'commodity',
      })),
    },
  };
}

const isStatus = (s: unknown): s is ProviderPaymentStatus => PROVIDER_PAYMENT_STATUSES.includes(s as ProviderPaymentStatus);

/** ЮKassa's payment object, checked field by field: an answer of another shape is not believed. */
function parsePayment(body: unknown): ProviderPayment | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as {
    id?: unknown;
    status?: unknown;
    amount?: { value?: unknown; currency?: unknown };
    metadata?: unknown;
    confirmation?: { confirmation_url?: unknown };
  };
  if (typeof b.id !== 'string' || !b.id || !isStatus(b.status)) return null;
  const value = b.amount?.value;
  const currency = b.amount?.currency;
  if (typeof value !== 'string' || typeof currency !== 'string') return null;
  const url = b.confirmation?.confirmation_url;
  return {
    id: b.id,
    status: b.status,
    amountValue: value,
    currency,
    metadata: b.metadata && typeof b.metadata === 'object' ? (b.metadata as Record<string, unknown>) : {},
    confirmationUrl: typeof url === 'string' ? url : null,
    raw: body,
  };
}

/** ЮKassa's refund object: id, status and amount, or nothing believed. */
function parseRefund(body: unknown): ProviderRefund | null {
  const b = body as { id?: unknown; status?: unknown; amount?: { value?: unknown } } | null;
  if (!b || typeof b.id !== 'string' || !['pending', 'succeeded', 'canceled'].includes(String(b.status))) return null;
  if (typeof b.amount?.value !== 'string') return null;
  return { id: b.id, status: b.status as ProviderRefund['status'], amountValue: b.amount.value };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * ЮKassa's HTTP API v3 (https://yookassa.ru/developers/api): Basic auth with the shop id and
 * the secret key, JSON both ways, an Idempotence-Key on every POST. Written with fetch rather
 * than an SDK: the calls used are three, and the official SDKs are PHP/Python only (the npm
 * ones are unofficial and unmaintained).
 */
export class YookassaProvider implements PaymentProvider {
  readonly name = 'yookassa' as const;
  private readonly auth: string;
  private readonly delays: readonly number[];
  private readonly fetch: typeof fetch;
  private readonly log: (message: string) => void;

  constructor(
    private readonly config: YookassaConfig,
    options: YookassaOptions = {},
  ) {
    this.auth = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;
    this.delays = options.retryDelaysMs ?? [500, 2000];
    this.fetch = options.fetch ?? fetch;
    this.log = options.log ?? ((m) => console.warn(m));
  }

  async start(request: StartPaymentRequest): Promise<ProviderPayment> {
    const body = yookassaPaymentBody(request, this.config.vatCode);
    const answer = await this.call('POST', '/payments', parsePayment, body, request.idempotenceKey);
    if (!answer) throw new PaymentProviderError('rejected', 'ЮKassa: no such resource', 404, 'not_found');
    return answer;
  }

  async get(paymentId: string): Promise<ProviderPayment | null> {
    // an id is ЮKassa's uuid-like string; anything else is never sent into the path
    if (!/^[A-Za-z0-9-]{1,64}$/.test(paymentId)) return null;
    return this.call('GET', `/payments/${paymentId}`, parsePayment);
  }

  async cancel(paymentId: string, idempotenceKey: string): Promise<ProviderPayment> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(paymentId)) throw new PaymentProviderError('rejected', 'bad payment id', 400, 'invalid_request');
    const answer = await this.call('POST', `/payments/${paymentId}/cancel`, parsePayment, {}, idempotenceKey);
    if (!answer) throw new PaymentProviderError('rejected', 'ЮKassa: no such payment', 404, 'not_found');
    return answer;
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(request.paymentId)) throw new PaymentProviderError('rejected', 'bad payment id', 400, 'invalid_request');
    const body = {
      payment_id: request.paymentId,
      amount: { value: rubles(request.amount), currency: 'RUB' },
      description: request.description.slice(0, 250),
      receipt: {
        customer: { email: request.customer.email, phone: receiptPhone(request.customer.phone) },
        items: request.lines.map((l) => ({
          description: `${l.name}, размер ${l.size}`.slice(0, ITEM_DESCRIPTION_MAX),
          quantity: `${l.quantity}.00`,
          amount: { value: rubles(l.price), currency: 'RUB' },
          vat_code: this.config.vatCode,
          payment_mode: 'full_prepayment',
          payment_subject: 'commodity',
        })),
      },
    };
    const answer = await this.call('POST', '/refunds', parseRefund, body, request.idempotenceKey);
    if (!answer) throw new PaymentProviderError('rejected', 'ЮKassa: no such payment', 404, 'not_found');
    return answer;
  }

  /**
   * One call, repeated (same body, same Idempotence-Key) after no answer, a timeout, a 5xx or
   * ЮKassa's 202 «still processing». 404 → null; another 4xx → `rejected` with ЮKassa's code.
   */
  private async call<T>(method: 'GET' | 'POST', path: string, parse: (body: unknown) => T | null, body?: unknown, idempotenceKey?: string): Promise<T | null> {
    const headers: Record<string, string> = { authorization: this.auth, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotenceKey) headers['idempotence-key'] = idempotenceKey;
    let last: PaymentProviderError = new PaymentProviderError('unavailable', 'ЮKassa: no attempt made');
    for (let attempt = 0; attempt <= this.delays.length; attempt++) {
      if (attempt > 0) await sleep(this.delays[attempt - 1] ?? 0);
      let res: Response;
      try {
        res = await this.fetch(`${this.config.apiUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.config.timeoutMs),
          redirect: 'error',
        });
      } catch (e) {
        last = new PaymentProviderError('unavailable', `ЮKassa ${method} ${path}: ${(e as Error).name === 'TimeoutError' ? 'timeout' : (e as Error).message}`);
        this.log(`[payments] ${last.message} (attempt ${attempt + 1})`);
        continue;
      }
      const text = await res.text().catch(() => '');
      let json: { type?: unknown; code?: unknown; description?: unknown; parameter?: unknown } | null = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (res.status === 200) {
        const parsed = parse(json);
        if (parsed) return parsed;
        last = new PaymentProviderError('unavailable', `ЮKassa ${method} ${path}: an answer of another shape`, 200);
        this.log(`[payments] ${last.message}`);
        continue;
      }
      if (res.status === 202 || res.status >= 500) {
        last = new PaymentProviderError('unavailable', `ЮKassa ${method} ${path}: HTTP ${res.status}`, res.status, String(json?.code ?? ''));
        this.log(`[payments] ${last.message} (attempt ${attempt + 1})`);
        continue;
      }
      if (res.status === 404) return null;
      const code = String(json?.code ?? '');
      const description = String(json?.description ?? '').slice(0, 300);
      const parameter = json?.parameter ? ` (${String(json.parameter).slice(0, 100)})` : '';
      const error = new PaymentProviderError('rejected', `ЮKassa ${method} ${path}: HTTP ${res.status} ${json?.type ?? ''} ${code}: ${description}${parameter}`, res.status, code);
      this.log(`[payments] ${error.message}`);
      throw error;
    }
    throw last;
  }
}
