import { expect } from 'vitest';

// The only markup the letters' templates write. A value that escaped its escaping would show up
// as another tag (<script>, <img>, <iframe>…), another attribute (onerror=…) or a link elsewhere.
const TAGS = new Set(['!doctype', 'html', 'head', 'meta', 'title', 'body', 'div', 'table', 'tr', 'td', 'h1', 'h2', 'p', 'a', 'br', 'span', 'b']);
/** The carriers' tracking pages, the one kind of link a letter has outside the shop (contracts trackingUrl). */
const CARRIER_PAGES = ['https://www.cdek.ru/ru/tracking/?', 'https://www.pochta.ru/tracking?'];
const ATTRIBUTES = new Set(['lang', 'charset', 'name', 'content', 'style', 'role', 'width', 'cellpadding', 'cellspacing', 'align', 'href']);

/**
 * Every tag of `html` is one the templates write, with only their attributes (double-quoted
 * values), every link goes to the shop (`shopUrl`), a carrier's tracking page, a phone or an address, and nothing is
 * loaded from anywhere (no src, no url(…), no stylesheet).
 */
export function expectInertHtml(html: string, shopUrl: string) {
  for (const [, close, name, rest] of html.matchAll(/<(\/?)([!a-z0-9]+)([^>]*)>/gi)) {
    const tag = (name as string).toLowerCase();
    expect(TAGS, `tag <${tag}>`).toContain(tag);
    if (close || tag === '!doctype') continue;
    const leftover = (rest as string).replace(/\s([a-z-]+)="([^"<>]*)"/gi, (_m, attr: string, value: string) => {
      expect(ATTRIBUTES, `attribute ${attr} on <${tag}>`).toContain(attr.toLowerCase());
      if (attr === 'href')
        expect(value.startsWith(shopUrl) || CARRIER_PAGES.some((page) => value.startsWith(page)) || /^(tel:\+?\d+|mailto:)/.test(value), `href ${value}`).toBe(true);
      if (attr === 'style') expect(value).not.toMatch(/url\(|expression|@import/i);
      return '';
    });
    expect(leftover.trim(), `<${tag}${rest}>`).toBe('');
  }
}
