import type { GraphQLResolveInfo } from 'graphql';
import type { CategoryRow, BrandRow, ProductRow, OfferRow, ModelRow, PhotoRow } from '../repo/rows.ts';
import type { OrderRow, OrderLineRow } from '../orders/order-repo.ts';
import type { ResolvedPage as ResolvedPageRow } from '../repo/page-repo.ts';
import type { ApiContext } from './context.ts';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string | number; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
};

export type Brand = {
  __typename?: 'Brand';
  /** Other spellings the search understands (e.g. найк). */
  aliases: Array<Scalars['String']['output']>;
  description: Scalars['String']['output'];
  heading: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The brand's image: its logo. */
  image?: Maybe<Image>;
  logo?: Maybe<Image>;
  name: Scalars['String']['output'];
  onMainPage: Scalars['Boolean']['output'];
  text: Scalars['String']['output'];
  webPath: Scalars['String']['output'];
};

export type BrandFacet = {
  __typename?: 'BrandFacet';
  count: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  selected: Scalars['Boolean']['output'];
};

export type BrandFilterInput = {
  onMainPage?: InputMaybe<Scalars['Boolean']['input']>;
};

export type BrandList = {
  __typename?: 'BrandList';
  items: Array<Brand>;
  totalCount: Scalars['Int']['output'];
};

export type Category = {
  __typename?: 'Category';
  /** Subcategories sorted by name. */
  children: Array<Category>;
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  image?: Maybe<Image>;
  name: Scalars['String']['output'];
  parent?: Maybe<Category>;
  parentId?: Maybe<Scalars['ID']['output']>;
  text: Scalars['String']['output'];
  webPath: Scalars['String']['output'];
};

export type CategoryFacet = {
  __typename?: 'CategoryFacet';
  count: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  parentId?: Maybe<Scalars['ID']['output']>;
  selected: Scalars['Boolean']['output'];
  webPath: Scalars['String']['output'];
};

export type CategoryFilterInput = {
  /** true: only subcategories; false: only top-level categories. */
  isHaveParent?: InputMaybe<Scalars['Boolean']['input']>;
  parentId?: InputMaybe<Scalars['ID']['input']>;
};

export type CreateOrderInput = {
  /** Client-generated (8–100 of A-Z a-z 0-9 - _); the same key returns the same order. */
  idempotencyKey: Scalars['String']['input'];
  items: Array<OrderItemInput>;
  orderData: OrderDataInput;
};

export type CreateOrderResult = {
  __typename?: 'CreateOrderResult';
  errors: Array<OrderError>;
  order?: Maybe<Order>;
  success: Scalars['Boolean']['output'];
};

export type DeliveryMethod =
  /** Пункт выдачи СДЭК */
  | 'CDEK_PICKUP'
  /** Курьер */
  | 'COURIER'
  /** Почта России */
  | 'RUSSIAN_POST';

export type GalleryImage = {
  __typename?: 'GalleryImage';
  height: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  url: Scalars['String']['output'];
  width: Scalars['Int']['output'];
};

/** An image. `fullpath` is relative to the shop's origin (e.g. /api/images/...) or absolute. */
export type Image = {
  __typename?: 'Image';
  fullpath: Scalars['String']['output'];
  height: Scalars['Int']['output'];
  width: Scalars['Int']['output'];
};

/** The page a listing belongs to; always applied, never a facet. */
export type ListingScopeInput = {
  brandId?: InputMaybe<Scalars['ID']['input']>;
  categoryId?: InputMaybe<Scalars['ID']['input']>;
  /** Search text: Russian morphology, sku, Latin/Cyrillic brand names, typos, wrong keyboard layout. */
  search?: InputMaybe<Scalars['String']['input']>;
};

export type MenuItem = {
  __typename?: 'MenuItem';
  /** Any depth; a mega menu's children are its columns. */
  children: Array<MenuItem>;
  href: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  isNew: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  /** A mega menu's side panel. */
  panel?: Maybe<MenuPanel>;
  type: MenuItemType;
};

export type MenuItemType =
  | 'DROPDOWN'
  | 'LINK'
  | 'MEGA_MENU';

export type MenuPanel = {
  __typename?: 'MenuPanel';
  href?: Maybe<Scalars['String']['output']>;
  image?: Maybe<Image>;
  text?: Maybe<Scalars['String']['output']>;
  title: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * Places an order. Prices and the total come from the catalogue; a line whose client price
   * differs answers PRICE_CHANGED with the current price. The same idempotencyKey with the same
   * order content (lines, contact, delivery, consent) returns the same order; with other content it
   * fails with IDEMPOTENCY_KEY_REUSED and nothing of the stored order. Rate-limited per client IP
   * (extensions.code RATE_LIMITED).
   */
  createOrder: CreateOrderResult;
  /**
   * Starts the order's payment with the shop's provider (ЮKassa, or the sandbox in development) and
   * answers where to send the shopper. One payment per order at a time: a pending one is resumed.
   * Errors (extensions.code): NOT_FOUND (id and key do not match), ALREADY_PAID, ORDER_CANCELLED,
   * PAYMENT_UNAVAILABLE («Не удалось начать оплату. Попробуйте ещё раз.»), RATE_LIMITED (counts
   * against the order look-up budget).
   */
  startPayment: PaymentStart;
};


