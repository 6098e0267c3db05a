import { createConfig } from '../rspack.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      name: 'mf_product',
      kind: 'remote',
      dir: import.meta.dirname,
      exposes: {
      './ProductPage': './src/pages/product-page.tsx',
      },
      devPort: 3102,
    },
    argv,
  );
