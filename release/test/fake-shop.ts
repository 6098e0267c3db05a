import { formatPrice } from '@shop/contracts/format';
import type { CatalogueSample } from '../src/catalogue/api-client.ts';
import { createApiClient } from '../src/catalogue/api-client.ts';

/**
 * A fake shop's pages for the smoke's tests: what a good release of each remote shows for the
 * catalogue in the test database (the API's own sample, as the smoke reads it), with the markers
 * the real remotes carry (landmarks, product cards with a name and a price, the product page's
 * heading, price, size radios and «В корзину», the header's cart count).
 */

/** The catalogue as the smoke will see it, from the in-process API at API_URL (test-env.ts). */
export function catalogueSample(opsToken: string | undefined): Promise<CatalogueSample> {
  return createApiClient({ apiUrl: process.env.API_URL as string, opsToken }).sample();
}

export type PageKind = 'HOME' | 'LISTING' | 'FAVOURITES' | 'PRODUCT' | 'OTHER';

/** Which page a path shows in this catalogue. */
export function pageKind(sample: CatalogueSample, pathname: string): PageKind {
  const p = sample.product;
  if (pathname === '/') return 'HOME';
  if (pathname === '/search' || pathname === p?.mainCategory.webPath || pathname === p?.brand.webPath) return 'LISTING';
  if (pathname === '/favourites') return 'FAVOURITES';
  if (pathname === p?.webPath) return 'PRODUCT';
  return 'OTHER';
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Three product cards: the sample's product (its brand and name, so a search for its word finds it) and its price. */
export function cards(sample: CatalogueSample): string {
  const p = sample.product;
  if (!p) return '';
  const card = `<article data-testid="product-card"><a href="${esc(p.webPath)}">${esc(p.brand.name)} ${esc(p.name)}</a><span>${formatPrice(p.offer.priceInRUB)}</span></article>`;
  return card.repeat(3);
}

/** The product page: heading, price, a size radio and «В корзину», which puts one item in the header's count. */
export function productPage(sample: CatalogueSample): string {
  const p = sample.product;
  if (!p) return '';
  return `<section data-testid="product-page"><h1>${esc(p.name)}</h1>
<p data-testid="product-price">${formatPrice(p.offer.priceInRUB)}</p>
<fieldset><label data-testid="size-option"><input type="radio" name="size" aria-label="${esc(p.offer.size)}">${esc(p.offer.size)}</label></fieldset>
<button type="button" onclick="document.querySelector('[data-testid=cart-count]').textContent = '1'">В корзину</button></section>`;
}

/** What a good release shows in its area on this page. */
export function goodArea(sample: CatalogueSample, kind: PageKind): string {
  switch (kind) {
    case 'HOME':
      return `<div data-testid="catalog-home">${cards(sample)}</div>`;
    case 'LISTING':
      return `<div data-testid="catalog-listing">${cards(sample)}</div>`;
    case 'FAVOURITES':
      return `<div data-testid="favourites-page">${cards(sample)}</div>`;
    case 'PRODUCT':
      return productPage(sample);
    default:
      return '';
  }
}

/** The host's page around an area: the header's cart count, the remote's live slot, scripts after it. */
export function shopPage(remote: string, area: string, scripts = ''): string {
  return `<!doctype html><html lang="ru" data-live><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Магазин</title></head><body>
<header><button type="button" aria-label="Корзина: 0 товаров"><span data-testid="cart-count">0</span></button></header>
<div data-remote="${remote}" data-ready>${area}</div>
${scripts}
</body></html>`;
}