export type MutationCreateOrderArgs = {
  input: CreateOrderInput;
};


export type MutationStartPaymentArgs = {
  id: Scalars['ID']['input'];
  key: Scalars['String']['input'];
};

export type Offer = {
  __typename?: 'Offer';
  id: Scalars['ID']['output'];
  priceInRUB: Scalars['Int']['output'];
  product?: Maybe<Product>;
  productId: Scalars['ID']['output'];
  size: Scalars['String']['output'];
  sku: Scalars['String']['output'];
  soldOut: Scalars['Boolean']['output'];
  stock: Scalars['Int']['output'];
};

export type Order = {
  __typename?: 'Order';
  /** Opens the order page and the payment page together with the number. */
  accessKey: Scalars['String']['output'];
  address: Scalars['String']['output'];
  city: Scalars['String']['output'];
  comment: Scalars['String']['output'];
  deliveryMethod: DeliveryMethod;
  email: Scalars['String']['output'];
  fullName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lines: Array<OrderLine>;
  /** ISO 8601 */
  orderdate: Scalars['String']['output'];
  ordernumber: Scalars['String']['output'];
  /** The order's latest payment (a succeeded one first); null before the shopper started paying. */
  payment?: Maybe<OrderPayment>;
  phone: Scalars['String']['output'];
  /** NEW: until when its units are held for the payment (ISO 8601); an order still unpaid then is cancelled. Null in any other status. */
  reservedUntil?: Maybe<Scalars['String']['output']>;
  status: OrderStatus;
  totalPrice: Scalars['Int']['output'];
};

export type OrderDataInput = {
  address: Scalars['String']['input'];
  city: Scalars['String']['input'];
  comment?: InputMaybe<Scalars['String']['input']>;
  /** Version of the consent text the shopper agreed to. */
  consentVersion: Scalars['String']['input'];
  deliveryMethod: DeliveryMethod;
  email: Scalars['String']['input'];
  /** ФИО */
  fullName: Scalars['String']['input'];
  /** Consent to personal-data processing (152-ФЗ); must be true. */
  personalDataConsent: Scalars['Boolean']['input'];
  /** Russian mobile: +7 (9xx) xxx-xx-xx */
  phone: Scalars['String']['input'];
};

export type OrderError = {
  __typename?: 'OrderError';
  /** SOLD_OUT / INSUFFICIENT_STOCK: how many are available. */
  available?: Maybe<Scalars['Int']['output']>;
  code: OrderErrorCode;
  /** Input path, e.g. orderData.phone or items[2].quantity. */
  field?: Maybe<Scalars['String']['output']>;
  /** Index of the cart line, for line errors. */
  line?: Maybe<Scalars['Int']['output']>;
  /** In Russian, ready to show beside the field or line. */
  message: Scalars['String']['output'];
  /** PRICE_CHANGED: the current price. */
  price?: Maybe<Scalars['Int']['output']>;
};

export type OrderErrorCode =
  | 'CONSENT_REQUIRED'
  | 'DUPLICATE_OFFER'
  | 'EMPTY_CART'
  /** The idempotency key was already used for an order with other content. */
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'INSUFFICIENT_STOCK'
  | 'INVALID_FORMAT'
  | 'INVALID_QUANTITY'
  | 'PRICE_CHANGED'
  | 'REQUIRED'
  | 'SOLD_OUT'
  | 'TOO_LONG'
  | 'TOO_MANY_LINES'
  | 'UNKNOWN_OFFER';

export type OrderItemInput = {
  offerId: Scalars['ID']['input'];
  /** The price the shopper saw; when it differs from the catalogue the line fails with PRICE_CHANGED. */
  price?: InputMaybe<Scalars['Int']['input']>;
  /** 1–99 */
  quantity: Scalars['Int']['input'];
};

export type OrderLine = {
  __typename?: 'OrderLine';
  name: Scalars['String']['output'];
  /** Offer id when the order was placed. */
  offerId: Scalars['ID']['output'];
  price: Scalars['Int']['output'];
  /** The product page today, found through the offer's sku; null when it is no longer sold. */
  product?: Maybe<Product>;
  /** Product id when the order was placed (a later catalogue import may renumber products: use product). */
  productId: Scalars['ID']['output'];
  quantity: Scalars['Int']['output'];
  size: Scalars['String']['output'];
  sku: Scalars['String']['output'];
  total: Scalars['Int']['output'];
};

