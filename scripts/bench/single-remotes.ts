/**
 * Stands in for host/src/federation/remotes.ts in the single-bundle benchmark build: the
 * same exposed modules, imported statically, so the whole shop is one plain bundle.
 */
import type { RemoteModuleId, RemoteModules, RemoteRegistry } from '@shop/contracts/remotes';
import CartOverlay from '../../mf-cart/src/pages/cart-overlay.tsx';
import CartPage from '../../mf-cart/src/pages/cart-page.tsx';
import CheckoutPage from '../../mf-cart/src/pages/checkout-page.tsx';
import OrderPage from '../../mf-cart/src/pages/order-page.tsx';
import FavouritesPage from '../../mf-catalog/src/pages/favourites-page.tsx';
import HomePage from '../../mf-catalog/src/pages/home-page.tsx';
import ListingPage from '../../mf-catalog/src/pages/listing-page.tsx';
import ProductCard from '../../mf-catalog/src/pages/product-card.tsx';
import ProductSlider from '../../mf-catalog/src/pages/product-slider.tsx';
import SearchPage from '../../mf-catalog/src/pages/search-page.tsx';
import ProductPage from '../../mf-product/src/pages/product-page.tsx';

const modules: RemoteModules = {
  'mf_catalog/HomePage': HomePage,
  'mf_catalog/ListingPage': ListingPage,
  'mf_catalog/SearchPage': SearchPage,
  'mf_catalog/FavouritesPage': FavouritesPage,
  'mf_catalog/ProductCard': ProductCard,
  'mf_catalog/ProductSlider': ProductSlider,
  'mf_product/ProductPage': ProductPage,
  'mf_cart/CartPage': CartPage,
  'mf_cart/CheckoutPage': CheckoutPage,
  'mf_cart/OrderPage': OrderPage,
  'mf_cart/CartOverlay': CartOverlay,
};

export function applyRegistry(_next: RemoteRegistry): void {}

export async function loadRemoteModule<K extends RemoteModuleId>(id: K, _fresh = false): Promise<RemoteModules[K]> {
  return modules[id];
}

/** Everything is in the bundle: every module is loaded from the start. */
export function loadedRemoteModule<K extends RemoteModuleId>(id: K): RemoteModules[K] | undefined {
  return modules[id];
}
