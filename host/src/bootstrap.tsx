import { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient, reportApp, syncCartAcrossTabs } from '@shop/mf-shared';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { App } from './app.tsx';
import { readRegistry } from './federation/registry.ts';
import { applyRegistry } from './federation/remotes.ts';
import { DEFAULT_CONFIG, readPageState } from './page-state.ts';
import './global.css';

reportApp('host', __APP_VERSION__, { createElement, ApolloClient, useNavigate });

const state = readPageState();
const config = { ...DEFAULT_CONFIG, ...state.config };
// A registry that cannot be read leaves every remote area on its error message; the
// shell itself (header, cart count) still renders.
const registry = await readRegistry(state.registry).catch((error: unknown) => {
  console.error('[shop] registry unavailable', error);
  return {};
});
applyRegistry(registry);
syncCartAcrossTabs();

const client = createApolloClient();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');
createRoot(root).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <BrowserRouter>
        <App config={config} />
      </BrowserRouter>
    </ApolloProvider>
  </StrictMode>,
);
