/** Serialises data for a `<script type="application/json">` block: `<` is escaped so no text can close the tag. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface PageHtml {
  head: string;
  /** The server-rendered app (inside #root); none: the browser renders it. */
  body?: string;
  state: unknown;
}

export function renderPage(template: string, page: PageHtml): string {
  // functions as replacements: a `$&` in rendered catalogue text must stay text
  return template
    .replace('<!--app-head-->', () => page.head)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body ?? ''}</div>`)
    .replace('<!--app-state-->', () => `<script type="application/json" id="shop-state">${jsonForHtml(page.state)}</script>`);
}

/** The short Russian page for a request the server refuses (bad address, bad Host, too long). */
export function errorPageHtml(text: string): string {
  return `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Ошибка запроса</title><p>${escapeHtml(text)}</p><p><a href="/">На главную</a></p></html>`;
}
