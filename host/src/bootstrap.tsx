import { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import {
  configureCounter,
  createApolloClient,
  ensureVisitorId,
  identifyVisitor,
  reportApp,
  syncCartAcrossTabs,
  syncFavouritesAcrossTabs,
} from '@shop/mf-shared';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { App } from './app.tsx';
import { loadCounterScript } from './analytics/counter-script.ts';
import { readRegistry } from './federation/registry.ts';
import { applyRegistry } from './federation/remotes.ts';
import { type PageType, ResolvePageDocument } from './graphql/generated.ts';
import { DEFAULT_CONFIG, readPageState } from './page-state.ts';
import './global.css';

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
  const registry = await readRegistry(visitor.restored ? null : state.registry).catch((error: unknown) => {
    console.error('[shop] registry unavailable', error);
    return {};
  });
  applyRegistry(registry);
  syncCartAcrossTabs();
  syncFavouritesAcrossTabs();

  const client = createApolloClient();
  if (state.resolved && state.resolved.path === location.pathname) {
    const { page } = state.resolved;
    client.writeQuery({
      query: ResolvePageDocument,
      variables: { path: state.resolved.path, query: '' },
      data: { __typename: 'Query', resolvePage: { __typename: 'ResolvedPage', ...page, type: page.type as PageType } },
    });
  }

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  createRoot(root).render(
    <StrictMode>
      <ApolloProvider client={client}>
        <BrowserRouter>
          <App config={config} preview={state.preview} />
        </BrowserRouter>
      </ApolloProvider>
    </StrictMode>,
  );
}

void main();
