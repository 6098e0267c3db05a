/**
 * @shop/mf-shared: what must be one instance per page (stores, the Apollo client factory, the
 * shell context, the UI kit, the analytics counter), loaded once as a federation singleton.
 * Pure code (formatting, contracts) is in @shop/contracts. See ../README.md; it imports no remote.
 */

export { ANALYTICS_COOKIE_MAX_AGE, readCookie } from './analytics/cookies.ts';
export {
  type AnalyticsGoal,
  configureCounter,
  counterConfigured,
  identifyVisitor,
  pageHit,
  reachGoal,
} from './analytics/counter.ts';
export {
  type AnalyticsProduct,
  analytics,
  type EcommerceSource,
  ecommerceProduct,
  pushEcommerce,
} from './analytics/ecommerce.ts';
export { ensureVisitorId, newVisitorId, VISITOR_ID_KEY } from './analytics/visitor-id.ts';
export { type ApolloOptions, createApolloClient } from './apollo/create-apollo-client.ts';
export { type CartItem, MAX_QUANTITY, type NewCartItem, sanitizeCartItems } from './cart/cart-item.ts';
export {
  CART_STORAGE_KEY,
  type CartState,
  cartCount,
  cartTotal,
  syncCartAcrossTabs,
  useCart,
} from './cart/cart-store.ts';
export { FAVOURITES_STORAGE_KEY, syncFavouritesAcrossTabs, useFavourites } from './favourites/favourites-store.ts';
export { type AppLibraries, type AppReport, reportApp } from './shell/app-report.ts';
export { ShellContext, type ShellContextValue, useShell } from './shell/shell-context.ts';
export { beginHydration, isHydrating, settleHydration, useBrowserSnapshot } from './shell/browser-snapshot.ts';
export { useHydrated } from './shell/use-hydrated.ts';
export {
  Button,
  type ButtonProps,
  type ButtonVariant,
  buttonClassName,
  CloseButton,
  type CloseButtonProps,
  chipClassName,
} from './ui/button.tsx';
export {
  Dialog,
  DialogHeader,
  type DialogHeaderProps,
  type DialogProps,
  type DialogVariant,
  dialogClassName,
} from './ui/dialog.tsx';
export { HydrateOnView } from './ui/hydrate-on-view.tsx';
export { LikeButton, type LikeButtonProps } from './ui/like-button.tsx';
export { Photo, type PhotoImage, type PhotoProps } from './ui/photo.tsx';
export { SectionError, type SectionErrorProps } from './ui/section-error.tsx';
export { Spinner } from './ui/spinner.tsx';
export { fieldClassNames, TextField, type TextFieldProps } from './ui/text-field.tsx';

/**
 * Kept for remote releases built before formatting moved to @shop/contracts/format: a page runs
 * the host's copy of this singleton, so a remote release still active (or rolled back to) imports
 * these names from it. Removing an export here breaks those releases at run time, while the
 * release check still accepts them (same version range): `published-exports.test.ts` guards it.
 * New code imports @shop/contracts/format.
 */
export { formatCount, formatPrice, GOODS, plural } from '@shop/contracts/format';
/** Runtime values of the contract types that lived here before @shop/contracts (same reason). */
export { EXPOSED_MODULES, REMOTE_NAMES } from '@shop/contracts/remotes';
