import { readCookie, writeCookie } from './cookies.ts';

/** The metrics counter's global function (Yandex Metrica's `ym`). */
type CounterFn = (counterId: number, method: string, ...args: unknown[]) => void;
type CounterWindow = Window & { ym?: CounterFn; dataLayer?: unknown[] };

export const COUNTER_POLL_MS = 100;
export const COUNTER_POLL_TIMES = 50;

let counterId: number | null = null;

export function configureCounter(id: number | null): void {
  counterId = id && Number.isInteger(id) && id > 0 ? id : null;
}

export function counterConfigured(): boolean {
  return counterId !== null;
}

/** Waits for the counter script to define `ym`: polls every 100 ms, at most 50 times. */
export function waitForCounter(win: CounterWindow = window): Promise<CounterFn | null> {
  if (counterId === null) return Promise.resolve(null);
  return new Promise((resolve) => {
    let tries = 0;
    const check = () => {
      if (typeof win.ym === 'function') return resolve(win.ym);
      tries += 1;
      if (tries >= COUNTER_POLL_TIMES) return resolve(null);
      setTimeout(check, COUNTER_POLL_MS);
    };
    check();
  });
}

/** Calls the counter when one is configured and loaded; without one, nothing is sent. */
export async function callCounter(method: string, ...args: unknown[]): Promise<void> {
  const ym = await waitForCounter();
  if (ym && counterId !== null) ym(counterId, method, ...args);
}

/** Visitor tracking at start: user id, user params, and the counter's client id into a cookie. */
export async function identifyVisitor(visitorId: string): Promise<void> {
  const ym = await waitForCounter();
  if (!ym || counterId === null) return;
  ym(counterId, 'setUserID', visitorId);
  ym(counterId, 'userParams', { visitor_id: visitorId });
  ym(counterId, 'getClientID', (clientId: unknown) => {
    if (typeof clientId === 'string' || typeof clientId === 'number') {
      if (readCookie('ym_client_id') !== String(clientId)) writeCookie('ym_client_id', String(clientId));
    }
  });
}

export function pageHit(url: string, options: { title: string; referer?: string }): Promise<void> {
  return callCounter('hit', url, options);
}

export function reachGoal(goal: AnalyticsGoal, params?: Record<string, unknown>): Promise<void> {
  return callCounter('reachGoal', goal, params);
}

export type AnalyticsGoal = 'to_cart' | 'from_cart' | 'see_cart' | 'order' | 'product_click' | 'promo_click';
