/**
 * The command-line tools' way to the running shop's ops routes (/api/ops/…): SHOP_API_URL
 * (default http://127.0.0.1:<API_PORT or 4000>) and OPS_TOKEN, or the local token `npm start`
 * keeps in .run/ops-token. Refusals and an unreachable API become an OpsApiError in Russian.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readErrorBody } from '@shop/contracts/errors';

/** `status`: the API's answer, 0 when there was none (no token, the API not reached). */
export class OpsApiError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TOKEN_FILE = `${ROOT}.run/ops-token`;

function opsToken(): string {
  const token = process.env.OPS_TOKEN?.trim() || (existsSync(TOKEN_FILE) ? readFileSync(TOKEN_FILE, 'utf8').trim() : '');
  if (!token) throw new OpsApiError('Нет ops-токена: задайте OPS_TOKEN (npm start хранит локальный в .run/ops-token).');
  return token;
}

export function apiBase(): string {
  return (process.env.SHOP_API_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`).replace(/\/+$/, '');
}

export async function opsApi(path: string, init: RequestInit = {}): Promise<Response> {
  const url = `${apiBase()}/api/ops${path}`;
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { authorization: `Bearer ${opsToken()}`, accept: 'application/json', ...(init.headers ?? {}) } });
  } catch (e) {
    if (e instanceof OpsApiError) throw e;
    throw new OpsApiError(`API магазина не отвечает (${apiBase()}): запущен ли магазин (npm start)? Другой адрес — в SHOP_API_URL.`);
  }
  if (res.ok) return res;
  const error = readErrorBody(await res.json().catch(() => null));
  throw new OpsApiError(error?.message ? `${error.message}${error.code ? ` (${error.code})` : ''}` : `API ответил ${res.status}`, res.status);
}
