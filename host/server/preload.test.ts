import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_INLINE_CSS,
  MAX_STYLESHEETS_READ,
  pagePreloads,
  pageStylesheets,
  type RemoteManifest,
  remoteAssets,
  stylesheetReader,
} from './preload.ts';

const manifest: RemoteManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'HomePage', assets: { js: { sync: ['182.a.js', '__federation_expose_HomePage.b.js'], async: ['lazy.js'] }, css: { sync: ['home.css'], async: [] } } },
    { name: 'ListingPage', assets: { js: { sync: ['listing.js'], async: [] }, css: { sync: [], async: [] } } },
  ],
};
const manifestUrl = 'http://localhost:3001/0.1.0-1/mf-manifest.json';

describe('preloads', () => {
  it('lists the remote entry and the exposed module’s sync files beside the manifest', () => {
    expect(remoteAssets(manifestUrl, manifest, 'HomePage')).toEqual({
      scripts: [
        'http://localhost:3001/0.1.0-1/remoteEntry.js',
        'http://localhost:3001/0.1.0-1/182.a.js',
        'http://localhost:3001/0.1.0-1/__federation_expose_HomePage.b.js',
      ],
      styles: ['http://localhost:3001/0.1.0-1/home.css'],
    });
  });

  it('preloads the host start files and the page’s remote, and nothing of a remote for an unknown page', async () => {
    const host = { scripts: ['static/1.js'], styles: ['static/1.css'] };
    const readManifest = async () => manifest;
    const { tags: category, scripts, manifests } = await pagePreloads({ pageType: 'CATEGORY', registry: { mf_catalog: manifestUrl }, host, readManifest });
    expect(manifests).toEqual({ [manifestUrl]: manifest });
    expect(category).toContain('<link rel="preload" as="style" href="/static/1.css">');
    expect(category).toContain('<link rel="preload" as="script" href="/static/1.js">');
    expect(category).toContain('href="http://localhost:3001/0.1.0-1/listing.js"');
    expect(scripts).toEqual(['/static/1.js', 'http://localhost:3001/0.1.0-1/remoteEntry.js', 'http://localhost:3001/0.1.0-1/listing.js']);
    expect(category).not.toContain('HomePage');
    const { tags: none } = await pagePreloads({ pageType: null, registry: { mf_catalog: manifestUrl }, host, readManifest });
    expect(none).not.toContain('3001');
    const { tags: missing, manifests: noManifests } = await pagePreloads({ pageType: 'PRODUCT', registry: {}, host, readManifest });
    expect(noManifests).toEqual({});
    expect(missing).not.toContain('3001');
  });
});

