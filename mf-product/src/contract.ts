// Type-level check that every exposed module matches the federation contract in mf-shared.
import type { RemoteModules } from '@shop/contracts/remotes';
import ProductPage from './pages/product-page.tsx';

export const exposed = {
  'mf_product/ProductPage': ProductPage,
} satisfies Partial<RemoteModules>;
