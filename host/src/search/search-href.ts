import { PAGES } from '@shop/contracts/pages';

/** Where search results live. */
export const SEARCH_PATH = PAGES.SEARCH.fixed.path;

/** `/search?…` with every value encoded (PRODUCT.md: the spec's unencoded text is a defect). */
export function searchHref(params: Record<string, string>): string {
  return `${SEARCH_PATH}?${new URLSearchParams(params).toString()}`;
}
