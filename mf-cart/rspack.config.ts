import { createConfig } from '../rspack.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      name: 'mf_cart',
      kind: 'remote',
      dir: import.meta.dirname,
      exposes: {
      './CartPage': './src/pages/cart-page.tsx',
      './CheckoutPage': './src/pages/checkout-page.tsx',
      './OrderPage': './src/pages/order-page.tsx',
      './CartOverlay': './src/pages/cart-overlay.tsx',
      },
      devPort: 3103,
    },
    argv,
  );
