import { describe, expect, it } from 'vitest';
import { pagePreloads, type RemoteManifest, remoteAssets } from './preload.ts';

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
    const { tags: category, manifests } = await pagePreloads({ pageType: 'CATEGORY', registry: { mf_catalog: manifestUrl }, host, readManifest });
    expect(manifests).toEqual({ [manifestUrl]: manifest });
    expect(category).toContain('<link rel="preload" as="style" href="/static/1.css">');
    expect(category).toContain('<link rel="preload" as="script" href="/static/1.js">');
    expect(category).toContain('href="http://localhost:3001/0.1.0-1/listing.js"');
    expect(category).not.toContain('HomePage');
    const { tags: none } = await pagePreloads({ pageType: null, registry: { mf_catalog: manifestUrl }, host, readManifest });
    expect(none).not.toContain('3001');
    const { tags: missing, manifests: noManifests } = await pagePreloads({ pageType: 'PRODUCT', registry: {}, host, readManifest });
    expect(noManifests).toEqual({});
    expect(missing).not.toContain('3001');
  });
});