export type OrderPayment = {
  __typename?: 'OrderPayment';
  provider: PaymentProviderName;
  status: PaymentStatus;
};

/** новый → оплачен → собран → отправлен → доставлен, or отменён. */
export type OrderStatus =
  | 'ASSEMBLED'
  /** Cancelled by the shop or because it was not paid in time; its units are back in stock. */
  | 'CANCELLED'
  | 'DELIVERED'
  /** Placed, waiting for payment; its units are reserved until the reservation expires. */
  | 'NEW'
  | 'PAID'
  | 'SHIPPED';

export type PageMeta = {
  __typename?: 'PageMeta';
  /** Absolute; filter and sort parameters left out. */
  canonical: Scalars['String']['output'];
  description: Scalars['String']['output'];
  /** schema.org Product JSON-LD with an Offer per size in RUB (product pages), as a JSON string. */
  jsonLd?: Maybe<Scalars['String']['output']>;
  keywords: Scalars['String']['output'];
  ogDescription: Scalars['String']['output'];
  ogImages: Array<Image>;
  ogTitle: Scalars['String']['output'];
  ogType: Scalars['String']['output'];
  ogUrl: Scalars['String']['output'];
  robots: Scalars['String']['output'];
  title: Scalars['String']['output'];
};

export type PageType =
  | 'BRAND'
  | 'CART'
  | 'CATEGORY'
  | 'CHECKOUT'
  /** The shopper's favourites (/favourites): the liked ids are kept in the browser. */
  | 'FAVOURITES'
  | 'HOME'
  | 'NOT_FOUND'
  | 'ORDER'
  | 'PRODUCT'
  | 'SEARCH';

export type PaymentInfo = {
  __typename?: 'PaymentInfo';
  id: Scalars['ID']['output'];
  linkURL: Scalars['String']['output'];
};

export type PaymentProviderName =
  | 'SANDBOX'
  | 'YOOKASSA';

export type PaymentStart = {
  __typename?: 'PaymentStart';
  /** The provider's payment page (another origin: navigate the whole window there). */
  url: Scalars['String']['output'];
};

/** A payment's state as its provider confirmed it when asked (never as a notification claimed). */
export type PaymentStatus =
  | 'CANCELED'
  | 'PENDING'
  | 'SUCCEEDED'
  | 'WAITING_FOR_CAPTURE';

/** A listing element and a product page: a colour variant of a model (or one of its offers in OFFER listings). */
export type Product = {
  __typename?: 'Product';
  brand: Brand;
  colorName: Scalars['String']['output'];
  createdAt: Scalars['String']['output'];
  description: Scalars['String']['output'];
  gallery: Array<GalleryImage>;
  /** Product id (MODEL) or offer id (OFFER). */
  id: Scalars['ID']['output'];
  inStock: Scalars['Boolean']['output'];
  mainCategory: Category;
  minPriceInRUB: Scalars['Int']['output'];
  /** The model's id for MODEL elements; the product's id for OFFER elements. */
  modelId?: Maybe<Scalars['ID']['output']>;
  name: Scalars['String']['output'];
  /** Offers (sizes) sorted by price ascending. */
  offers: Array<Offer>;
  photo?: Maybe<Image>;
  /** Price of this element: the offer's price, or the lowest price for a model. */
  priceInRUB?: Maybe<Scalars['Int']['output']>;
  /** The colour variant's id (equals id for MODEL). */
  productId: Scalars['ID']['output'];
  /** Sizes in stock. */
  sizes: Array<Scalars['String']['output']>;
  sku: Scalars['String']['output'];
  technicalAttributes: Array<TechnicalAttribute>;
  text: Scalars['String']['output'];
  type: ProductType;
  variantType: Scalars['String']['output'];
  /** Colour variants of the same model, this one included. */
  variants: Array<Variant>;
  webPath: Scalars['String']['output'];
};

export type ProductFilterInput = {
  brandIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  categoryIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Elements to leave out (product ids for MODEL, offer ids for OFFER). */
  excludeIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Only these elements (product ids for MODEL, offer ids for OFFER; at most 200), e.g. the shopper's favourites. An id no longer in the catalogue is simply not listed. */
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  priceFrom?: InputMaybe<Scalars['Int']['input']>;
  priceTo?: InputMaybe<Scalars['Int']['input']>;
  properties?: InputMaybe<Array<PropertyFilterInput>>;
};

export type ProductFilters = {
  __typename?: 'ProductFilters';
  brands: Array<BrandFacet>;
  categories: Array<CategoryFacet>;
  minPriceInRUBFrom?: Maybe<Scalars['Int']['output']>;
  minPriceInRUBTo?: Maybe<Scalars['Int']['output']>;
  properties: Array<PropertyFilter>;
  /** Products matching scope and every selection. */
  totalCount: Scalars['Int']['output'];
};

