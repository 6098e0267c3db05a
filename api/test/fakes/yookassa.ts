// A local fake of ЮKassa's HTTP API v3 (the parts the shop calls), for the API tests, the e2e
// stack and local runs: POST /v3/payments (Idempotence-Key: the same key answers the same
// payment), GET /v3/payments/{id}, POST /v3/payments/{id}/cancel, POST /v3/refunds (refunds a
// succeeded payment, never past what it took), GET /v3/refunds/{id}, Basic auth (shop id + secret
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

export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: { value: string; currency: string };
  description?: string;
  receipt?: unknown;
  created_at: string;
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
  /** Refunds made, by id. */
  refunds: Map<string, FakeRefund>;
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

/** The fake's memory, shared by its handlers and the handle a test holds. */
interface FakeState {
  options: FakeYookassaOptions;
  expectedAuth: string;
  requests: RecordedRequest[];
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  byKey: Map<string, { payment?: FakePayment; status: number; body: unknown }>;
  notifications: { body: unknown; status: number }[];
  notifyUrl: string | null;
  failures: { count: number; status: number };
  base: string;
}

/** One request as the handlers see it: the body already read, the record already kept. */
interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  headers: Record<string, string>;
  record: RecordedRequest;
  raw: string;
}

type ApiHandler = (state: FakeState, call: Call, match: RegExpExecArray) => void | Promise<void>;

const PAYMENT_PATH = /^\/v3\/payments\/([A-Za-z0-9-]+)$/;
const CANCEL_PATH = /^\/v3\/payments\/([A-Za-z0-9-]+)\/cancel$/;
const ANY_PAYMENT_PATH = /^\/v3\/payments\/([A-Za-z0-9-]+)(\/cancel)?$/;

/** The API calls the shop makes, after auth and the injected failures. */
const apiRoutes: { method: string; path: RegExp; handle: ApiHandler }[] = [
  { method: 'POST', path: /^\/v3\/payments$/, handle: createPayment },
  { method: 'GET', path: PAYMENT_PATH, handle: getPayment },
  { method: 'POST', path: CANCEL_PATH, handle: cancelPayment },
  { method: 'POST', path: /^\/v3\/refunds$/, handle: createRefund },
  { method: 'GET', path: /^\/v3\/refunds\/([A-Za-z0-9-]+)$/, handle: getRefund },
];

function send(call: Call, status: number, body: unknown): void {
  call.record.status = status;
  call.res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  call.res.end(JSON.stringify(body));
}

function page(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>ЮKassa (тест)</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:40px auto;padding:0 16px}button{font-size:18px;padding:12px 24px;margin:8px 8px 0 0;border-radius:8px;border:0;cursor:pointer}
.pay{background:#1a7f37;color:#fff}.cancel{background:#ddd}</style></head><body><p>Тестовая ЮKassa: деньги не списываются.</p>${html}</body></html>`);
}

