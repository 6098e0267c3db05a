// The web bench's account of where a page server's CPU goes: self time from a V8 profile, summed
// per place (a package, our builds, Node) and per function, idle time left out.
import { describe, expect, it } from 'vitest';
import { placeOf, summariseProfile } from './page-server.ts';

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

describe('CPU profile summary', () => {
  it('names where code lives: packages, our builds, Node', () => {
    expect(placeOf('file:///w/node_modules/react-dom/cjs/react-dom-server.node.production.js', 'renderElement')).toBe('react-dom');
    expect(placeOf('file:///w/node_modules/@apollo/client/cache/inmemory/writeToStore.js', 'processSelectionSet')).toBe('@apollo/client');
    expect(placeOf('file:///w/mf-catalog/dist/0.1.0+1/server/__federation_expose_HomePage.js', 'HomeView')).toBe('mf-catalog (server build)');
    expect(placeOf('file:///w/host/server-dist/ssr/render.cjs', 'render')).toBe('host render bundle (react-dom, shell)');
    expect(placeOf('file:///w/host/server-dist/main.js', 'answer')).toBe('host server');
    expect(placeOf('node:internal/streams/writable', 'write')).toBe('node internals');
    expect(placeOf('', '(garbage collector)')).toBe('(garbage collector)');
  });

  it('sums self time per place and per function, without idle time, largest first', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(idle)', '') },
        { id: 2, callFrame: frame('renderElement', 'file:///w/node_modules/react-dom/server.js', 9) },
        { id: 3, callFrame: frame('writeToStore', 'file:///w/node_modules/@apollo/client/cache.js', 0) },
        { id: 4, callFrame: frame('renderElement', 'file:///w/node_modules/react-dom/server.js', 9) },
      ],
      samples: [1, 2, 2, 3, 4, 1],
      timeDeltas: [5000, 1000, 1000, 1000, 1000, 9000],
    };
    const summary = summariseProfile(profile);
    expect(summary.totalMs).toBe(4);
    expect(summary.byPlace).toEqual([
      { place: 'react-dom', ms: 3, share: 75 },
      { place: '@apollo/client', ms: 1, share: 25 },
    ]);
    expect(summary.topFunctions[0]).toEqual({ name: 'renderElement server.js:10', place: 'react-dom', ms: 3, share: 75 });
  });
});
