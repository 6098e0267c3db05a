import { readErrorBody } from '@shop/contracts/errors';
import type { DeskUser, OrderDetail, OrderList } from '@shop/contracts/desk';

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

const TIMEOUT_MS = 15_000;

async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      // Mutations are JSON (the API refuses other types: no cross-site form can post here); the
      // browser adds Origin, which the API compares with the shop's (CSRF).
      headers: { accept: 'application/json', ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new DeskError('network', NETWORK_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok && payload) return payload as T;
  // the API and the host proxy answer errors in the one shape of @shop/contracts/errors
  const { code, message } = readErrorBody(payload) ?? { code: '', message: '' };
  if (response.status === 401 && code !== 'BAD_CREDENTIALS') throw new DeskError('unauthenticated', message || 'Войдите, чтобы продолжить', 401, code);
  // A proxy's 502/503 or a body that is not the API's JSON: nothing the person did wrong.
  if (!message) {
    if (response.status >= 500 || response.ok) throw new DeskError('network', response.ok ? NETWORK_MESSAGE : SERVER_MESSAGE, response.status);
    throw new DeskError('api', `Сервер отклонил запрос (HTTP ${response.status}).`, response.status);
  }
  throw new DeskError('api', message, response.status, code);
}

export const deskApi = {
  session: () => request<{ user: DeskUser }>('GET', '/api/admin/session'),
  signIn: (email: string, password: string) => request<{ user: DeskUser }>('POST', '/api/admin/session', { email, password }),
  signOut: () => request<void>('DELETE', '/api/admin/session'),
  orders: (query: string) => request<OrderList>('GET', `/api/admin/orders${query ? `?${query}` : ''}`),
  order: (number: string) => request<{ order: OrderDetail }>('GET', `/api/admin/orders/${encodeURIComponent(number)}`),
  setStatus: (number: string, status: string, note: string) =>
    request<{ order: OrderDetail }>('POST', `/api/admin/orders/${encodeURIComponent(number)}/status`, { status, ...(note ? { note } : {}) }),
};

export function csvHref(query: string): string {
  return `/api/admin/orders.csv${query ? `?${query}` : ''}`;
}
