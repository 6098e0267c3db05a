/**
 * The cart as the browser keeps it (localStorage, under CART_STORAGE_KEY): mf-shared's cart store
 * writes and reads it; the release smoke puts a line there to open a cart release's panel.
 */
export const CART_STORAGE_KEY = 'shop-cart';
/** The stored format's version: a store of another version is cleaned line by line on load. */
export const CART_STORAGE_VERSION = 1;

/** A line of the cart as kept in the browser. `id` is the offer id. */
export interface CartItem {
  id: string;
  /** The product (colour) the offer belongs to: the id every e-commerce event names it by. Missing on lines stored by older releases. */
  productId?: string;
  modelId: string;
  sku: string;
  name: string;
  /** Price in whole roubles when the line was added; the API recomputes it at checkout. */
  price: number;
  brand: { name: string };
  mainCategory: { name: string };
  quantity: number;
  size?: string;
  image?: string;
  webPath?: string;
}

/** The stored text of a cart with these lines. */
export function storedCart(items: CartItem[]): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, state: { items } });
}
