/** `/search?…` with every value encoded (PRODUCT.md: the spec's unencoded text is a defect). */
export function searchHref(params: Record<string, string>): string {
  return `/search?${new URLSearchParams(params).toString()}`;
}
