import { readErrorBody } from '@shop/contracts/errors';
import { deskAnswerSchemas } from '@shop/contracts/desk';
import * as z from 'zod/mini';

/**
 * Every way a desk request can fail, in one type the pages turn into Russian text:
 * `unauthenticated` sends the person to the sign-in page, `network` offers «Повторить»,
 * `api` carries the API's own code and Russian message.
 */
export class DeskError extends Error {
  constructor(
    readonly kind: 'unauthenticated' | 'network' | 'api',
    message: string,
    readonly status = 0,
    readonly code = '',
  ) {
    super(message);
  }
}

export const NETWORK_MESSAGE = 'Не удалось связаться с сервером. Проверьте соединение и повторите.';
const SERVER_MESSAGE = 'Сервер не смог выполнить запрос. Повторите через минуту.';
export const ANSWER_MESSAGE =
  'Сервер ответил не так, как ждёт раздел заказов. Обновите страницу; если не поможет, сообщите разработчикам.';

const TIMEOUT_MS = 15_000;

/** An answer in the shape the desk expects, or a DeskError that says so (and, for developers, where it differs). */
function parseAnswer<T>(schema: z.ZodMiniType<T>, path: string, payload: unknown, status: number): T {
  const parsed = z.safeParse(schema, payload);
  if (parsed.success) return parsed.data;
  console.error(`desk: ${path} answered an unexpected shape`, z.prettifyError(parsed.error));
  throw new DeskError('api', ANSWER_MESSAGE, status, 'UNEXPECTED_ANSWER');
}

interface Answer {
  payload: unknown;
  status: number;
}

/** A file sent as the body (the catalogue upload), its type, and how long it may take. */
interface Upload {
  file: Blob;
  type: string;
  timeoutMs: number;
  /** A status whose JSON is an answer, not an error (the catalogue's 422: nothing changed, and why). */
  answerStatus?: number;
}

/** Sends one request; resolves with the JSON of a success (nothing for a 204), throws a DeskError otherwise. */
async function send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, upload?: Upload): Promise<Answer | undefined> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      // Mutations are JSON or a file (the API refuses form types: no cross-site form can post
      // here); the browser adds Origin, which the API compares with the shop's (CSRF).
      headers: { accept: 'application/json', ...(method === 'GET' ? {} : { 'content-type': upload?.type ?? 'application/json' }) },
      body: upload ? upload.file : body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(upload?.timeoutMs ?? TIMEOUT_MS),
    });
  } catch {
    throw new DeskError('network', NETWORK_MESSAGE);
  }
  if (response.status === 204) return undefined;
  const payload: unknown = await response.json().catch(() => null);
  if ((response.ok || response.status === upload?.answerStatus) && payload) return { payload, status: response.status };
  // the API and the host proxy answer errors in the one shape of @shop/contracts/errors
  const { code, message } = readErrorBody(payload) ?? { code: '', message: '' };
  if (response.status === 401 && code !== 'BAD_CREDENTIALS')
    throw new DeskError('unauthenticated', message || 'Войдите, чтобы продолжить', 401, code);
  // A proxy's 502/503 or a body that is not the API's JSON: nothing the person did wrong.
  if (!message) {
    if (response.status >= 500 || response.ok)
      throw new DeskError('network', response.ok ? NETWORK_MESSAGE : SERVER_MESSAGE, response.status);
    throw new DeskError('api', `Сервер отклонил запрос (HTTP ${response.status}).`, response.status);
  }
  throw new DeskError('api', message, response.status, code);
}

/** A request whose answer must have `schema`'s shape. */
async function request<T>(schema: z.ZodMiniType<T>, method: 'GET' | 'POST', path: string, body?: unknown, upload?: Upload): Promise<T> {
  const answer = await send(method, path, body, upload);
  return parseAnswer(schema, path, answer?.payload, answer?.status ?? 204);
}

export const deskApi = {
  session: () => request(deskAnswerSchemas.session, 'GET', '/api/admin/session'),
  signIn: (email: string, password: string) =>
    request(deskAnswerSchemas.session, 'POST', '/api/admin/session', { email, password }),
  signOut: async () => {
    await send('DELETE', '/api/admin/session');
  },
  orders: (query: string) => request(deskAnswerSchemas.orders, 'GET', `/api/admin/orders${query ? `?${query}` : ''}`),
  order: (number: string) => request(deskAnswerSchemas.order, 'GET', `/api/admin/orders/${encodeURIComponent(number)}`),
  /** `trackingNumber`: the parcel's, with a move to «отправлен». */
  setStatus: (number: string, status: string, note: string, trackingNumber = '') =>
    request(deskAnswerSchemas.order, 'POST', `/api/admin/orders/${encodeURIComponent(number)}/status`, {
      status,
      ...(note ? { note } : {}),
      ...(trackingNumber ? { trackingNumber } : {}),
    }),
  /** A return request: the money back through the payment provider, or refused with a note the shopper reads. */
  resolveReturn: (number: string, requestId: number, action: 'refund' | 'reject', note = '') =>
    request(deskAnswerSchemas.order, 'POST', `/api/admin/orders/${encodeURIComponent(number)}/returns/${requestId}/${action}`, note ? { note } : {}),
  /** A shipment СДЭК refused, sent again. */
  retryShipment: (number: string) =>
    request(deskAnswerSchemas.order, 'POST', `/api/admin/orders/${encodeURIComponent(number)}/shipment/retry`, {}),
  /** The owner's catalogue: a ZIP with catalogue.json and its photos, or the JSON alone. Photos take their time. */
  uploadCatalog: (file: File) =>
    request(deskAnswerSchemas.catalog, 'POST', '/api/admin/catalog', undefined, {
      file,
      type: /\.json$/i.test(file.name) ? 'application/json' : 'application/zip',
      timeoutMs: 10 * 60_000,
      answerStatus: 422,
    }),
  /** A colour's photos by its article, with their sizes. */
  productPhotos: (sku: string) => request(deskAnswerSchemas.productPhotos, 'GET', `/api/admin/catalog/photos?sku=${encodeURIComponent(sku)}`),
  /** A new photo in one photo's place (its old renditions go). */
  replacePhoto: (photoId: number, file: File) =>
    request(deskAnswerSchemas.photo, 'POST', `/api/admin/catalog/photos/${photoId}`, undefined, {
      file,
      // the API reads what the file is from its content, never from a name or a type
      type: 'application/octet-stream',
      timeoutMs: 2 * 60_000,
    }),
};

export function csvHref(query: string): string {
  return `/api/admin/orders.csv${query ? `?${query}` : ''}`;
}