export type ProductList = {
  __typename?: 'ProductList';
  items: Array<Product>;
  /** The query as searched when the search changed what was typed (a typo, the keyboard layout, a word left out); null when it searched what was typed, without a search, or when nothing was found. */
  searchCorrected?: Maybe<Scalars['String']['output']>;
  /** The words searched after correction (morphology, typos, layout); null without a search. */
  searchWords?: Maybe<Array<Scalars['String']['output']>>;
  totalCount: Scalars['Int']['output'];
};

export type ProductModel = {
  __typename?: 'ProductModel';
  brand: Brand;
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  mainCategory: Category;
  name: Scalars['String']['output'];
  technicalAttributes: Array<TechnicalAttribute>;
  text: Scalars['String']['output'];
  variants: Array<Product>;
};

export type ProductSort =
  /** По совпадению: relevance to the search text (newest first without one) */
  | 'CONDITION'
  /** По новинкам */
  | 'NEWLY'
  /** По убыванию цены */
  | 'PRICEDOWN'
  /** По возрастанию цены */
  | 'PRICEUP';

/** MODEL: one element per product page (colour variant). OFFER: one element per size offer. */
export type ProductType =
  | 'MODEL'
  | 'OFFER';

export type Property = {
  __typename?: 'Property';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  title: Scalars['String']['output'];
};

export type PropertyFilter = {
  __typename?: 'PropertyFilter';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  options: Array<PropertyValueFacet>;
  title: Scalars['String']['output'];
  /** Values with at least one product (or selected). */
  values: Array<Scalars['String']['output']>;
};

/** Selected values of one property (e.g. size 42 or 43). */
export type PropertyFilterInput = {
  /** The property's id or its name (e.g. size). */
  propertyId: Scalars['ID']['input'];
  values: Array<Scalars['String']['input']>;
};

export type PropertyValueFacet = {
  __typename?: 'PropertyValueFacet';
  count: Scalars['Int']['output'];
  selected: Scalars['Boolean']['output'];
  value: Scalars['String']['output'];
};

