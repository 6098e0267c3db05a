/**
 * An address as the counter may see it: an order page's access key (`?key=`, it opens the order)
 * is cut out of the page hit and of the referer of the next one; everything else is kept.
 */
export function withoutOrderKey(url: string): string {
  const match = /^((?:https?:\/\/[^/]+)?\/order\/[^?#]*)\?([^#]*)(#.*)?$/.exec(url);
  if (!match) return url;
  const params = new URLSearchParams(match[2]);
  if (!params.has('key')) return url;
  params.delete('key');
  const rest = params.toString();
  return `${match[1]}${rest ? `?${rest}` : ''}${match[3] ?? ''}`;
}
