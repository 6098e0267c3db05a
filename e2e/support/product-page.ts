import type { APIRequestContext, Page } from '@playwright/test';
import { gql } from './catalog.ts';

/** A product (colour variant) as the product-page specs need it, straight from the running API. */
export interface ApiProduct {
  id: string;
  name: string;
  sku: string;
  webPath: string;
  brand: { name: string; webPath: string };
  minPriceInRUB: number;
  mainCategory: { id: string; name: string; webPath: string };
  variants: { id: string; colorName: string; webPath: string }[];
  gallery: { id: string; url: string }[];
  technicalAttributes: { title: string; text: string | null }[];
  offers: { id: string; size: string; priceInRUB: number; stock: number; soldOut: boolean }[];
}

const PRODUCTS = `query($offset: Int) { products(limit: 12, offset: $offset) { items {
  id name sku webPath minPriceInRUB brand { name webPath } mainCategory { id name webPath }
  variants { id colorName webPath } gallery { id url } technicalAttributes { title text }
  offers { id size priceInRUB stock soldOut } } } }`;

/** The first product of the catalogue that `fits`; fails loudly when the seed has none. */
export async function findProduct(request: APIRequestContext, what: string, fits: (p: ApiProduct) => boolean): Promise<ApiProduct> {
  for (let offset = 0; offset < 240; offset += 12) {
    const data = await gql<{ products: { items: ApiProduct[] } }>(request, PRODUCTS, { offset });
    const found = data.products.items.find(fits);
    if (found) return found;
    if (data.products.items.length < 12) break;
  }
  throw new Error(`the seeded catalogue has no product with ${what}`);
}

/** Several colours, a sold-out size and sizes at different prices: the page's every rule shows on it. */
export function richProduct(request: APIRequestContext): Promise<ApiProduct> {
  return findProduct(request, 'colours, a sold-out size and two prices', (p) => {
    const inStock = p.offers.filter((o) => !o.soldOut);
    return (
      p.variants.length > 1 &&
      p.offers.some((o) => o.soldOut) &&
      new Set(inStock.map((o) => o.priceInRUB)).size > 1 &&
      p.technicalAttributes.length > 0
    );
  });
}

/** A product with at least `count` photos. */
export function productWithPhotos(request: APIRequestContext, count: number): Promise<ApiProduct> {
  return findProduct(request, `${count} photos`, (p) => p.gallery.length >= count);
}

/** «12 990 ₽» as the page writes it (no-break spaces). */
export function rub(amount: number): string {
  return new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }).format(amount);
}

/** The cookie notice and the search tooltip are dismissed, as for a returning shopper, so nothing covers the page. */
export async function asReturningShopper(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('cookiesAccepted', 'true');
    localStorage.setItem('shop-search-tooltip-seen', 'true');
  });
}
