import { describe, expect, it } from 'vitest';
import { sharedConfig } from '../../rspack.base.ts';
import { SINGLETONS, TREE_SHAKEN_SHARED } from '../lib/federation-shared.ts';
import { compareManifests } from './check-candidate.ts';

const versions: Record<string, string> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  '@apollo/client': '4.3.8',
  graphql: '16.15.0',
  zustand: '5.1.0',
  '@shop/mf-shared': '0.1.0',
};
const shared = (over: Record<string, string> = {}) =>
  SINGLETONS.map((name) => {
    const version = over[name] ?? (versions[name] as string);
    const [major, minor] = version.split('.');
    return { name, version, singleton: true, requiredVersion: major === '0' ? `^0.${minor}.0` : `^${major}.0.0` };
  });
const host = { name: 'host', exposes: [], shared: shared() };
const catalog = (over: Record<string, string> = {}, exposes = ['HomePage', 'ListingPage', 'SearchPage', 'FavouritesPage', 'ProductSlider']) => ({
  name: 'mf_catalog',
  exposes: exposes.map((name) => ({ name, path: `./${name}` })),
  shared: shared(over),
});

// The rules themselves are the release service's (release/src/registry/release-rules.ts, the registry's release gate)
describe('release candidate check', () => {
  it('accepts a build with every exposed module and compatible singletons', () => {
    expect(compareManifests('mf_catalog', catalog({ react: '19.4.0', zustand: '5.1.3' }), host)).toEqual([]);
  });

  it('refuses another React major, naming the package and both versions', () => {
    const problems = compareManifests('mf_catalog', catalog({ react: '18.3.1', 'react-dom': '18.3.1' }), host);
    expect(problems).toContain('react 18.3.1 несовместим с версией хоста 19.3.1');
    expect(problems).toContain('react-dom 18.3.1 несовместим с версией хоста 19.3.1');
  });

  it('refuses an mf-shared contract of another minor while it is 0.x', () => {
    expect(compareManifests('mf_catalog', catalog({ '@shop/mf-shared': '0.2.0' }), host)).toEqual([
      '@shop/mf-shared 0.2.0 несовместим с версией хоста 0.1.0',
    ]);
  });

  it('refuses a build that lacks a module the host uses, or that does not share a singleton', () => {
    const missing = catalog({}, ['HomePage', 'ListingPage', 'SearchPage', 'FavouritesPage', 'ProductCard']);
    expect(compareManifests('mf_catalog', missing, host)).toEqual([
      'нет модуля ProductSlider, который по таблице контрактов использует хост',
      'модуль ProductCard не описан в таблице контрактов (@shop/contracts/remotes)',
    ]);
    const unshared = { ...catalog(), shared: catalog().shared.filter((s) => s.name !== 'zustand') };
    expect(compareManifests('mf_catalog', unshared, host)).toEqual(['zustand не объявлен общим: на странице окажется вторая копия']);
  });

  it('refuses a build that requires a newer singleton than the host provides', () => {
    const newer = catalog();
    newer.shared = newer.shared.map((s) => (s.name === 'react-router-dom' ? { ...s, requiredVersion: '^7.20.0' } : s));
    expect(compareManifests('mf_catalog', newer, host)).toEqual(['требует react-router-dom ^7.20.0, а у хоста 7.18.5']);
  });

  it('refuses a build that uses an export the host\'s tree-shaken copy lacks, or shares that package whole', () => {
    const tree = <M extends { shared: { name: string }[] }>(m: M): M => ({
      ...m,
      shared: m.shared.map((s) => (s.name === 'react-router-dom' ? { ...s, fallback: 'independent-packages/rr/share-entry.js' } : s)),
    });
    const hostExports = { 'react-router-dom': ['Link', 'useNavigate'] };
    expect(compareManifests('mf_catalog', tree(catalog()), tree(host), { candidate: { 'react-router-dom': ['Link'] }, host: hostExports })).toEqual([]);
    expect(
      compareManifests('mf_catalog', tree(catalog()), tree(host), { candidate: { 'react-router-dom': ['Link', 'useParams'] }, host: hostExports }),
    ).toEqual(['использует useParams из react-router-dom, которых нет в урезанной копии хоста: сначала выпустите хост с ними']);
    expect(compareManifests('mf_catalog', catalog(), tree(host), { host: hostExports })).toEqual([
      'react-router-dom подключён целиком, а копия хоста урезана (tree shaking): страница загрузит вторую копию',
    ]);
  });

  it('lets a remote use another export of a library shared whole (Apollo, zustand) without a host release', () => {
    // the cart switching to useMutation: its build shares @apollo/client/react whole, as the host's does
    const exports = {
      candidate: { '@apollo/client/react': ['useApolloClient', 'useMutation', 'useQuery'], zustand: ['create', 'useStore'] },
      host: { '@apollo/client/react': ['ApolloProvider', 'useApolloClient', 'useQuery'], zustand: ['create'] },
    };
    expect(compareManifests('mf_catalog', catalog(), host, exports)).toEqual([]);
  });

  it('builds share every singleton the check requires, and tree-shake only graphql and the router', () => {
    const app = { name: 'app', version: '0.1.0', dependencies: Object.fromEntries(SINGLETONS.map((name) => [name, '*'])) };
    const shared = sharedConfig(app);
    for (const name of SINGLETONS) expect(shared[name]?.singleton).toBe(true);
    const shaken = Object.entries(shared).filter(([, item]) => item.treeShaking).map(([name]) => name);
    expect(shaken.sort()).toEqual(['graphql', 'react-router-dom']);
    expect(Object.keys(TREE_SHAKEN_SHARED).sort()).toEqual(['graphql', 'react-router-dom']);
  });

  it('refuses a manifest of another remote', () => {
    expect(compareManifests('mf_cart', catalog(), host)[0]).toBe('манифест принадлежит «mf_catalog», а не mf_cart');
  });
});
