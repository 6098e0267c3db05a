// A page runs the host's copy of mf-shared (a federation singleton), so every remote release that
// may still be active or rolled back to calls it with the names it was built against. This list is
// what mf-shared 0.2.0 exported at run time: remove a name only with a major change of the package
// version (the release check then refuses remotes built against the old one).
import * as shared from './index.ts';

const PUBLISHED_0_2 = [
  'ANALYTICS_COOKIE_MAX_AGE',
  'CART_STORAGE_KEY',
  'EXPOSED_MODULES',
  'FAVOURITES_STORAGE_KEY',
  'GOODS',
  'LikeButton',
  'MAX_QUANTITY',
  'REMOTE_NAMES',
  'SectionError',
  'ShellContext',
  'Spinner',
  'VISITOR_ID_KEY',
  'analytics',
  'cartCount',
  'cartTotal',
  'configureCounter',
  'counterConfigured',
  'createApolloClient',
  'ecommerceProduct',
  'ensureVisitorId',
  'formatCount',
  'formatPrice',
  'identifyVisitor',
  'newVisitorId',
  'pageHit',
  'plural',
  'pushEcommerce',
  'reachGoal',
  'readCookie',
  'reportApp',
  'sanitizeCartItems',
  'syncCartAcrossTabs',
  'syncFavouritesAcrossTabs',
  'useCart',
  'useFavourites',
  'useShell',
];

/** Added by later 0.2 patches: remotes built against them call them from the host's copy too. */
const ADDED_SINCE_0_2_0 = [
  'Button',
  'CloseButton',
  'Dialog',
  'DialogHeader',
  'TextField',
  'buttonClassName',
  'chipClassName',
  'dialogClassName',
  'fieldClassNames',
  'useHydrated',
];

describe('mf-shared run-time surface', () => {
  it('still exports every name remote releases built against 0.2 call', () => {
    const missing = PUBLISHED_0_2.filter((name) => !(name in shared));
    expect(missing).toEqual([]);
  });

  it('still exports what later 0.2 patches added', () => {
    expect(ADDED_SINCE_0_2_0.filter((name) => !(name in shared))).toEqual([]);
  });

  it('the moved formatting still formats as remotes built before expect', () => {
    expect(shared.formatPrice(15990)).toBe('15\u00a0990\u00a0₽');
    expect(shared.formatCount(3, shared.GOODS)).toBe('3 товара');
  });
});
