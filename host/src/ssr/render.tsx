/**
 * The server renderer (built by rspack.base.ts createHostConfigs into server-dist/ssr/render.cjs;
 * the page server in host/server loads it). It renders the same App the browser hydrates: the
 * shell (header, menus, footer) and the page's remote module, loaded from the visitor's own
 * registry (canary and preview included) through the remotes' server builds, with the page's
 * GraphQL answers fetched here and handed to the browser's Apollo cache.
 */
import * as apolloClient from '@apollo/client';
import * as apolloReact from '@apollo/client/react';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { pageView, rendersOnServer } from '@shop/contracts/pages';
import type { RemoteRegistry } from '@shop/contracts/remotes';
import * as mfShared from '@shop/mf-shared';
import * as graphql from 'graphql';
import * as React from 'react';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server';
import * as router from 'react-router-dom';
import { StaticRouter } from 'react-router-dom';
import * as zustand from 'zustand';
import * as zustandMiddleware from 'zustand/middleware';
import { Readable, Writable } from 'node:stream';
import { App } from '../app.tsx';
import { type ModuleSource, ModuleSourceContext, SERVER_AREA_DIGEST, settled } from '../federation/module-source.ts';
import { type PageType, ResolvePageDocument } from '../graphql/generated.ts';
import type { PageState, PublicConfig } from '../page-state.ts';
import { createQueryPlans, PassLog, QueryLogProvider } from './query-plan.tsx';
import { createRemoteLoader } from './remote-loader.ts';
import { upstreamFetch } from './upstream-fetch.ts';

export interface RendererOptions {
  /** The API's origin (the page server's API_URL). */
  apiUrl: string;
  /** A remote module that has not loaded within this time renders its area's fallback. */
  remoteTimeoutMs?: number;
  /** The whole render (data and modules) gives up after this; what is not ready renders in the browser. */
  renderTimeoutMs?: number;
  maxReleases?: number;
  /** Public origins this server reaches elsewhere (`[public, internal]`, docker-compose's network). */
  originMap?: [string, string][];
}

export interface RenderRequest {
  url: string;
  registry: RemoteRegistry;
  config: PublicConfig;
  resolved: NonNullable<PageState['resolved']>;
  preview?: PageState['preview'];
  /** Forwarded to the API with every query (its rate limits and logs see the shopper, not the host). */
  headers?: Record<string, string>;
}

export interface RenderResult {
  /** Writes the page's HTML (the inside of #root) and ends `destination`. */
  pipe(destination: Writable): void;
  /** The Apollo cache after the render, for the browser's client. */
  apolloState: unknown;
  /** The remote modules rendered into the page (the page server links their stylesheets). */
  modules: string[];
  /**
   * Milliseconds. `data`: fetching data and modules, with the passes that asked for more;
   * `render`: the pass whose HTML is the page (the last one; its writing out included).
   * `passes`: the renders it took; a page rendered before takes 1 (its queries are sent first,
   * query-plan.tsx); a new one whose queries all start in the first pass takes 2 (one that asks,
   * one with the answers); each wave of queries that waits for another adds one.
   */
  timings: { data: number; render: number; passes: number };
  /** Areas that will render in the browser instead (a failed, slow or throwing remote). */
  errors: string[];
}

declare const __SHARED_VERSIONS__: Record<string, string>;
/** The federation sharing policy's keys (scripts/lib/federation-shared.ts), written in by the build. */
declare const __SHARED_KEYS__: string[];

function versionOf(pkg: string): string {
  const version = __SHARED_VERSIONS__[pkg];
  if (!version) throw new Error(`${pkg} is not a federation singleton (scripts/lib/federation-shared.ts)`);
  return version;
}

function sharedLibs() {
  const lib = (module: unknown, pkg: string) => ({
    version: versionOf(pkg),
    lib: () => module,
    shareConfig: { singleton: true, requiredVersion: `^${versionOf(pkg)}` },
  });
  return {
    react: lib(React, 'react'),
    'react/jsx-runtime': lib(jsxRuntime, 'react'),
    'react/jsx-dev-runtime': lib(jsxDevRuntime, 'react'),
    'react-dom': lib(reactDom, 'react-dom'),
    'react-dom/client': lib(reactDomClient, 'react-dom'),
    'react-router-dom': lib(router, 'react-router-dom'),
    '@apollo/client': lib(apolloClient, '@apollo/client'),
    '@apollo/client/react': lib(apolloReact, '@apollo/client'),
    graphql: lib(graphql, 'graphql'),
    zustand: lib(zustand, 'zustand'),
    'zustand/middleware': lib(zustandMiddleware, 'zustand'),
    '@shop/mf-shared': lib(mfShared, '@shop/mf-shared'),
  };
}

