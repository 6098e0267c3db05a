// A local fake of ЮKassa's HTTP API v3 (the parts the shop calls), for the API tests, the e2e
// stack and local runs: POST /v3/payments (Idempotence-Key: the same key answers the same
// payment), GET /v3/payments/{id}, POST /v3/payments/{id}/cancel, Basic auth (shop id + secret
// key, 401 otherwise); every request recorded. Each payment's confirmation_url is a page a
// browser can pay on («Оплатить» / «Отменить»); paying or cancelling there (or through pay(id),
// cancel(id)) sends ЮKassa's HTTP notification to the notify URL and the page then redirects to
// the payment's return_url. notify()/sendNotification() send duplicated, out-of-order or forged
// notifications for the tests.
//
// Written on node:http rather than a mock library: the shop's real client code talks to it over
// real HTTP, as it would to ЮKassa.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface FakePayment {
  id: string;
  status: FakePaymentStatus;
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  metadata: Record<string, unknown>;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  receipt?: unknown;
  created_at: string;
  test: boolean;
  cancellation_details?: { party: string; reason: string };
  /** Not ЮKassa's: the idempotence key that created it (for assertions). */
  idempotenceKey: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Parsed JSON (or form fields for the confirmation page); null when empty. */
  body: unknown;
  status: number;
}

export interface FakeYookassaOptions {
  port?: number;
  host?: string;
  shopId?: string;
  secretKey?: string;
  /** Where notifications go (ЮKassa's cabinet setting); settable later with setNotifyUrl. */
  notifyUrl?: string;
  /** Print one line per request. */
  log?: boolean;
}

export type NotifyEvent = 'payment.succeeded' | 'payment.canceled' | 'payment.waiting_for_capture';

export interface FakeYookassa {
  /** The API base the shop is configured with (YOOKASSA_API_URL), e.g. http://127.0.0.1:PORT/v3. */
  url: string;
  port: number;
  shopId: string;
  secretKey: string;
  requests: RecordedRequest[];
  payments: Map<string, FakePayment>;
  /** Marks a payment succeeded and sends payment.succeeded (resolves after the shop answered). */
  pay(id: string): Promise<NotifyResult | null>;
  /** Cancels a pending payment and sends payment.canceled. */
  cancel(id: string): Promise<NotifyResult | null>;
  /** Sends a notification about a payment as it is now, claiming `event` (may disagree with its status). */
  notify(id: string, event?: NotifyEvent): Promise<NotifyResult>;
  /** Sends any body to the notify URL (forged notifications). */
  sendNotification(body: unknown): Promise<NotifyResult>;
  setNotifyUrl(url: string | null): void;
  /** The next `count` API calls (POST/GET/cancel) answer `status` (e.g. 500) before doing anything. */
  failNext(count: number, status?: number): void;
  /** Notifications sent and the shop's answers. */
  notifications: { body: unknown; status: number }[];
  close(): Promise<void>;
}

export interface NotifyResult {
  status: number;
  body: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1024 * 1024) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const error = (code: string, description: string, parameter?: string) => ({
  type: 'error',
  id: randomUUID(),
  code,
  description,
  ...(parameter ? { parameter } : {}),
});

/** ЮKassa's payment object as its API answers it (without our bookkeeping field). */
function publicPayment(p: FakePayment) {
  const { idempotenceKey: _key, ...rest } = p;
  const out: Record<string, unknown> = { ...rest, refundable: p.status === 'succeeded' };
  if (p.status !== 'pending') delete out.confirmation;
  return out;
}