async function sendNotification(state: FakeState, body: unknown): Promise<NotifyResult> {
  if (!state.notifyUrl) return { status: 0, body: 'no notify url' };
  try {
    const res = await fetch(state.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'YooKassa-fake' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    state.notifications.push({ body, status: res.status });
    if (state.options.log) console.log(`[fake-yookassa] notification → ${res.status}`);
    return { status: res.status, body: text };
  } catch (e) {
    state.notifications.push({ body, status: 0 });
    return { status: 0, body: (e as Error).message };
  }
}

function notify(state: FakeState, id: string, event?: NotifyEvent): Promise<NotifyResult> {
  const p = state.payments.get(id);
  if (!p) throw new Error(`fake ЮKassa: no payment ${id}`);
  const ev = event ?? (`payment.${p.status}` as NotifyEvent);
  return sendNotification(state, { type: 'notification', event: ev, object: publicPayment(p) });
}

function settle(state: FakeState, id: string, to: 'succeeded' | 'canceled'): boolean {
  const p = state.payments.get(id);
  if (p?.status !== 'pending') return false;
  p.status = to;
  p.paid = to === 'succeeded';
  if (to === 'canceled') p.cancellation_details = { party: 'yoo_money', reason: 'canceled_by_merchant' };
  return true;
}

async function handle(state: FakeState, req: IncomingMessage, res: ServerResponse) {
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
  state.requests.push(record);
  if (state.options.log) console.log(`[fake-yookassa] ${req.method} ${url.pathname}`);
  const call: Call = { req, res, path: url.pathname, headers, record, raw };
  const confirm = /^\/confirm\/([A-Za-z0-9-]+)$/.exec(url.pathname);
  if (confirm) return confirmPage(state, call, confirm[1] as string);
  return handleApi(state, call);
}

/** The confirmation page a browser opens: GET shows it, POST pays or cancels and goes back to the shop. */
async function confirmPage(state: FakeState, call: Call, id: string) {
  const { req, res } = call;
  const p = state.payments.get(id);
  if (!p) return page(res, 404, '<h1>Платёж не найден</h1>');
  if (req.method === 'POST') {
    const form = new URLSearchParams(call.raw);
    call.record.body = Object.fromEntries(form);
    const action = form.get('action');
    if (settle(state, p.id, action === 'cancel' ? 'canceled' : 'succeeded')) await notify(state, p.id);
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

async function handleApi(state: FakeState, call: Call) {
  if (!call.path.startsWith('/v3/')) return send(call, 404, error('not_found', 'Unknown path'));
  try {
    call.record.body = call.raw ? JSON.parse(call.raw) : null;
  } catch {
    return send(call, 400, error('invalid_request', 'Body is not JSON'));
  }
  if (call.headers.authorization !== state.expectedAuth) {
    return send(call, 401, error('invalid_credentials', 'Login or password is incorrect. Check your shopId and secret key'));
  }
  if (state.failures.count > 0) {
    state.failures.count--;
    return send(call, state.failures.status, error('internal_server_error', 'Fake failure'));
  }
  for (const route of apiRoutes) {
    const match = route.method === call.req.method ? route.path.exec(call.path) : null;
    if (match) return route.handle(state, call, match);
  }
  // a payment path with another method: an unknown payment is still «not found»
  const one = ANY_PAYMENT_PATH.exec(call.path);
  if (one && !state.payments.has(one[1] as string)) return send(call, 404, error('not_found', 'Payment not found'));
  return send(call, 404, error('not_found', 'Unknown method'));
}

type PaymentRequest = {
  amount?: { value?: unknown; currency?: unknown };
  confirmation?: { type?: unknown; return_url?: unknown };
  description?: string;
  metadata?: Record<string, unknown>;
  receipt?: unknown;
} | null;

function createPayment(state: FakeState, call: Call) {
  const key = call.headers['idempotence-key'];
  if (!key) return send(call, 400, error('invalid_request', 'Idempotence-Key header is required', 'Idempotence-Key'));
  const known = state.byKey.get(key);
  // ЮKassa: the same key with the same request answers what the first one did
  if (known) return send(call, known.status, known.payment ? publicPayment(known.payment) : known.body);
  const b = call.record.body as PaymentRequest;
  const refuse = (body: ReturnType<typeof error>) => {
    state.byKey.set(key, { status: 400, body });
    send(call, 400, body);
  };
  const value = b?.amount?.value;
  if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value) || b?.amount?.currency !== 'RUB') {
    return refuse(error('invalid_request', 'Invalid amount', 'amount'));
  }
  const returnUrl = b?.confirmation?.return_url;
  if (b?.confirmation?.type !== 'redirect' || typeof returnUrl !== 'string') {
    return refuse(error('invalid_request', 'Confirmation redirect with return_url required', 'confirmation'));
  }
  const id = `${randomUUID().slice(0, 8)}-000f-5000-8000-${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const payment: FakePayment = {
    id,
    status: 'pending',
    paid: false,
    amount: { value, currency: 'RUB' },
    description: b?.description,
    metadata: b?.metadata ?? {},
    confirmation: { type: 'redirect', confirmation_url: `${state.base}/confirm/${id}`, return_url: returnUrl },
    receipt: b?.receipt,
    created_at: new Date().toISOString(),
    test: true,
    idempotenceKey: key,
  };
  state.payments.set(id, payment);
  state.byKey.set(key, { payment, status: 200, body: null });
  return send(call, 200, publicPayment(payment));
}

function getPayment(state: FakeState, call: Call, match: RegExpExecArray) {
  const p = state.payments.get(match[1] as string);
  if (!p) return send(call, 404, error('not_found', 'Payment not found'));
  return send(call, 200, publicPayment(p));
}

function cancelPayment(state: FakeState, call: Call, match: RegExpExecArray) {
  const p = state.payments.get(match[1] as string);
  if (!p) return send(call, 404, error('not_found', 'Payment not found'));
  if (!call.headers['idempotence-key']) return send(call, 400, error('invalid_request', 'Idempotence-Key header is required'));
  // ЮKassa cancels only a payment waiting for capture; the same key repeats the answer
  if (p.status === 'canceled') return send(call, 200, publicPayment(p));
  if (p.status !== 'waiting_for_capture') {
    return send(call, 400, error('invalid_request', `Payment is ${p.status} and cannot be canceled`));
  }
  p.status = 'canceled';
  p.cancellation_details = { party: 'merchant', reason: 'canceled_by_merchant' };
  return send(call, 200, publicPayment(p));
}

function createRefund(state: FakeState, call: Call) {
  const key = call.headers['idempotence-key'];
  if (!key) return send(call, 400, error('invalid_request', 'Idempotence-Key header is required', 'Idempotence-Key'));
  const known = state.byKey.get(`refund:${key}`);
  if (known) return send(call, known.status, known.body);
  const b = call.record.body as { payment_id?: unknown; amount?: { value?: unknown; currency?: unknown }; description?: string; receipt?: unknown } | null;
  const answer = (status: number, body: unknown) => {
    state.byKey.set(`refund:${key}`, { status, body });
    send(call, status, body);
  };
  const payment = typeof b?.payment_id === 'string' ? state.payments.get(b.payment_id) : undefined;
  if (!payment) return answer(400, error('invalid_request', 'Payment not found', 'payment_id'));
  if (payment.status !== 'succeeded') return answer(400, error('invalid_request', `Payment is ${payment.status}: nothing to refund`, 'payment_id'));
  const value = b?.amount?.value;
  if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value) || b?.amount?.currency !== 'RUB' || Number(value) <= 0) {
    return answer(400, error('invalid_request', 'Invalid amount', 'amount'));
  }
  const refunded = [...state.refunds.values()].filter((r) => r.payment_id === payment.id).reduce((sum, r) => sum + Number(r.amount.value), 0);
  if (refunded + Number(value) > Number(payment.amount.value) + 1e-9) {
    return answer(400, error('invalid_request', 'Refund amount exceeds the payment amount left to refund', 'amount'));
  }
  const refund: FakeRefund = {
    id: `${randomUUID().slice(0, 8)}-0015-5000-9000-${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    payment_id: payment.id,
    status: 'succeeded',
    amount: { value, currency: 'RUB' },
    description: b?.description,
    receipt: b?.receipt,
    created_at: new Date().toISOString(),
  };
  state.refunds.set(refund.id, refund);
  return answer(200, refund);
}

function getRefund(state: FakeState, call: Call, match: RegExpExecArray) {
  const r = state.refunds.get(match[1] as string);
  return r ? send(call, 200, r) : send(call, 404, error('not_found', 'Refund not found'));
}

export async function startFakeYookassa(options: FakeYookassaOptions = {}): Promise<FakeYookassa> {
  const shopId = options.shopId ?? '123456';
  const secretKey = options.secretKey ?? 'test_FakeSecretKey_0123456789';
  const state: FakeState = {
    options,
    expectedAuth: `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`,
    requests: [],
    payments: new Map(),
    refunds: new Map(),
    byKey: new Map(),
    notifications: [],
    notifyUrl: options.notifyUrl ?? null,
    failures: { count: 0, status: 500 },
    base: '',
  };
  const server = createServer((req, res) => void handle(state, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  state.base = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: `${state.base}/v3`,
    port,
    shopId,
    secretKey,
    requests: state.requests,
    payments: state.payments,
    refunds: state.refunds,
    notifications: state.notifications,
    async pay(id) {
      return settle(state, id, 'succeeded') ? notify(state, id) : null;
    },
    async cancel(id) {
      return settle(state, id, 'canceled') ? notify(state, id) : null;
    },
    notify: (id, event) => notify(state, id, event),
    sendNotification: (body) => sendNotification(state, body),
    setNotifyUrl(url) {
      state.notifyUrl = url;
    },
    failNext(count, status = 500) {
      state.failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