/** The area of a page the browser renders by design (pages table: `browserOnly`). */
class BrowserArea extends Error {
  constructor(id: string) {
    super(`${id} renders in the browser`);
  }
}

/**
 * The libraries below are imported one by one (one instance with this renderer's React tree); a
 * share key the policy gained and this list lacks would let each remote's server build run its
 * own copy (two Reacts, two stores): refused at start instead.
 */
function checkedSharedLibs() {
  const libs = sharedLibs();
  const missing = __SHARED_KEYS__.filter((key) => !Object.hasOwn(libs, key));
  if (missing.length > 0)
    throw new Error(
      `host/src/ssr/render.tsx provides no ${missing.join(', ')} to the remotes (a federation singleton: add it to sharedLibs)`,
    );
  return libs;
}

/**
 * An area that failed in a render is left to the browser (its Suspense boundary's fallback is in
 * the HTML); the browser gets this digest, never the error's text.
 */
function areaDigest(errors: string[]) {
  return (error: unknown) => {
    if (error instanceof BrowserArea) return `${SERVER_AREA_DIGEST}:browser`;
    errors.push((error as Error)?.message ?? String(error));
    return `${SERVER_AREA_DIGEST}:${errors.length}`;
  };
}

interface Pass {
  /** The inside of #root as this pass rendered it. */
  html: string;
  /** This pass's failed areas (numbered in its digests). */
  errors: string[];
  started: number;
  ended: number;
  /** prerenderStatic's shape of a render function's answer; the HTML is read above instead. */
  prelude: Readable;
}

/**
 * One render of the whole tree, as the browser gets it: every boundary inline and in order (the page reads complete without scripts: crawlers, link
 * previews, a shopper whose scripts are off, not hidden segments that a script reveals), an
 * area that failed as its fallback with a digest. Waits for every module and query the pass
 * started (onAllReady); the time limit aborts it (what is pending then is the browser's).
 */
