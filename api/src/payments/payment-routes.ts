import { createRateLimit, errorResponse, type RateLimitStore, TrustedProxies } from '@shop/server-kit';
import { YOOKASSA_NOTIFY_NETWORKS } from './payment-config.ts';
import type { PaymentService } from './payment-service.ts';
import { PaymentProviderError } from './provider.ts';

export const YOOKASSA_NOTIFY_PATH = '/api/payments/yookassa/notify';

/** Notifications per client per minute: ЮKassa sends a handful; a flood from one address is refused. */
export const NOTIFY_RATE_LIMIT = 300;

const EVENTS = new Set(['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture']);

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/**
 * POST /api/payments/yookassa/notify: ЮKassa's HTTP notification `{type: "notification", event,
 * object: {id, …}}`. Its body is never believed: only the payment id is taken from it, the
 * payment is asked of ЮKassa (GET /payments/{id}) and that answer is acted on. Answers 200 for
 * everything handled (a payment that is not ours too, so ЮKassa stops sending it), 400 for a
 * body that is not a notification, 503 when ЮKassa cannot be asked (it sends the notification
 * again later). With YOOKASSA_NOTIFY_IPS=yookassa only ЮKassa's published addresses are heard.
 */
export function yookassaNotifyRoute(payments: PaymentService, log: (message: string) => void = (m) => console.warn(m), store?: RateLimitStore) {
  const limiter = createRateLimit({ name: 'payment-notify', limit: NOTIFY_RATE_LIMIT, store });
  const networks = new TrustedProxies(YOOKASSA_NOTIFY_NETWORKS);
  return async (request: Request, clientIp: string, clientKey: string): Promise<Response> => {
    if (payments.provider.name !== 'yookassa') return errorResponse('NOT_FOUND', 'Оплата через ЮKassa не подключена');
    if (request.method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED', 'Только POST', { headers: { allow: 'POST' } });
    const wait = await limiter.hit(clientKey);
    if (wait > 0) {
      return errorResponse('RATE_LIMITED', `Слишком много уведомлений. Попробуйте снова через ${wait} с.`, { headers: { 'retry-after': String(wait) } });
    }
    if (payments.config.yookassa?.checkNotifyIp && !networks.has(clientIp)) {
      log(`[payments] notification from ${clientIp}, not one of ЮKassa's addresses: refused`);
      return errorResponse('FORBIDDEN', 'Уведомления принимаются только от ЮKassa');
    }
    let body: { type?: unknown; event?: unknown; object?: { id?: unknown } } | null;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return errorResponse('BAD_REQUEST', 'Ожидалось уведомление ЮKassa в JSON');
    }
    const id = body?.object?.id;
    const event = body?.event;
    if (body?.type !== 'notification' || typeof event !== 'string' || typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)) {
      return errorResponse('BAD_REQUEST', 'Ожидалось уведомление ЮKassa: type, event, object.id');
    }
    if (!EVENTS.has(event)) return json(200, { ok: true, ignored: event.slice(0, 60) });
    try {
      const outcome = await payments.confirm(id);
      if (outcome === 'unknown') log(`[payments] notification ${event} for payment ${id}, which is not ours: ignored`);
      return json(200, { ok: true });
    } catch (e) {
      if (e instanceof PaymentProviderError) {
        log(`[payments] notification ${event} for ${id}: ЮKassa could not be asked (${e.message}); answered 503 so it is sent again`);
        return errorResponse('SERVICE_UNAVAILABLE', 'Платёж не удалось проверить, повторите позже');
      }
      throw e;
    }
  };
}
