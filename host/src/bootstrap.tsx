import { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import {
  beginHydration,
  configureCounter,
  createApolloClient,
  ensureVisitorId,
  identifyVisitor,
  reportApp,
  settleHydration,
  syncCartAcrossTabs,
  syncFavouritesAcrossTabs,
} from '@shop/mf-shared';
import { createElement, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { App } from './app.tsx';
import { loadCounterScript } from './analytics/counter-script.ts';
import { readRegistry } from './federation/registry.ts';
import { SERVER_AREA_DIGEST } from './federation/module-source.ts';
import { loadServerAreas } from './federation/remote-slot.tsx';
import { applyRegistry } from './federation/remotes.ts';
import { type PageType, ResolvePageDocument } from './graphql/generated.ts';
import { nextTask } from './next-task.ts';
import { DEFAULT_CONFIG, readPageState } from './page-state.ts';
import './global.css';

/** How long a server-rendered page waits for its areas' code before it hydrates without it. */
const AREA_CODE_WAIT_MS = 5000;

reportApp('host', __APP_VERSION__, { createElement, ApolloClient, useNavigate });

async function main() {
  const state = readPageState();
  const config = { ...DEFAULT_CONFIG, ...state.config };

  configureCounter(config.counterId ?? null);
  if (config.counterId) loadCounterScript(config.counterId);
  const visitor = ensureVisitorId();
  void identifyVisitor(visitor.id);

  // A registry that cannot be read leaves every remote area on its error message; the
  // shell itself (header, cart count) still renders.
  // A visitor whose cookie alone was cleared got a new id from the server, and the inline
  // registry (its canary choice) was made for that id: ask again with the restored cookie.
  // A server-rendered page hydrates with the releases it was rendered with.
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  const serverRendered = root.firstElementChild !== null;
  const registry = await readRegistry(visitor.restored && !serverRendered ? null : state.registry).catch((error: unknown) => {
    console.error('[shop] registry unavailable', error);
    return {};
  });
  applyRegistry(registry);
  syncCartAcrossTabs();
  syncFavouritesAcrossTabs();
  await nextTask();

  const client = createApolloClient();
  // the answers the server rendered the page with: the first render asks nothing again
  if (state.apollo) client.cache.restore(state.apollo as Parameters<typeof client.cache.restore>[0]);
  if (state.resolved && state.resolved.path === location.pathname) {
    const { page } = state.resolved;
    client.writeQuery({
      query: ResolvePageDocument,
      variables: { path: state.resolved.path, query: '' },
      data: { __typename: 'Query', resolvePage: { __typename: 'ResolvedPage', ...page, type: page.type as PageType } },
    });
  }

  await nextTask();

  const app = (
    <StrictMode>
      <ApolloProvider client={client}>
        <BrowserRouter>
          <App config={config} preview={state.preview} />
        </BrowserRouter>
      </ApolloProvider>
      <Live />
    </StrictMode>
  );
  if (serverRendered) {
    await loadServerAreas(state.modules ?? [], AREA_CODE_WAIT_MS);
    // As a transition: React then hydrates in slices that yield to the shopper's input (at the
    // default lane it hydrates the whole page in one long task: ~700 ms on a slowed phone's home).
    beginHydration();
    startTransition(() => {
      hydrateRoot(root, app, { onRecoverableError });
    });
  } else {
    createRoot(root).render(app);
  }
}

/**
 * `<html data-live>` once the shell runs in this browser (hydrated or rendered) and what only the
 * browser knows (storage, media queries) is shown: before that a server-rendered page looks the
 * same but does not answer clicks. Each remote area says so itself (`data-ready`,
 * remote-slot.tsx). Browser tests wait for both.
 *
 * The shell commits first; the remote areas' boundaries hydrate after it in the scheduler's
 * slices, so the first idle moment comes after them.
 */
function Live() {
  useEffect(() => {
    const settle = () => {
      settleHydration();
      document.documentElement.dataset.live = '';
    };
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(settle, { timeout: 2000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(settle, 200);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/**
 * A remote area the server could not render (its release failed, hung past its timeout or
 * threw there) reaches the browser as its Suspense fallback, and React renders it here: that is
 * the design (host/src/federation/remote-slot.tsx), reported as a warning. Anything else React
 * recovers from (a hydration mismatch) is an error.
 */
function onRecoverableError(error: unknown) {
  const digest = (error as { digest?: string } | null)?.digest;
  if (digest?.startsWith(SERVER_AREA_DIGEST)) {
    console.warn('[shop] a remote area was rendered in the browser:', digest);
    return;
  }
  console.error('[shop] hydration:', error);
}

void main();
