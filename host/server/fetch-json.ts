/**
 * The one way the host server reads from another server (the API's registry, the remotes'
 * manifests and stylesheets). Their URLs come from configuration and the registry, never from a
 * request; still, only http(s) is fetched, redirects are not followed (a redirect could lead
 * anywhere), and the answer is bounded in time and size so a slow or huge answer cannot hold
 * or fill the host.
 */
export interface FetchJsonOptions {
  timeoutMs: number;
  maxBytes: number;
  /** When set, the URL must be on exactly this origin (the configured API). */
  origin?: string;
}

export class FetchRefusedError extends Error {}

/** An absolute http(s) URL without credentials, or null. */
export function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** The answer's text, bounded like every read here; `accept` names what is asked for. */
export async function fetchText(
  value: string,
  options: FetchJsonOptions & { accept: string },
): Promise<{ status: number; text: string }> {
  const url = httpUrl(value);
  if (!url) throw new FetchRefusedError(`not an http(s) URL: ${value.slice(0, 200)}`);
  if (options.origin !== undefined && url.origin !== options.origin) throw new FetchRefusedError(`${url.origin} is not ${options.origin}`);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: options.accept } });
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > options.maxBytes) {
    await response.body?.cancel();
    throw new FetchRefusedError(`${url.href} answered ${declared} bytes (limit ${options.maxBytes})`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > options.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchRefusedError(`${url.href} answered more than ${options.maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return { status: response.status, text: Buffer.concat(chunks).toString('utf8') };
}

export async function fetchJson(value: string, options: FetchJsonOptions): Promise<{ status: number; body: unknown }> {
  const { status, text } = await fetchText(value, { ...options, accept: 'application/json' });
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status, body };
}
