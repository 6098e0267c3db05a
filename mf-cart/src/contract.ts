// Type-level check that every exposed module matches the federation contract in mf-shared.
import type { RemoteModules } from '@shop/contracts/remotes';
import CartOverlay from './pages/cart-overlay.tsx';
import CartPage from './pages/cart-page.tsx';
import CheckoutPage from './pages/checkout-page.tsx';
import OrderPage from './pages/order-page.tsx';

export const exposed = {
  'mf_cart/CartPage': CartPage,
  'mf_cart/CheckoutPage': CheckoutPage,
  'mf_cart/OrderPage': OrderPage,
  'mf_cart/CartOverlay': CartOverlay,
} satisfies Partial<RemoteModules>;