/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type Query = {
  __typename?: 'Query';
  /** One brand, or null when the id is unknown. */
  brand?: Maybe<Brand>;
  /** Brands sorted by name. limit 1–100. */
  brands: BrandList;
  /** Categories sorted by name. */
  categories: Array<Category>;
  /** One category, or null when the id is unknown. */
  category?: Maybe<Category>;
  /** True once the database answers. */
  health: Scalars['Boolean']['output'];
  /** The navigation tree for the header and the mobile menu. */
  menu: Array<MenuItem>;
  /** Home page: newest products by creation date. */
  newestProducts: Array<Product>;
  /** Offers (sizes) of the given products and/or models, sorted by price ascending. */
  offers: Array<Offer>;
  /** An order for its page; null unless number and access key match. Each call (each alias) counts against the client's per-minute look-up budget (RATE_LIMITED). */
  order?: Maybe<Order>;
  /** Metadata of a page, in Russian. The canonical URL leaves filter parameters out. Null for an unknown id. */
  pageMeta?: Maybe<PageMeta>;
  /**
   * Where to send the shopper to pay, for tabs opened before startPayment: it starts (or resumes)
   * the order's payment exactly like startPayment (so this query has a side effect); a paid order
   * answers its own page. Null unless id and key match.
   * @deprecated Use the startPayment mutation.
   */
  paymentInfo?: Maybe<PaymentInfo>;
  /** Home page: popular products, in the 24 000–42 000 ₽ band, newest first. */
  popularProducts: Array<Product>;
  /** A product (colour variant) with its detail fields, or null. */
  product?: Maybe<Product>;
  /**
   * Filter data for a listing: price range, brands, categories and the allowed properties, each
   * value with the number of products it would leave given the other selections.
   */
  productFilters: ProductFilters;
  /** A product model with all its colour variants, or null. */
  productModel?: Maybe<ProductModel>;
  /**
   * Product listing for category, brand and search pages. `scope` is the page itself (a category,
   * a brand, a search text); `filter` holds the shopper's selections. limit 1–100, offset 0–100000.
   */
  products: ProductList;
  /** All filterable properties (the listing only offers the configured allowed ones). */
  properties: Array<Property>;
  /** Home page: recommended products, most recently modified first. */
  recommendedProducts: Array<Product>;
  /**
   * What a URL shows. `path` is the URL path (it may include a query string); `query` the query
   * string without "?". Known paths: status 200. Case, trailing-slash variants and redirect-table
   * entries: 301/302 with `location` (query kept). Unknown: 404 NOT_FOUND.
   */
  resolvePage: ResolvedPage;
  /** Every catalogue page, for sitemap.xml. */
  sitemap: Array<SitemapEntry>;
  /** Brands shown on the home page (onMainPage), sorted by name. */
  topBrands: Array<Brand>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryBrandArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryBrandsArgs = {
  filter?: InputMaybe<BrandFilterInput>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryCategoriesArgs = {
  filter?: InputMaybe<CategoryFilterInput>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryCategoryArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryNewestProductsArgs = {
  brandIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  categoryIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryOffersArgs = {
  modelIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  productIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryOrderArgs = {
  key: Scalars['String']['input'];
  number: Scalars['String']['input'];
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryPageMetaArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
  type: PageType;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryPaymentInfoArgs = {
  id: Scalars['ID']['input'];
  key: Scalars['String']['input'];
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryPopularProductsArgs = {
  brandIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  categoryIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryProductArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryProductFiltersArgs = {
  filter?: InputMaybe<ProductFilterInput>;
  scope?: InputMaybe<ListingScopeInput>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryProductModelArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryProductsArgs = {
  filter?: InputMaybe<ProductFilterInput>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  scope?: InputMaybe<ListingScopeInput>;
  sort?: InputMaybe<ProductSort>;
  type?: InputMaybe<ProductType>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryRecommendedProductsArgs = {
  categoryIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  excludeIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  priceFrom?: InputMaybe<Scalars['Int']['input']>;
  priceTo?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryResolvePageArgs = {
  path: Scalars['String']['input'];
  query?: InputMaybe<Scalars['String']['input']>;
};


/**
 * The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
 * roubles (RUB). Ids are decimal strings. Errors carry `extensions.code`.
 */
export type QueryTopBrandsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type ResolvedPage = {
  __typename?: 'ResolvedPage';
  /** The object shown: a category, brand or product id; for ORDER the order number, as in /order/<number>. */
  id?: Maybe<Scalars['ID']['output']>;
  /** Where to redirect (path and query), for 301/302. */
  location?: Maybe<Scalars['String']['output']>;
  /** 200, 301, 302 or 404. */
  status: Scalars['Int']['output'];
  /** For a redirect: the type of the page it leads to. */
  type: PageType;
};

export type SitemapEntry = {
  __typename?: 'SitemapEntry';
  lastModified?: Maybe<Scalars['String']['output']>;
  path: Scalars['String']['output'];
  type: PageType;
};

export type TechnicalAttribute = {
  __typename?: 'TechnicalAttribute';
  description?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  number?: Maybe<Scalars['Float']['output']>;
  text?: Maybe<Scalars['String']['output']>;
  title: Scalars['String']['output'];
  type: TechnicalAttributeType;
  unit?: Maybe<Scalars['String']['output']>;
};

export type TechnicalAttributeType =
  | 'NUMBER'
  | 'TEXT';

export type Thumbnail = {
  __typename?: 'Thumbnail';
  height: Scalars['Int']['output'];
  src: Scalars['String']['output'];
  width: Scalars['Int']['output'];
};

export type Variant = {
  __typename?: 'Variant';
  /** A style class name for the colour swatch (e.g. white). */
  color: Scalars['String']['output'];
  /** The colour in Russian (e.g. белый). */
  colorName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** False when no size of this colour is in stock. */
  inStock: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  thumbnail?: Maybe<Thumbnail>;
  webPath: Scalars['String']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info?: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info?: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info?: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info?: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info?: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info?: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Brand: ResolverTypeWrapper<BrandRow>;
  BrandFacet: ResolverTypeWrapper<BrandFacet>;
  BrandFilterInput: BrandFilterInput;
  BrandList: ResolverTypeWrapper<Omit<BrandList, 'items'> & { items: Array<ResolversTypes['Brand']> }>;
  Category: ResolverTypeWrapper<CategoryRow>;
  CategoryFacet: ResolverTypeWrapper<CategoryFacet>;
  CategoryFilterInput: CategoryFilterInput;
  CreateOrderInput: CreateOrderInput;
  CreateOrderResult: ResolverTypeWrapper<Omit<CreateOrderResult, 'order'> & { order?: Maybe<ResolversTypes['Order']> }>;
  DeliveryMethod: DeliveryMethod;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  GalleryImage: ResolverTypeWrapper<PhotoRow>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Image: ResolverTypeWrapper<Image>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  ListingScopeInput: ListingScopeInput;
  MenuItem: ResolverTypeWrapper<MenuItem>;
  MenuItemType: MenuItemType;
  MenuPanel: ResolverTypeWrapper<MenuPanel>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Offer: ResolverTypeWrapper<OfferRow>;
  Order: ResolverTypeWrapper<OrderRow>;
  OrderDataInput: OrderDataInput;
  OrderError: ResolverTypeWrapper<OrderError>;
  OrderErrorCode: OrderErrorCode;
  OrderItemInput: OrderItemInput;
  OrderLine: ResolverTypeWrapper<OrderLineRow>;
  OrderPayment: ResolverTypeWrapper<OrderPayment>;
  OrderStatus: OrderStatus;
  PageMeta: ResolverTypeWrapper<PageMeta>;
  PageType: PageType;
  PaymentInfo: ResolverTypeWrapper<PaymentInfo>;
  PaymentProviderName: PaymentProviderName;
  PaymentStart: ResolverTypeWrapper<PaymentStart>;
  PaymentStatus: PaymentStatus;
  Product: ResolverTypeWrapper<ProductRow>;
  ProductFilterInput: ProductFilterInput;
  ProductFilters: ResolverTypeWrapper<ProductFilters>;
  ProductList: ResolverTypeWrapper<Omit<ProductList, 'items'> & { items: Array<ResolversTypes['Product']> }>;
  ProductModel: ResolverTypeWrapper<ModelRow>;
  ProductSort: ProductSort;
  ProductType: ProductType;
  Property: ResolverTypeWrapper<Property>;
  PropertyFilter: ResolverTypeWrapper<PropertyFilter>;
  PropertyFilterInput: PropertyFilterInput;
  PropertyValueFacet: ResolverTypeWrapper<PropertyValueFacet>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ResolvedPage: ResolverTypeWrapper<ResolvedPageRow>;
  SitemapEntry: ResolverTypeWrapper<SitemapEntry>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  TechnicalAttribute: ResolverTypeWrapper<TechnicalAttribute>;
  TechnicalAttributeType: TechnicalAttributeType;
  Thumbnail: ResolverTypeWrapper<Thumbnail>;
  Variant: ResolverTypeWrapper<Variant>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Boolean: Scalars['Boolean']['output'];
  Brand: BrandRow;
  BrandFacet: BrandFacet;
  BrandFilterInput: BrandFilterInput;
  BrandList: Omit<BrandList, 'items'> & { items: Array<ResolversParentTypes['Brand']> };
  Category: CategoryRow;
  CategoryFacet: CategoryFacet;
  CategoryFilterInput: CategoryFilterInput;
  CreateOrderInput: CreateOrderInput;
  CreateOrderResult: Omit<CreateOrderResult, 'order'> & { order?: Maybe<ResolversParentTypes['Order']> };
  Float: Scalars['Float']['output'];
  GalleryImage: PhotoRow;
  ID: Scalars['ID']['output'];
  Image: Image;
  Int: Scalars['Int']['output'];
  ListingScopeInput: ListingScopeInput;
  MenuItem: MenuItem;
  MenuPanel: MenuPanel;
  Mutation: Record<PropertyKey, never>;
  Offer: OfferRow;
  Order: OrderRow;
  OrderDataInput: OrderDataInput;
  OrderError: OrderError;
  OrderItemInput: OrderItemInput;
  OrderLine: OrderLineRow;
  OrderPayment: OrderPayment;
  PageMeta: PageMeta;
  PaymentInfo: PaymentInfo;
  PaymentStart: PaymentStart;
  Product: ProductRow;
  ProductFilterInput: ProductFilterInput;
  ProductFilters: ProductFilters;
  ProductList: Omit<ProductList, 'items'> & { items: Array<ResolversParentTypes['Product']> };
  ProductModel: ModelRow;
  Property: Property;
  PropertyFilter: PropertyFilter;
  PropertyFilterInput: PropertyFilterInput;
  PropertyValueFacet: PropertyValueFacet;
  Query: Record<PropertyKey, never>;
  ResolvedPage: ResolvedPageRow;
  SitemapEntry: SitemapEntry;
  String: Scalars['String']['output'];
  TechnicalAttribute: TechnicalAttribute;
  Thumbnail: Thumbnail;
  Variant: Variant;
};

export type BrandResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Brand'] = ResolversParentTypes['Brand']> = {
  aliases?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  heading?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<Maybe<ResolversTypes['Image']>, ParentType, ContextType>;
  logo?: Resolver<Maybe<ResolversTypes['Image']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  onMainPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type BrandFacetResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['BrandFacet'] = ResolversParentTypes['BrandFacet']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  selected?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type BrandListResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['BrandList'] = ResolversParentTypes['BrandList']> = {
  items?: Resolver<Array<ResolversTypes['Brand']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CategoryResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Category'] = ResolversParentTypes['Category']> = {
  children?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<Maybe<ResolversTypes['Image']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parent?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  parentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CategoryFacetResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['CategoryFacet'] = ResolversParentTypes['CategoryFacet']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  selected?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  webPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CreateOrderResultResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['CreateOrderResult'] = ResolversParentTypes['CreateOrderResult']> = {
  errors?: Resolver<Array<ResolversTypes['OrderError']>, ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type GalleryImageResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['GalleryImage'] = ResolversParentTypes['GalleryImage']> = {
  height?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  width?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ImageResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Image'] = ResolversParentTypes['Image']> = {
  fullpath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  height?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  width?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type MenuItemResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['MenuItem'] = ResolversParentTypes['MenuItem']> = {
  children?: Resolver<Array<ResolversTypes['MenuItem']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isNew?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  panel?: Resolver<Maybe<ResolversTypes['MenuPanel']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['MenuItemType'], ParentType, ContextType>;
};

export type MenuPanelResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['MenuPanel'] = ResolversParentTypes['MenuPanel']> = {
  href?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  image?: Resolver<Maybe<ResolversTypes['Image']>, ParentType, ContextType>;
  text?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createOrder?: Resolver<ResolversTypes['CreateOrderResult'], ParentType, ContextType, RequireFields<MutationCreateOrderArgs, 'input'>>;
  startPayment?: Resolver<ResolversTypes['PaymentStart'], ParentType, ContextType, RequireFields<MutationStartPaymentArgs, 'id' | 'key'>>;
};

export type OfferResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Offer'] = ResolversParentTypes['Offer']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priceInRUB?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  soldOut?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  stock?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type OrderResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order']> = {
  accessKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  city?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  comment?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  deliveryMethod?: Resolver<ResolversTypes['DeliveryMethod'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fullName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['OrderLine']>, ParentType, ContextType>;
  orderdate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ordernumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  payment?: Resolver<Maybe<ResolversTypes['OrderPayment']>, ParentType, ContextType>;
  phone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reservedUntil?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  totalPrice?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type OrderErrorResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['OrderError'] = ResolversParentTypes['OrderError']> = {
  available?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['OrderErrorCode'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  line?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type OrderLineResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['OrderLine'] = ResolversParentTypes['OrderLine']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  offerId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type OrderPaymentResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['OrderPayment'] = ResolversParentTypes['OrderPayment']> = {
  provider?: Resolver<ResolversTypes['PaymentProviderName'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PaymentStatus'], ParentType, ContextType>;
};

export type PageMetaResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['PageMeta'] = ResolversParentTypes['PageMeta']> = {
  canonical?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  jsonLd?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  keywords?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ogDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ogImages?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  ogTitle?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ogType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ogUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  robots?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PaymentInfoResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['PaymentInfo'] = ResolversParentTypes['PaymentInfo']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  linkURL?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PaymentStartResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['PaymentStart'] = ResolversParentTypes['PaymentStart']> = {
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ProductResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Product'] = ResolversParentTypes['Product']> = {
  brand?: Resolver<ResolversTypes['Brand'], ParentType, ContextType>;
  colorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  gallery?: Resolver<Array<ResolversTypes['GalleryImage']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  inStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  mainCategory?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
  minPriceInRUB?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  modelId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  offers?: Resolver<Array<ResolversTypes['Offer']>, ParentType, ContextType>;
  photo?: Resolver<Maybe<ResolversTypes['Image']>, ParentType, ContextType>;
  priceInRUB?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sizes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  technicalAttributes?: Resolver<Array<ResolversTypes['TechnicalAttribute']>, ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['ProductType'], ParentType, ContextType>;
  variantType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  variants?: Resolver<Array<ResolversTypes['Variant']>, ParentType, ContextType>;
  webPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ProductFiltersResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['ProductFilters'] = ResolversParentTypes['ProductFilters']> = {
  brands?: Resolver<Array<ResolversTypes['BrandFacet']>, ParentType, ContextType>;
  categories?: Resolver<Array<ResolversTypes['CategoryFacet']>, ParentType, ContextType>;
  minPriceInRUBFrom?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  minPriceInRUBTo?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  properties?: Resolver<Array<ResolversTypes['PropertyFilter']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ProductListResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['ProductList'] = ResolversParentTypes['ProductList']> = {
  items?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType>;
  searchCorrected?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  searchWords?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ProductModelResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['ProductModel'] = ResolversParentTypes['ProductModel']> = {
  brand?: Resolver<ResolversTypes['Brand'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  mainCategory?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  technicalAttributes?: Resolver<Array<ResolversTypes['TechnicalAttribute']>, ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  variants?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType>;
};

export type PropertyResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Property'] = ResolversParentTypes['Property']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PropertyFilterResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['PropertyFilter'] = ResolversParentTypes['PropertyFilter']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  options?: Resolver<Array<ResolversTypes['PropertyValueFacet']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  values?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PropertyValueFacetResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['PropertyValueFacet'] = ResolversParentTypes['PropertyValueFacet']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  selected?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  brand?: Resolver<Maybe<ResolversTypes['Brand']>, ParentType, ContextType, RequireFields<QueryBrandArgs, 'id'>>;
  brands?: Resolver<ResolversTypes['BrandList'], ParentType, ContextType, RequireFields<QueryBrandsArgs, 'limit' | 'offset'>>;
  categories?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType, Partial<QueryCategoriesArgs>>;
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType, RequireFields<QueryCategoryArgs, 'id'>>;
  health?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  menu?: Resolver<Array<ResolversTypes['MenuItem']>, ParentType, ContextType>;
  newestProducts?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryNewestProductsArgs, 'limit'>>;
  offers?: Resolver<Array<ResolversTypes['Offer']>, ParentType, ContextType, Partial<QueryOffersArgs>>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType, RequireFields<QueryOrderArgs, 'key' | 'number'>>;
  pageMeta?: Resolver<Maybe<ResolversTypes['PageMeta']>, ParentType, ContextType, RequireFields<QueryPageMetaArgs, 'query' | 'type'>>;
  paymentInfo?: Resolver<Maybe<ResolversTypes['PaymentInfo']>, ParentType, ContextType, RequireFields<QueryPaymentInfoArgs, 'id' | 'key'>>;
  popularProducts?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryPopularProductsArgs, 'limit'>>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryProductArgs, 'id'>>;
  productFilters?: Resolver<ResolversTypes['ProductFilters'], ParentType, ContextType, Partial<QueryProductFiltersArgs>>;
  productModel?: Resolver<Maybe<ResolversTypes['ProductModel']>, ParentType, ContextType, RequireFields<QueryProductModelArgs, 'id'>>;
  products?: Resolver<ResolversTypes['ProductList'], ParentType, ContextType, RequireFields<QueryProductsArgs, 'limit' | 'offset' | 'sort' | 'type'>>;
  properties?: Resolver<Array<ResolversTypes['Property']>, ParentType, ContextType>;
  recommendedProducts?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryRecommendedProductsArgs, 'limit'>>;
  resolvePage?: Resolver<ResolversTypes['ResolvedPage'], ParentType, ContextType, RequireFields<QueryResolvePageArgs, 'path' | 'query'>>;
  sitemap?: Resolver<Array<ResolversTypes['SitemapEntry']>, ParentType, ContextType>;
  topBrands?: Resolver<Array<ResolversTypes['Brand']>, ParentType, ContextType, RequireFields<QueryTopBrandsArgs, 'limit'>>;
};

export type ResolvedPageResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['ResolvedPage'] = ResolversParentTypes['ResolvedPage']> = {
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  location?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PageType'], ParentType, ContextType>;
};

export type SitemapEntryResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['SitemapEntry'] = ResolversParentTypes['SitemapEntry']> = {
  lastModified?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  path?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PageType'], ParentType, ContextType>;
};

export type TechnicalAttributeResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['TechnicalAttribute'] = ResolversParentTypes['TechnicalAttribute']> = {
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  number?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  text?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['TechnicalAttributeType'], ParentType, ContextType>;
  unit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ThumbnailResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Thumbnail'] = ResolversParentTypes['Thumbnail']> = {
  height?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  src?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  width?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type VariantResolvers<ContextType = ApiContext, ParentType extends ResolversParentTypes['Variant'] = ResolversParentTypes['Variant']> = {
  color?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  colorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  inStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  thumbnail?: Resolver<Maybe<ResolversTypes['Thumbnail']>, ParentType, ContextType>;
  webPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = ApiContext> = {
  Brand?: BrandResolvers<ContextType>;
  BrandFacet?: BrandFacetResolvers<ContextType>;
  BrandList?: BrandListResolvers<ContextType>;
  Category?: CategoryResolvers<ContextType>;
  CategoryFacet?: CategoryFacetResolvers<ContextType>;
  CreateOrderResult?: CreateOrderResultResolvers<ContextType>;
  GalleryImage?: GalleryImageResolvers<ContextType>;
  Image?: ImageResolvers<ContextType>;
  MenuItem?: MenuItemResolvers<ContextType>;
  MenuPanel?: MenuPanelResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Offer?: OfferResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderError?: OrderErrorResolvers<ContextType>;
  OrderLine?: OrderLineResolvers<ContextType>;
  OrderPayment?: OrderPaymentResolvers<ContextType>;
  PageMeta?: PageMetaResolvers<ContextType>;
  PaymentInfo?: PaymentInfoResolvers<ContextType>;
  PaymentStart?: PaymentStartResolvers<ContextType>;
  Product?: ProductResolvers<ContextType>;
  ProductFilters?: ProductFiltersResolvers<ContextType>;
  ProductList?: ProductListResolvers<ContextType>;
  ProductModel?: ProductModelResolvers<ContextType>;
  Property?: PropertyResolvers<ContextType>;
  PropertyFilter?: PropertyFilterResolvers<ContextType>;
  PropertyValueFacet?: PropertyValueFacetResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ResolvedPage?: ResolvedPageResolvers<ContextType>;
  SitemapEntry?: SitemapEntryResolvers<ContextType>;
  TechnicalAttribute?: TechnicalAttributeResolvers<ContextType>;
  Thumbnail?: ThumbnailResolvers<ContextType>;
  Variant?: VariantResolvers<ContextType>;
};

