import { ShellContext, type ShellContextValue } from '@shop/mf-shared';
import { useMemo } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { LoadProgress } from './federation/load-progress.tsx';
import { RemoteSlot } from './federation/remote-slot.tsx';
import { Header } from './layout/header.tsx';
import { NotFoundPage } from './layout/not-found-page.tsx';
import type { PublicConfig } from './page-state.ts';

export function App({ config }: { config: PublicConfig }) {
  const shell = useMemo<ShellContextValue>(
    () => ({ shopName: config.shopName, contacts: config.contacts, hostVersion: __APP_VERSION__ }),
    [config],
  );
  return (
    <ShellContext.Provider value={shell}>
      <LoadProgress />
      <Header />
      <main id="main">
        <Routes>
          <Route path="/" element={<RemoteSlot id="mf_catalog/HomePage" />} />
          <Route path="/search" element={<RemoteSlot id="mf_catalog/SearchPage" />} />
          <Route path="/product/:id" element={<ProductRoute />} />
          <Route path="/cart" element={<RemoteSlot id="mf_cart/CartPage" />} />
          <Route path="/checkout" element={<RemoteSlot id="mf_cart/CheckoutPage" />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      <RemoteSlot id="mf_cart/CartOverlay" skeleton="none" />
    </ShellContext.Provider>
  );
}

function ProductRoute() {
  const { id = '' } = useParams();
  return <RemoteSlot id="mf_product/ProductPage" props={{ id }} />;
}
