import { useBrowserSnapshot } from './browser-snapshot.ts';

const never = () => () => {};
const yes = () => true;
const no = () => false;

/**
 * False while the markup must equal the server's HTML: on the server and while the browser
 * hydrates the page; true once it has (and in every render that is not a hydration: a page
 * rendered in the browser only, a later mount).
 *
 * What the browser keeps in its storage (cart, favourites, consent, checkout draft) is not known
 * to the server: a component shows its neutral form until this is true, then the real one. The
 * stores' own hooks are already safe (zustand's persist gives React the state before the stored
 * data as the server snapshot); this is for branches the stores' hooks do not cover.
 */
export function useHydrated(): boolean {
  return useBrowserSnapshot(never, yes, no);
}
