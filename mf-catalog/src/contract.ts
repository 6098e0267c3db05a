// Type-level check that every exposed module matches the federation contract in mf-shared.
import type { RemoteModules } from '@shop/contracts/remotes';
import FavouritesPage from './pages/favourites-page.tsx';
import HomePage from './pages/home-page.tsx';
import ListingPage from './pages/listing-page.tsx';
import ProductCard from './pages/product-card.tsx';
import ProductSlider from './pages/product-slider.tsx';
import SearchPage from './pages/search-page.tsx';

export const exposed = {
  'mf_catalog/HomePage': HomePage,
  'mf_catalog/ListingPage': ListingPage,
  'mf_catalog/SearchPage': SearchPage,
  'mf_catalog/FavouritesPage': FavouritesPage,
  'mf_catalog/ProductCard': ProductCard,
  'mf_catalog/ProductSlider': ProductSlider,
} satisfies Partial<RemoteModules>;
