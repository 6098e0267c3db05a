// Row shapes the resolvers receive: plain data, already mapped from SQL column names.
import type { MenuPanelRow, ModelAttributeRow } from '../db/schema.ts';

export type { MenuPanelRow, ModelAttributeRow };

export interface ImageRow {
  url: string;
  width: number;
  height: number;
  /** A pipeline photo's dominant colour (#rrggbb), painted until it loads. */
  color?: string | null;
}

export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  webPath: string;
  text: string;
  description: string;
  image: ImageRow | null;
}

export interface BrandRow {
  id: number;
  name: string;
  aliases: string[];
  webPath: string;
  text: string;
  heading: string;
  description: string;
  logo: ImageRow | null;
  onMainPage: boolean;
}

export interface ProductRow {
  type: 'MODEL' | 'OFFER';
  /** The listing element's id: the product's for models, the offer's for offers. */
  id: number;
  productId: number;
  modelId: number;
  /** The model (group of colour variants) the product belongs to, for both listing types. */
  modelGroupId: number;
  name: string;
  sku: string;
  sizes: string[];
  webPath: string;
  priceInRUB: number;
  minPriceInRUB: number;
  inStock: boolean;
  colorName: string;
  colorClass: string;
  brandId: number;
  categoryId: number;
  createdAt: Date;
  modifiedAt: Date;
  photo: ImageRow | null;
  /** Set when a listing loaded the relations with the row: resolvers answer without waiting. */
  hydrated?: { brand: BrandRow; category: CategoryRow; variants: VariantRow[] };
}

export interface OfferRow {
  id: number;
  productId: number;
  size: string;
  sku: string;
  price: number;
  stock: number;
}

export interface PhotoRow extends ImageRow {
  id: number;
  productId: number;
}

export interface ModelRow {
  id: number;
  name: string;
  brandId: number;
  categoryId: number;
  text: string;
  description: string;
  attributes: ModelAttributeRow[];
}

export interface VariantRow {
  id: number;
  modelId: number;
  name: string;
  colorName: string;
  colorClass: string;
  webPath: string;
  thumbnail: ImageRow | null;
  /** Some size of this colour is in stock. */
  inStock: boolean;
}

export interface MenuRow {
  id: number;
  parentId: number | null;
  name: string;
  href: string;
  /** link, dropdown or megaMenu */
  type: string;
  isNew: boolean;
  panel: MenuPanelRow | null;
}

export const image = (url: string | null, width: number | null, height: number | null, color: string | null = null): ImageRow | null =>
  url ? { url, width: width ?? 0, height: height ?? 0, color } : null;
