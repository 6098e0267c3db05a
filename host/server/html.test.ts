import { describe, expect, it } from 'vitest';
import { renderPage, startAfterFirstPaint } from './html.ts';

const template =
  '<html><head><!--app-head--></head><body><div id="root"></div><!--app-state--><script defer src="/static/main.1.js"></script></body></html>';

describe('a server-rendered page starts its scripts after it shows', () => {
  it('has no deferred entry script; one inline starter under the nonce names the entry, the preloads and the print links', () => {
    const page = startAfterFirstPaint(template, 'n0nce', {
      preload: ['/static/1.js', 'http://localhost:3001/0.1.0-1/remoteEntry.js'],
      printStyles: ['/static/1.css'],
    });
    expect(page).not.toContain('<script defer');
    const starter = page.match(/<script nonce="n0nce">([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(starter).toContain('"main":"/static/main.1.js"');
    expect(starter).toContain('"preload":["/static/1.js","http://localhost:3001/0.1.0-1/remoteEntry.js"]');
    expect(starter).toContain('"styles":["/static/1.css"]');
    expect(starter).toContain("getEntriesByName('first-contentful-paint')");
    expect(starter).toContain('supportedEntryTypes');
    // the rest of the template is as it was
    expect(renderPage(page, { head: '', body: '<p>x</p>', state: {} })).toContain('<div id="root"><p>x</p></div>');
  });

  it('cannot be closed early by a file name', () => {
    const page = startAfterFirstPaint(template, 'n"once', { preload: ['/static/</script><script>alert(1)//.js'], printStyles: [] });
    expect(page).toContain('<script nonce="n&quot;once">');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
  });
});
