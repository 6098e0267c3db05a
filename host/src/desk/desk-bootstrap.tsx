import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter } from 'react-router-dom';
import { DEFAULT_CONFIG, readPageState } from '../page-state.ts';
import { DeskApp } from './desk-app.tsx';
import { DeskSessionProvider } from './session/desk-session.tsx';
import '../global.css';

/**
 * The orders desk's start, loaded instead of the storefront's bootstrap on /admin paths
 * (index.ts): no registry, remotes, Apollo, analytics, cookie notice, menus or search. The
 * shopper's pages never load this chunk.
 */
function CrashPage() {
  return (
    <div role="alert" style={{ maxWidth: 520, margin: '40px auto', padding: 16 }}>
      <h1>Что-то пошло не так</h1>
      <p>Страница раздела заказов не смогла отобразиться. Обновите её; если не поможет — сообщите владельцу магазина.</p>
      <button type="button" onClick={() => location.reload()}>
        Обновить страницу
      </button>
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');
const shopName = readPageState().config?.shopName || DEFAULT_CONFIG.shopName;
createRoot(root).render(
  <StrictMode>
    <ErrorBoundary FallbackComponent={CrashPage} onError={(error) => console.error('[desk]', error)}>
      <BrowserRouter>
        <DeskSessionProvider>
          <DeskApp shopName={shopName} />
        </DeskSessionProvider>
      </BrowserRouter>
    </ErrorBoundary>
  </StrictMode>,
);
