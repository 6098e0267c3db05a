import { createConfig } from '../rspack.base.ts';

export default (_env: unknown, argv: { mode?: string }) =>
  createConfig(
    {
      name: 'mf_catalog',
      kind: 'remote',
      dir: import.meta.dirname,
      exposes: {
        './HomePage': './src/pages/home-page.tsx',
        './ListingPage': './src/pages/listing-page.tsx',
        './SearchPage': './src/pages/search-page.tsx',
        './FavouritesPage': './src/pages/favourites-page.tsx',
        './ProductCard': './src/pages/product-card.tsx',
        './ProductSlider': './src/pages/product-slider.tsx',
      },
      devPort: 3101,
    },
    argv,
  );
