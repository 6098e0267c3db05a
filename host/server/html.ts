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

/**
 * Marks the page's `<html>` for a shop with no contact configured: the stylesheet then hides every
 * link to the contacts section (a footer with no way to write is a dead end), the remotes' links
 * («Написать нам») included, from the first paint and without the page's scripts.
 */
export function markContacts(template: string, contacts: Record<string, string | undefined>): string {
  if (Object.values(contacts).some(Boolean)) return template;
  return template.replace(/<html\b/, '<html data-contacts="none"');
}

/**
 * A server-rendered page starts its scripts once it shows: after the browser reports its first
 * contentful paint and the page's high-priority images (the listing's first photos, the product's
 * photo: its largest paint) have loaded, been decoded and had a frame to be drawn in, at the
 * latest after `START_AT_LATEST_MS`. Requests started before the largest paint count towards it
 * in Lighthouse's slowed phone: a photo loaded but drawn a frame after the scripts were asked for
 * had the whole 240 KB of script in its LCP (2.9 s instead of 1.1). Until then the
 * HTML is the page (its links work as plain links). The host's entry, a deferred script in the
 * template, and the preloads of the shell's and the page remote's files are written by this short
 * script instead.
 *
 * Why: deferred and preloaded from the head, the scripts (about 260 KB) download beside the HTML and
 * the photos and run as soon as the HTML is parsed, which on a fast connection is before the first
 * paint. A phone on slow 4G then shares its bandwidth between the scripts and the photos, and
 * Lighthouse counts the scripts' download into the first paint (FCP 2.4–3.1 s instead of about
 * 0.9 s in the benchmark, reports/web-bench-notes.md). A page the browser renders itself keeps the
 * deferred script and the preloads (it shows nothing before its scripts run).
 *
 * `printStyles`: the stylesheets the page has inline (preload.ts pageStylesheets), linked with
 * `media="print"` before the scripts run so their CSS loading finds them.
 */
export const START_AT_LATEST_MS = 2500;

export function startAfterFirstPaint(
  template: string,
  files: { preload: string[]; printStyles: string[] },
): string {
  return template.replace(/<script defer src="([^"]+)"><\/script>/g, (_, main: string) => {
    const data = jsonForHtml({ main, preload: files.preload, styles: files.printStyles, latest: START_AT_LATEST_MS });
    return `<script>${START_SCRIPT.replace('DATA', () => data)}</script>`;
  });
}

// Kept to what every browser the shop supports runs as is (no build step for this one inline script).
// A browser without paint timing starts after its next frame instead. A shopper who touches or
// types before then starts the scripts at once (what they tapped is plain HTML until they run). The latest start is set first:
// nothing that fails after it (an observer that throws) can leave the page without its scripts.
// The links go into the head a few per insertion, one insertion per task, then the entry: each
// link starts its request at once (about 0.5 ms here, with Lighthouse's tracing on), so the ~20 in
// one task made a 20–40 ms task, which Lighthouse's phone counts four times over; one insertion
// per link cost more (~10 ms each on the slowed phone). A shopper who touches the page gets them
// all in one task, or all that are left in the next one: they are waiting for it.
const LINKS_PER_TASK = 4;
const START_SCRIPT = `(function(d){var started=false,per=${LINKS_PER_TASK};setTimeout(now,d.latest);['pointerdown','keydown'].forEach(function(t){window.addEventListener(t,now,{once:true,passive:true})});function add(to,tag,props){var e=document.createElement(tag);for(var k in props)e[k]=props[k];to.appendChild(e)}
function now(){per=0;start()}
function start(){if(started)return;started=true;var links=d.styles.map(function(h){return{rel:'stylesheet',media:'print',href:h}}).concat(d.preload.map(function(h){return{rel:'preload',as:'script',href:h}}));(function next(){var f=document.createDocumentFragment();links.splice(0,per||links.length).forEach(function(l){add(f,'link',l)});document.head.appendChild(f);if(links.length)setTimeout(next,0);else add(document.body,'script',{src:d.main})})()}
function shown(i){return new Promise(function(done){if(i.complete)done();else{i.addEventListener('load',done);i.addEventListener('error',done)}}).then(function(){return i.decode&&i.decode()}).catch(function(){})}
function afterImages(){Promise.all([].map.call(document.querySelectorAll('img[fetchpriority=high]'),shown)).then(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}
var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();afterImages()}}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){setTimeout(afterImages,0)})})(DATA)`;

/** The short Russian page for a request the server refuses (bad address, bad Host, too long). */
export function errorPageHtml(text: string): string {
  return `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Ошибка запроса</title><p>${escapeHtml(text)}</p><p><a href="/">На главную</a></p></html>`;
}
