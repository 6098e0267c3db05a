import { CartToast } from '../quick-cart/cart-toast.tsx';
import { QuickCartPanel } from '../quick-cart/quick-cart-panel.tsx';
import '../report.ts';

/** Mounted once by the host on every page: the quick-cart panel and the «Товар в корзине!» toast. */
export default function CartOverlay() {
  return (
    <>
      <QuickCartPanel />
      <CartToast />
    </>
  );
}