function renderPass(node: React.ReactNode, signal: AbortSignal): Promise<Pass> {
  return new Promise<Pass>((resolve, reject) => {
    const started = performance.now();
    const errors: string[] = [];
    const chunks: Buffer[] = [];
    const onAbort = () => stream.abort(new Error('server render timed out'));
    const stream = renderToPipeableStream(node, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        signal.removeEventListener('abort', onAbort);
        const sink = new Writable({
          write(chunk: Buffer | string, _encoding, callback) {
            chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
            callback();
          },
        });
        sink.on('finish', () =>
          resolve({
            html: Buffer.concat(chunks).toString('utf8'),
            errors,
            started,
            ended: performance.now(),
            prelude: Readable.from([]),
          }),
        );
        sink.on('error', reject);
        stream.pipe(sink);
      },
      onShellError(error) {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
      onError: areaDigest(errors),
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

type Modules = ReturnType<ReturnType<typeof createRemoteLoader>['forRegistry']>;

/** The render's own Apollo client, holding the resolved page the routing already knows. */
function pageClient(apiUrl: string, request: RenderRequest, timeoutMs: number) {
  const client = mfShared.createApolloClient({
    uri: `${apiUrl}/api/graphql`,
    ssrMode: true,
    headers: request.headers,
    fetch: (input, init) => upstreamFetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  const { page } = request.resolved;
  client.writeQuery({
    query: ResolvePageDocument,
    variables: { path: request.resolved.path, query: '' },
    data: { __typename: 'Query', resolvePage: { __typename: 'ResolvedPage', ...page, type: page.type as PageType } },
  });
  return client;
}

/** A page made of browser storage (the cart, favourites) or private (an order): its area is the browser's. */
function pageSource(modules: Modules, page: RenderRequest['resolved']['page']): ModuleSource {
  const browserOnly = rendersOnServer(page.type) ? null : pageView(page)?.module;
  if (!browserOnly) return modules;
  return {
    load: (id, attempt) =>
      id === browserOnly ? settled(Promise.reject(new BrowserArea(id))) : modules.load(id, attempt),
  };
}

function pageTree(request: RenderRequest, source: ModuleSource, client: ReturnType<typeof pageClient>, log: PassLog) {
  return (
    <React.StrictMode>
      <ModuleSourceContext.Provider value={source}>
        <QueryLogProvider log={log}>
          <ApolloProvider client={client}>
            <StaticRouter location={request.url}>
              <App config={request.config} preview={request.preview} />
            </StaticRouter>
          </ApolloProvider>
        </QueryLogProvider>
      </ModuleSourceContext.Provider>
    </React.StrictMode>
  );
}

/** A page, as far as its queries go: the URL, the releases that render it, the preview asked for. */
function planKey(request: RenderRequest): string {
  return JSON.stringify([request.url, request.registry, request.preview ?? null]);
}

function releaseOnEnd(destination: Writable, modules: Modules) {
  destination.on('close', modules.release);
  destination.on('finish', modules.release);
}

interface FallbackRender {
  tree: React.ReactNode;
  modules: Modules;
  apolloState: unknown;
  dataMs: number;
  errors: string[];
  timeoutMs: number;
  passes: number;
}

/**
 * Out of time (or the passes failed): the page is rendered once more from what has come,
 * within a time of its own; the areas still missing render in the browser.
 */
function renderFromWhatCame({ tree, modules, apolloState, dataMs, errors, timeoutMs, passes }: FallbackRender) {
  return new Promise<RenderResult>((resolve, reject) => {
    const renderStarted = performance.now();
    const stream = renderToPipeableStream(tree, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        resolve({
          pipe: (destination) => {
            releaseOnEnd(destination, modules);
            stream.pipe(destination);
          },
          apolloState,
          modules: modules.rendered(),
          timings: { data: dataMs, render: performance.now() - renderStarted, passes },
          errors,
        });
      },
      onShellError(error) {
        modules.release();
        reject(error);
      },
      onError: areaDigest(errors),
    });
    setTimeout(() => stream.abort(new Error('server render timed out')), timeoutMs).unref();
  });
}

export function createRenderer(options: RendererOptions) {
  const remoteTimeoutMs = options.remoteTimeoutMs ?? 1500;
  const renderTimeoutMs = options.renderTimeoutMs ?? 3000;
  const loader = createRemoteLoader({
    shared: checkedSharedLibs(),
    timeoutMs: remoteTimeoutMs,
    maxReleases: options.maxReleases ?? 12,
    retryAfterMs: 10_000,
    originMap: options.originMap ?? [],
  });

  const plans = createQueryPlans();

  async function render(request: RenderRequest): Promise<RenderResult> {
    const started = performance.now();
    const client = pageClient(options.apiUrl, request, renderTimeoutMs);
    const errors: string[] = [];
    const modules = loader.forRegistry(request.registry);
    const log = new PassLog();
    const tree = pageTree(request, pageSource(modules, request.resolved.page), client, log);
    const signal = AbortSignal.timeout(renderTimeoutMs);
    const key = planKey(request);
    const plan = plans.get(key);
    if (plan) await plans.prefetch(client, plan, signal);
    // Rendered until a pass waits for no query (and every module has loaded), or until the time
    // is up: what is missing then renders in the browser. Each pass is the page's own render
    // (renderToPipeableStream, every boundary inline and the areas' digests), so the pass that
    // waited for nothing IS the page: it is sent as it is. prerenderStatic would render once
    // more to see that nothing new is asked; that pass is answered with the page already made.
    let passes = 0;
    let page: Pass | null = null;
    const prerendered = await prerenderStatic({
      tree,
      signal,
      ignoreResults: true,
      maxRerenders: 5,
      renderFunction: async (node: React.ReactNode) => {
        if (page) return { ...page, prelude: Readable.from([]) };
        passes++;
        log.reset();
        const pass = await renderPass(node, signal);
        if (log.complete) page = pass;
        return pass;
      },
    }).catch((error: unknown) => {
      errors.push(`data: ${(error as Error).message}`);
      return null;
    });
    const apolloState = client.extract();
    if (prerendered && !prerendered.aborted) {
      const pass = prerendered.renderFnResult;
      if (page) plans.learn(key, log);
      errors.push(...pass.errors);
      return {
        pipe: (destination) => {
          releaseOnEnd(destination, modules);
          destination.end(pass.html);
        },
        apolloState,
        modules: modules.rendered(),
        // `data`: the queries, the modules and the passes that asked for more; `render`: the
        // pass whose HTML is the page.
        timings: { data: pass.started - started, render: pass.ended - pass.started, passes },
        errors,
      };
    }
    const dataMs = performance.now() - started;
    return await renderFromWhatCame({
      tree,
      modules,
      apolloState,
      dataMs,
      errors,
      timeoutMs: renderTimeoutMs,
      passes: passes + 1,
    });
  }

  return { render, loadedReleases: loader.loaded, clear: loader.clear };
}
