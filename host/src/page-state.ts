import type { RemoteRegistry } from '@shop/contracts/remotes';
import type { ShellContextValue } from '@shop/mf-shared';

/** Public configuration the host server puts into the page (never a secret). */
export interface PublicConfig {
  shopName: string;
  /** The marketplace the goods come from, in the tagline «Оригинальные обувь и одежда с …». */
  marketplace: string;
  contacts: ShellContextValue['contacts'];
  /** External review site, opened in a new tab. */
  reviewsUrl?: string;
  /** Metrics counter id; none means nothing is sent to a counter (dataLayer still gets events). */
  counterId?: number;
}

export const DEFAULT_CONFIG: PublicConfig = { shopName: 'Оригинал', marketplace: 'Poizon', contacts: {} };

export interface PageState {
  registry?: RemoteRegistry;
  config?: Partial<PublicConfig>;
  /** The server's page-resolver answer for this URL's path, so the first render needs no round trip. */
  resolved?: { path: string; page: { type: string; id: string | null; status: number; location: string | null } };
  /** Set when this browser opened a preview link (host/server/preview.ts): the release shown in place of the active one. */
  preview?: { remote: string; version: string };
  /** A server-rendered page: the Apollo cache it was rendered with (host/src/ssr). */
  apollo?: unknown;
  /** A server-rendered page: the remote modules in its HTML, which the browser loads before hydrating. */
  modules?: string[];
}

/** Reads the JSON the server wrote into `<script type="application/json" id="shop-state">`. */
export function readPageState(): PageState {
  const text = document.getElementById('shop-state')?.textContent;
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as PageState) : {};
  } catch {
    return {};
  }
}
