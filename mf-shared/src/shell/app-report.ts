import type { createElement } from 'react';

/**
 * Each app (host and remotes) reports the singletons it was given. If a remote was built
 * with a federation setup that does not share React, Apollo or mf-shared, it gets its own
 * copies: hooks break, the cart splits in two. That shows up here as `shared: false` and a
 * console error naming the remote, which is what ops needs to see first.
 */
export interface AppLibraries {
  createElement: typeof createElement;
  ApolloClient: unknown;
  useNavigate: unknown;
}

export interface AppReport {
  name: string;
  version: string;
  /** Same mf-shared module instance as the host's (proves the store and contexts are one). */
  sharedInstance: boolean;
  react: boolean;
  apollo: boolean;
  router: boolean;
}

interface ShopGlobal {
  __SHOP_APPS__?: AppReport[];
  __SHOP_HOST_LIBS__?: AppLibraries & { instance: object };
}

const instance = {};

export function reportApp(name: string, version: string, libs: AppLibraries): AppReport {
  const g = globalThis as unknown as ShopGlobal;
  if (!g.__SHOP_HOST_LIBS__) g.__SHOP_HOST_LIBS__ = { ...libs, instance };
  const host = g.__SHOP_HOST_LIBS__;
  const report: AppReport = {
    name,
    version,
    sharedInstance: host.instance === instance,
    react: host.createElement === libs.createElement,
    apollo: host.ApolloClient === libs.ApolloClient,
    router: host.useNavigate === libs.useNavigate,
  };
  g.__SHOP_APPS__ = [...(g.__SHOP_APPS__ ?? []).filter((r) => r.name !== name), report];
  if (!report.sharedInstance || !report.react || !report.apollo || !report.router) {
    console.error(`[shop] ${name}@${version} does not share the page's singletons`, report);
  }
  return report;
}
