// The host's server renderer and the remotes' server builds import the front-end's
// modules in Node (no window, document, localStorage, navigator). Every module a remote exposes
// (the remotes table) and the host's App must import there without throwing: browser-only state
// is read in effects, event handlers or through a server snapshot, never at module scope.
import path from 'node:path';
import { REMOTES } from '@shop/contracts/remotes';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

const MODULES: [string, string][] = [
  ...Object.entries(REMOTES).flatMap(([remote, { dir, exposes }]) =>
    Object.entries(exposes).map(([name, { file }]): [string, string] => [
      `${remote}/${name}`,
      path.join(ROOT, dir, file),
    ]),
  ),
  ['host App', path.join(ROOT, 'host/src/app.tsx')],
];

beforeAll(() => {
  // the build's version constant (rspack's define in both builds), not a browser global
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

describe('front-end modules import in Node, as the server renderer imports them', () => {
  it('runs in plain Node: no browser globals', () => {
    for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'matchMedia'])
      expect(name in globalThis).toBe(false);
  });

  it.each(MODULES)('%s', async (_name, file) => {
    const module = (await import(file)) as Record<string, unknown>;
    const component = module.default ?? module.App;
    expect(typeof component).toBe('function');
  });
});

describe("the host's App renders in plain Node", () => {
  it('to HTML with the header, the footer and the cookie notice (for the stylesheet to hide when accepted)', async () => {
    const [
      { createElement },
      { renderToString },
      { StaticRouter },
      { ApolloClient, ApolloLink, InMemoryCache, Observable },
      { ApolloProvider },
      { App },
    ] = await Promise.all([
      import('react'),
      import('react-dom/server'),
      import('react-router-dom'),
      import('@apollo/client'),
      import('@apollo/client/react'),
      import(path.join(ROOT, 'host/src/app.tsx')) as Promise<{ App: (props: { config: unknown }) => unknown }>,
    ]);
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink(() => new Observable(() => {})),
    });
    const config = { shopName: 'Оригинал', marketplace: 'Poizon', contacts: {} };
    const page = createElement(StaticRouter, { location: '/' }, createElement(App as never, { config }));
    const html = renderToString(createElement(ApolloProvider, { client, children: page }));
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
    expect(html).toContain('data-overlay="cookie-notice" data-until-hydrated=""');
    expect(html).toContain('data-testid="cart-count"');
  });
});
