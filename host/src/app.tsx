import { ShellContext, type ShellContextValue } from '@shop/mf-shared';
import { useMemo } from 'react';
import { CookieNotice } from './cookie/cookie-notice.tsx';
import { LoadProgress } from './federation/load-progress.tsx';
import { RemoteSlot } from './federation/remote-slot.tsx';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import type { PublicConfig } from './page-state.ts';
import { PageRouter } from './routing/page-router.tsx';
import { ScrollToTop } from './routing/scroll-to-top.tsx';
import { SearchIntroProvider } from './search/search-intro.tsx';
import styles from './app.module.css';

export function App({ config }: { config: PublicConfig }) {
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
        <a href="#main" className={styles.skip}>
          Перейти к содержимому
        </a>
        <Header config={config} />
        <ScrollToTop />
        <main id="main" className={styles.main}>
          <PageRouter />
        </main>
        <Footer reviewsUrl={config.reviewsUrl} />
        <RemoteSlot id="mf_cart/CartOverlay" skeleton="none" />
        <CookieNotice />
      </SearchIntroProvider>
    </ShellContext.Provider>
  );
}
