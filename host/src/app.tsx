import { ShellContext, type ShellContextValue, useCart } from '@shop/mf-shared';
import { useEffect, useMemo, useState } from 'react';
import { CookieNotice } from './cookie/cookie-notice.tsx';
import { LoadProgress } from './federation/load-progress.tsx';
import { PreviewBanner } from './federation/preview-banner.tsx';
import { RemoteSlot } from './federation/remote-slot.tsx';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import type { PageState, PublicConfig } from './page-state.ts';
import { PageRouter } from './routing/page-router.tsx';
import { usePrefetchOnIntent } from './routing/prefetch-on-intent.ts';
import { ScrollToTop } from './routing/scroll-to-top.tsx';
import { SearchIntroProvider } from './search/search-intro.tsx';
import styles from './app.module.css';

export function App({ config, preview }: { config: PublicConfig; preview?: PageState['preview'] }) {
  usePrefetchOnIntent();
  const shell = useMemo<ShellContextValue>(
    () => ({
      shopName: config.shopName,
      contacts: config.contacts,
      reviewsUrl: config.reviewsUrl,
      hostVersion: __APP_VERSION__,
      RemoteSlot,
    }),
    [config],
  );
  return (
    <ShellContext.Provider value={shell}>
      <SearchIntroProvider>
        <LoadProgress />
        <PreviewBanner preview={preview} />
        <a href="#main" className={styles.skip}>
          Перейти к содержимому
        </a>
        {/* In the flow above the header, never over the page (overlays rule: cookie-notice.tsx). */}
        <CookieNotice />
        <Header config={config} />
        <ScrollToTop />
        <main id="main" className={styles.main}>
          <PageRouter />
        </main>
        <Footer reviewsUrl={config.reviewsUrl} />
        <CartOverlaySlot />
      </SearchIntroProvider>
    </ShellContext.Provider>
  );
}

/**
 * The cart remote's overlay (quick-cart panel and «Товар в корзине!» toast) is mounted only
 * once the shopper needs it: the panel is asked for or something is added. Until then the
 * page loads no cart code (its entry and overlay: ~21 KB gzip off every first load). Both
 * work when mounted late: the panel opens from the store's `panelOpen`, the toast shows
 * the store's `lastAdded` while it is recent.
 */
function CartOverlaySlot() {
  const wanted = useCart((state) => state.panelOpen || state.lastAdded !== null);
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);
  return mounted ? <RemoteSlot id="mf_cart/CartOverlay" skeleton="none" /> : null;
}
