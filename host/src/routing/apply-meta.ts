import type { PageMetaQuery } from '../graphql/generated.ts';

export type Meta = NonNullable<PageMetaQuery['pageMeta']>;

/**
 * Updates the head tags the server rendered for the first page (marked `data-meta`), so a
 * client navigation leaves the same head a fresh load of that URL would have.
 */
export function applyMeta(meta: Meta): void {
  document.title = meta.title;
  for (const el of document.head.querySelectorAll('[data-meta]')) el.remove();
  const tags: [string, Record<string, string>][] = [
    ['meta', { name: 'description', content: meta.description }],
    ['meta', { name: 'keywords', content: meta.keywords }],
    ['meta', { name: 'robots', content: meta.robots }],
    ['link', { rel: 'canonical', href: meta.canonical }],
    ['meta', { property: 'og:title', content: meta.ogTitle }],
    ['meta', { property: 'og:description', content: meta.ogDescription }],
    ['meta', { property: 'og:url', content: meta.ogUrl }],
    ['meta', { property: 'og:type', content: meta.ogType }],
    ...meta.ogImages.map((image): [string, Record<string, string>] => ['meta', { property: 'og:image', content: new URL(image.fullpath, location.origin).href }]),
  ];
  for (const [tag, attributes] of tags) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    el.setAttribute('data-meta', '');
    document.head.append(el);
  }
  if (meta.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = meta.jsonLd;
    script.setAttribute('data-meta', '');
    document.head.append(script);
  }
}
