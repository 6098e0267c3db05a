import type { RemoteRegistry, ShellContextValue } from '@shop/mf-shared';

/** Public configuration the host server puts into the page (never a secret). */
export interface PublicConfig {
  shopName: string;
  contacts: ShellContextValue['contacts'];
}

export const DEFAULT_CONFIG: PublicConfig = { shopName: 'Оригинал', contacts: {} };

export interface PageState {
  registry?: RemoteRegistry;
  config?: Partial<PublicConfig>;
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