export async function startFakeYookassa(options: FakeYookassaOptions = {}): Promise<FakeYookassa> {
  const shopId = options.shopId ?? '123456';
  const secretKey = options.secretKey ?? 'test_FakeSecretKey_0123456789';
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const byKey = new Map<string, { payment?: FakePayment; status: number; body: unknown }>();
  const notifications: { body: unknown; status: number }[] = [];
  let notifyUrl: string | null = options.notifyUrl ?? null;
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let base = '';

  const sendNotification = async (body: unknown): Promise<NotifyResult> => {
    if (!notifyUrl) return { status: 0, body: 'no notify url' };
    try {
      const res = await fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'YooKassa-fake' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      notifications.push({ body, status: res.status });
      if (options.log) console.log(`[fake-yookassa] notification → ${res.status}`);
      return { status: res.status, body: text };
    } catch (e) {
      notifications.push({ body, status: 0 });
      return { status: 0, body: (e as Error).message };
    }
  };
  const notify = (id: string, event?: NotifyEvent) => {
    const p = payments.get(id);
    if (!p) throw new Error(`fake ЮKassa: no payment ${id}`);
    const ev = event ?? (`payment.${p.status}` as NotifyEvent);
    return sendNotification({ type: 'notification', event: ev, object: publicPayment(p) });
  };
  const settle = (id: string, to: 'succeeded' | 'canceled'): boolean => {
    const p = payments.get(id);
    if (p?.status !== 'pending') return false;
    p.status = to;
    p.paid = to === 'succeeded';
    if (to === 'canceled') p.cancellation_details = { party: 'yoo_money', reason: 'canceled_by_merchant' };
    return true;
  };

  const send = (res: ServerResponse, status: number, body: unknown, record: RecordedRequest) => {
    record.status = status;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const page = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>ЮKassa (тест)</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:40px auto;padding:0 16px}button{font-size:18px;padding:12px 24px;margin:8px 8px 0 0;border-radius:8px;border:0;cursor:pointer}
.pay{background:#1a7f37;color:#fff}.cancel{background:#ddd}</style></head><body><p>Тестовая ЮKassa: деньги не списываются.</p>${html}</body></html>`);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v ?? '');
    const record: RecordedRequest = { method: req.method ?? '', path: url.pathname, headers, body: null, status: 0 };
    let raw = '';
    try {
      raw = await readBody(req);
    } catch {
      res.writeHead(413).end();
      return;
    }
    requests.push(record);
    if (options.log) console.log(`[fake-yookassa] ${req.method} ${url.pathname}`);

    // the confirmation page a browser opens
    const confirm = /^\/confirm\/([A-Za-z0-9-]+)$/.exec(url.pathname);
    if (confirm) {
      const p = payments.get(confirm[1] as string);
      if (!p) return page(res, 404, '<h1>Платёж не найден</h1>');
      if (req.method === 'POST') {
        const form = new URLSearchParams(raw);
        record.body = Object.fromEntries(form);
        const action = form.get('action');
        if (settle(p.id, action === 'cancel' ? 'canceled' : 'succeeded')) await notify(p.id);
        res.writeHead(303, { location: p.confirmation.return_url });
        res.end();
        return;
      }
      if (p.status !== 'pending') {
        return page(res, 200, `<h1>Платёж ${p.status === 'succeeded' ? 'уже оплачен' : 'отменён'}</h1><p><a href="${esc(p.confirmation.return_url)}">Вернуться в магазин</a></p>`);
      }
      return page(
        res,
        200,
        `<h1>Оплата заказа</h1><p>${esc(p.description ?? '')}</p><p>Сумма: <strong data-testid="amount">${esc(p.amount.value)} ₽</strong></p>
<form method="post"><button class="pay" name="action" value="pay" type="submit">Оплатить</button><button class="cancel" name="action" value="cancel" type="submit">Отменить</button></form>`,
      );
    }

    if (!url.pathname.startsWith('/v3/')) return send(res, 404, error('not_found', 'Unknown path'), record);
    try {
      record.body = raw ? JSON.parse(raw) : null;
    } catch {
      return send(res, 400, error('invalid_request', 'Body is not JSON'), record);
    }
    if (headers.authorization !== expectedAuth) {
      return send(res, 401, error('invalid_credentials', 'Login or password is incorrect. Check your shopId and secret key'), record);
    }
    if (failures.count > 0) {
      failures.count--;
      return send(res, failures.status, error('internal_server_error', 'Fake failure'), record);
    }

    if (req.method === 'POST' && url.pathname === '/v3/payments') {
      const key = headers['idempotence-key'];
      if (!key) return send(res, 400, error('invalid_request', 'Idempotence-Key header is required', 'Idempotence-Key'), record);
      const known = byKey.get(key);
      if (known) {
        // ЮKassa: the same key with the same request answers what the first one did
        return send(res, known.status, known.payment ? publicPayment(known.payment) : known.body, record);
      }
      const b = record.body as {
        amount?: { value?: unknown; currency?: unknown };
        confirmation?: { type?: unknown; return_url?: unknown };
        description?: string;
        metadata?: Record<string, unknown>;
        receipt?: unknown;
      } | null;
      const value = b?.amount?.value;
      if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value) || b?.amount?.currency !== 'RUB') {
        const body = error('invalid_request', 'Invalid amount', 'amount');
        byKey.set(key, { status: 400, body });
        return send(res, 400, body, record);
      }
      const returnUrl = b?.confirmation?.return_url;
      if (b?.confirmation?.type !== 'redirect' || typeof returnUrl !== 'string') {
        const body = error('invalid_request', 'Confirmation redirect with return_url required', 'confirmation');
        byKey.set(key, { status: 400, body });
        return send(res, 400, body, record);
      }
      const id = `${randomUUID().slice(0, 8)}-000f-5000-8000-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const payment: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        amount: { value, currency: 'RUB' },
        description: b?.description,
        metadata: b?.metadata ?? {},
        confirmation: { type: 'redirect', confirmation_url: `${base}/confirm/${id}`, return_url: returnUrl },
        receipt: b?.receipt,
        created_at: new Date().toISOString(),
        test: true,
        idempotenceKey: key,
      };
      payments.set(id, payment);
      byKey.set(key, { payment, status: 200, body: null });
      return send(res, 200, publicPayment(payment), record);
    }
    const one = /^\/v3\/payments\/([A-Za-z0-9-]+)(\/cancel)?$/.exec(url.pathname);
    if (one) {
      const p = payments.get(one[1] as string);
      if (!p) return send(res, 404, error('not_found', 'Payment not found'), record);
      if (req.method === 'GET' && !one[2]) return send(res, 200, publicPayment(p), record);
      if (req.method === 'POST' && one[2]) {
        if (!headers['idempotence-key']) return send(res, 400, error('invalid_request', 'Idempotence-Key header is required'), record);
        // ЮKassa cancels only a payment waiting for capture; the same key repeats the answer
        if (p.status === 'canceled') return send(res, 200, publicPayment(p), record);
        if (p.status !== 'waiting_for_capture') {
          return send(res, 400, error('invalid_request', `Payment is ${p.status} and cannot be canceled`), record);
        }
        p.status = 'canceled';
        p.cancellation_details = { party: 'merchant', reason: 'canceled_by_merchant' };
        return send(res, 200, publicPayment(p), record);
      }
    }
    return send(res, 404, error('not_found', 'Unknown method'), record);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: `${base}/v3`,
    port,
    shopId,
    secretKey,
    requests,
    payments,
    notifications,
    async pay(id) {
      return settle(id, 'succeeded') ? notify(id) : null;
    },
    async cancel(id) {
      return settle(id, 'canceled') ? notify(id) : null;
    },
    notify,
    sendNotification,
    setNotifyUrl(url) {
      notifyUrl = url;
    },
    failNext(count, status = 500) {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