describe('a server-rendered page’s styles', () => {
  // The remote's files are served under a public origin that does not resolve; this server reaches
  // them through the origin map, as the host does inside docker-compose.
  const publicOrigin = 'http://mf-catalog.invalid:3001';
  const served: Record<string, string> = {
    '/0.1.0-1/home.css': '.home{color:red}',
    '/0.1.0-1/quoted.css': '.q::after{content:"</style><script>alert(1)</script>"}',
    '/0.1.0-1/relative.css': '.bg{background:url(bg.png)}',
    '/0.1.0-1/image-set.css': '.hero{background-image:image-set("hero.png" 1x)}',
    // saved with a byte-order mark: a linked file loses it when decoded, text inside <style> keeps it
    '/0.1.0-1/bom.css': '\uFEFF.first{color:red}',
  };
  const asked: string[] = [];
  let server: http.Server;
  let internalOrigin = '';
  let distDir = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      const body = served[req.url ?? ''];
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/css' });
      res.end(body ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    internalOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    distDir = mkdtempSync(path.join(os.tmpdir(), 'host-dist-'));
    mkdirSync(path.join(distDir, 'static'));
    writeFileSync(path.join(distDir, 'static', 'shell.css'), 'header{display:flex}');
    writeFileSync(path.join(distDir, 'static', 'kit-a.css'), '.kit{font:inherit}');
    writeFileSync(path.join(distDir, 'static', 'kit-b.css'), '.kit{font:inherit}');
    writeFileSync(path.join(distDir, 'secret.txt'), 'not a stylesheet');
    mkdirSync(path.join(distDir, 'static-private'));
    writeFileSync(path.join(distDir, 'static-private', 'secret.css'), 'not the build’s static folder');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const styledManifest = (files: string[]): RemoteManifest => ({
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'HomePage', assets: { js: { sync: [], async: [] }, css: { sync: files, async: [] } } }],
  });
  const render = (files: string[], hostStyles = ['static/shell.css']) => {
    const readStylesheet = stylesheetReader({ distDir, originMap: [[publicOrigin, internalOrigin]], ttlMs: 60_000, waitMs: 2000 });
    return pageStylesheets({
      modules: ['mf_catalog/HomePage'],
      registry: { mf_catalog: `${publicOrigin}/0.1.0-1/mf-manifest.json` },
      host: { styles: hostStyles },
      readManifest: async () => styledManifest(files),
      readStylesheet,
    });
  };

  it('puts the shell’s and the rendered remote’s CSS into the HTML, read through the origin map', async () => {
    const { tags, inlined } = await render(['home.css']);
    expect(tags).toContain('<style data-href="/static/shell.css">header{display:flex}</style>');
    expect(tags).toContain(`<style data-href="${publicOrigin}/0.1.0-1/home.css">.home{color:red}</style>`);
    expect(tags).not.toContain('<link');
    expect(inlined).toEqual(['/static/shell.css', `${publicOrigin}/0.1.0-1/home.css`]);
    expect(asked).toContain('/0.1.0-1/home.css');
  });

  it('puts a stylesheet two chunks carry into the HTML once, and marks both addresses as inlined', async () => {
    const { tags, inlined } = await render(['home.css'], ['static/shell.css', 'static/kit-a.css', 'static/kit-b.css']);
    expect(tags.match(/\.kit\{font:inherit\}/g)).toHaveLength(1);
    expect(tags).toContain('<style data-href="/static/kit-a.css">');
    expect(tags).not.toContain('kit-b.css');
    // both are linked for print before the scripts start, so neither loader adds the file again
    expect(inlined).toEqual(['/static/shell.css', '/static/kit-a.css', '/static/kit-b.css', `${publicOrigin}/0.1.0-1/home.css`]);
  });

  it('never lets a stylesheet end its style element; links what it cannot inline', async () => {
    const { tags, inlined } = await render(['quoted.css', 'relative.css', 'missing.css'], ['static/shell.css', '../secret.txt']);
    expect(tags).not.toMatch(/<\/style><script/i);
    // inside <style> only `</style` ends the element; in a CSS string `<\/` reads the same
    expect(tags).toContain('content:"<\\/style><script>alert(1)</script>"');
    // a relative url() would resolve against the page: linked instead
    expect(tags).toContain(`<link rel="stylesheet" href="${publicOrigin}/0.1.0-1/relative.css">`);
    // a file the remote does not serve is linked (the browser reports it), never an empty style
    expect(tags).toContain(`<link rel="stylesheet" href="${publicOrigin}/0.1.0-1/missing.css">`);
    // nothing outside the build's static folder is read into a page
    expect(tags).not.toContain('not a stylesheet');
    expect(inlined).toEqual(['/static/shell.css', `${publicOrigin}/0.1.0-1/quoted.css`]);
  });

  it('reads nothing outside the release’s folder, whatever its manifest names', async () => {
    const before = asked.length;
    const { tags, inlined } = await render([
      `${internalOrigin}/0.1.0-1/home.css`,
      '../0.1.0-2/home.css',
      'http://169.254.169.254/latest/meta-data/',
    ]);
    expect(asked.slice(before)).toEqual([]);
    expect(inlined).toEqual(['/static/shell.css']);
    expect(tags).toContain(`<link rel="stylesheet" href="${internalOrigin}/0.1.0-1/home.css">`);
    expect(tags).toContain('<link rel="stylesheet" href="http://169.254.169.254/latest/meta-data/">');
  });

  it('keeps to the folder when the manifest encodes its slashes, and to the build’s static folder itself', async () => {
    const before = asked.length;
    const { inlined, tags } = await render(
      ['..%2f0.1.0-2%2fhome.css', '..%5C0.1.0-2%5Chome.css'],
      ['static/shell.css', 'static-private/secret.css'],
    );
    // a static server or proxy that decodes %2F or %5C before it resolves `..` would leave the folder
    expect(asked.slice(before)).toEqual([]);
    expect(inlined).toEqual(['/static/shell.css']);
    expect(tags).not.toContain('not the build’s static folder');
  });

  it('inlines a stylesheet saved with a byte-order mark without losing its first rule; links one whose image-set names a relative file', async () => {
    const { tags, inlined } = await render(['bom.css', 'image-set.css']);
    // U+FEFF is not whitespace in CSS: inside <style> it would become part of the first selector, which then matches nothing
    expect(tags).toContain(`data-href="${publicOrigin}/0.1.0-1/bom.css">.first{color:red}</style>`);
    // image-set("hero.png") resolves like url(hero.png): against the page's address once inline
    expect(tags).toContain(`<link rel="stylesheet" href="${publicOrigin}/0.1.0-1/image-set.css">`);
    expect(inlined).toEqual(['/static/shell.css', `${publicOrigin}/0.1.0-1/bom.css`]);
  });

  it('inlines a bounded amount of CSS and reads a bounded number of files, whatever a manifest lists', async () => {
    // a release whose manifest lists forty 150 KB stylesheets (icon fonts as data: URLs, a bug): each page
    // would carry megabytes of CSS inline, compressed per request, and read every file on every page
    const files = Array.from({ length: 40 }, (_, i) => `huge-${i}.css`);
    for (const [i, file] of files.entries()) served[`/0.1.0-1/${file}`] = `.i${i}{background:url(data:font/woff2;base64,${'A'.repeat(60_000)})}`;
    const before = asked.length;
    const { tags, inlined } = await render(files);
    expect(tags.length).toBeLessThan(MAX_INLINE_CSS + 40 * 200);
    expect(inlined.length).toBeLessThan(files.length);
    // every file is still on the page, linked when not inline
    for (const file of files) expect(tags).toContain(`${publicOrigin}/0.1.0-1/${file}"`);
    expect(asked.length - before).toBeLessThanOrEqual(MAX_STYLESHEETS_READ);
  });
});
