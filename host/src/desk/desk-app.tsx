import { Link, Navigate, useLocation } from 'react-router-dom';
import { CatalogPage } from './catalog/catalog-page.tsx';
import { DESK_PATHS, DESK_ROOT } from './desk-path.ts';
import { OrderPage } from './order/order-page.tsx';
import { OrdersPage } from './orders/orders-page.tsx';
import { signInHref, useDeskSession } from './session/desk-session.tsx';
import { SignInPage } from './session/sign-in-page.tsx';
import { DeskHeader } from './ui/desk-header.tsx';
import { LoadError } from './ui/load-error.tsx';
import { Loading } from './ui/loading.tsx';
import styles from './ui/desk.module.css';

/**
 * The desk's pages by path. Only react-router exports the storefront already shares are used
 * (TREE_SHAKEN_SHARED in scripts/lib/federation-shared.ts), so the desk adds nothing to the shared copy; three
 * paths need no route table.
 */
function DeskRoutes() {
  const session = useDeskSession();
  const { pathname, search } = useLocation();
  if (pathname === DESK_PATHS.signIn) return <SignInPage />;
  if (session.state.kind === 'checking') return <Loading />;
  if (session.state.kind === 'unknown') {
    return <LoadError title="Не удалось открыть раздел заказов" error={session.state.error} onRetry={session.recheck} />;
  }
  if (session.state.kind === 'signed-out') return <Navigate to={signInHref(pathname + search)} replace />;
  if (pathname === DESK_ROOT || pathname === `${DESK_ROOT}/` || pathname === `${DESK_PATHS.orders}/`) {
    return <Navigate to={DESK_PATHS.orders + search} replace />;
  }
  if (pathname === DESK_PATHS.orders) return <OrdersPage />;
  if (pathname === DESK_PATHS.catalog) return <CatalogPage />;
  const order = /^\/admin\/orders\/([^/]+)\/?$/.exec(pathname);
  if (order?.[1]) {
    let number = order[1];
    try {
      number = decodeURIComponent(number);
    } catch {
      // an undecodable number is looked up as written: the API answers «Заказ не найден»
    }
    return <OrderPage key={number} number={number} />;
  }
  return (
    <section>
      <h1>Страница не найдена</h1>
      <p>
        <Link to={DESK_PATHS.orders}>К списку заказов</Link>
      </p>
    </section>
  );
}

export function DeskApp({ shopName }: { shopName: string }) {
  return (
    <div className={styles.shell}>
      <DeskHeader shopName={shopName} />
      <main id="main" className={styles.main}>
        <DeskRoutes />
      </main>
      <footer className={styles.footer}>
        <a href="/">Перейти в магазин</a>
      </footer>
    </div>
  );
}
