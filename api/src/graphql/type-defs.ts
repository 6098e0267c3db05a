// The schema is the API's contract with the front end; api/schema.graphql is printed from it.
import { DELIVERY_METHOD_CODES, DELIVERY_METHODS } from '@shop/contracts/order';
import { PAGE_TYPES, PAGES } from '@shop/contracts/pages';

/** The page types are the contract's page table (@shop/contracts/pages), not a copy of it. */
function pageTypeEnum(): string {
  const values = PAGE_TYPES.map((type) => {
    const about: string | undefined = (PAGES[type] as { about?: string }).about;
    return about ? `  ${JSON.stringify(about)}\n  ${type}` : `  ${type}`;
  });
  return `enum PageType {\n${values.join('\n')}\n}`;
}

/** The delivery methods from @shop/contracts/order, each described by its Russian title. */
function deliveryMethodEnum(): string {
  const values = DELIVERY_METHOD_CODES.map((method) => `  ${JSON.stringify(DELIVERY_METHODS[method].title)}\n  ${method}`);
  return `enum DeliveryMethod {\n${values.join('\n')}\n}`;
}

export const typeDefs = /* GraphQL */ `
"""
The API's response cache may keep this root field's answers (15 minutes, dropped when the
catalogue changes). Only public catalogue data that is the same for every shopper and every
moment: a field without it is never cached, so a new per-shopper field is safe by default.
"""
directive @cached on FIELD_DEFINITION

"""
The shop's catalogue, search, page resolution, page metadata and orders. Prices are whole
roubles (RUB). Ids are decimal strings. Errors carry \`extensions.code\`.
"""
type Query {
  "True once the database answers."
  health: Boolean!

  "Categories sorted by name."
  categories(filter: CategoryFilterInput): [Category!]! @cached
  "One category, or null when the id is unknown."
  category(id: ID!): Category @cached

  "Brands sorted by name. limit 1–100."
  brands(filter: BrandFilterInput, offset: Int = 0, limit: Int = 50): BrandList! @cached
  "One brand, or null when the id is unknown."
  brand(id: ID!): Brand @cached
  "Brands shown on the home page (onMainPage), sorted by name."
  topBrands(limit: Int = 20): [Brand!]! @cached

  """
  Product listing for category, brand and search pages. \`scope\` is the page itself (a category,
  a brand, a search text); \`filter\` holds the shopper's selections. limit 1–100, offset 0–100000.
  """
  products(
    type: ProductType = MODEL
    scope: ListingScopeInput
    filter: ProductFilterInput
    sort: ProductSort = NEWLY
    offset: Int = 0
    limit: Int = 24
  ): ProductList! @cached
  """
  Filter data for a listing: price range, brands, categories and the allowed properties, each
  value with the number of products it would leave given the other selections.
  """
  productFilters(scope: ListingScopeInput, filter: ProductFilterInput): ProductFilters! @cached

  "A product (colour variant) with its detail fields, or null."
  product(id: ID!): Product @cached
  "A product model with all its colour variants, or null."
  productModel(id: ID!): ProductModel @cached
  "Offers (sizes) of the given products and/or models, sorted by price ascending."
  offers(productIds: [ID!], modelIds: [ID!]): [Offer!]! @cached
  """
  The sizes in a cart as the shop sells them at this moment: today's price, free stock and the
  product, for the cart and the checkout. Never cached. At most 100 ids; an id the catalogue no
  longer has is left out (the cart then says the item is gone).
  """
  cartOffers(ids: [ID!]!): [Offer!]!

  "Home page: recommended products, most recently modified first."
  recommendedProducts(excludeIds: [ID!], categoryIds: [ID!], priceFrom: Int, priceTo: Int, limit: Int = 20): [Product!]! @cached
  "Home page: popular products, in the 24 000–42 000 ₽ band, newest first."
  popularProducts(categoryIds: [ID!], brandIds: [ID!], limit: Int = 20): [Product!]! @cached
  "Home page: newest products by creation date."
  newestProducts(categoryIds: [ID!], brandIds: [ID!], limit: Int = 20): [Product!]! @cached

  "All filterable properties (the listing only offers the configured allowed ones)."
  properties: [Property!]! @cached
  "The navigation tree for the header and the mobile menu."
  menu: [MenuItem!]! @cached

  """
  What a URL shows. \`path\` is the URL path (it may include a query string); \`query\` the query
  string without "?". Known paths: status 200. Case, trailing-slash variants and redirect-table
  entries: 301/302 with \`location\` (query kept). Unknown: 404 NOT_FOUND.
  """
  resolvePage(path: String!, query: String = ""): ResolvedPage!
  "Metadata of a page, in Russian. The canonical URL leaves filter parameters out. Null for an unknown id."
  pageMeta(type: PageType!, id: ID, query: String = ""): PageMeta @cached
  "Every page a search engine may index, for sitemap.xml: the fixed ones (home, returns), then the catalogue."
  sitemap: [SitemapEntry!]! @cached

  """
  Each delivery method's term to the typed city (СДЭК's tariffs with DELIVERY_PROVIDER=cdek, the
  shop's estimates otherwise or while СДЭК does not answer), and СДЭК's city for pickupPoints.
  Never cached here (the API keeps СДЭК's answers an hour). Each call counts against the client's
  per-minute delivery budget (RATE_LIMITED).
  """
  deliveryOptions(city: String!): DeliveryOptions!
  """
  Suggestions for the checkout's city (CITY) or address within the given city (ADDRESS), Russia only, at
  most 7; [] when suggestions are off or the service is slow (the fields stay plain text). Counts
  like deliveryOptions.
  """
  addressSuggestions(kind: AddressKind!, query: String!, city: String): [AddressSuggestion!]!
  "A СДЭК city's pickup points whose name, address, metro or code contain every word of search. limit 1–50. Counts like deliveryOptions."
  pickupPoints(cityCode: Int!, search: String = "", limit: Int = 20): PickupPointList!

  "An order for its page; null unless number and access key match. Each call (each alias) counts against the client's per-minute look-up budget (RATE_LIMITED)."
  order(number: String!, key: String!): Order
  """
  Where to send the shopper to pay, for tabs opened before startPayment: it starts (or resumes)
  the order's payment exactly like startPayment (so this query has a side effect); a paid order
  answers its own page. Null unless id and key match.
  """
  paymentInfo(id: ID!, key: String!): PaymentInfo @deprecated(reason: "Use the startPayment mutation.")
}

type Mutation {
  """
  Places an order. Prices and the total come from the catalogue; a line whose client price
  differs answers PRICE_CHANGED with the current price. The same idempotencyKey with the same
  order content (lines, contact, delivery, consent) returns the same order; with other content it
  fails with IDEMPOTENCY_KEY_REUSED and nothing of the stored order. Rate-limited per client IP
  (extensions.code RATE_LIMITED).
  """
  createOrder(input: CreateOrderInput!): CreateOrderResult!
  """
  A shopper's request to return lines of a shipped or received order (number and key as for
  order), with a reason. A good item within 7 days of receipt; a defect or a wrong item later too.
  Quantities are bounded by what was bought less earlier requests. Counts against the order
  look-up budget (RATE_LIMITED). The shop refunds or rejects it in the desk.
  """
  requestReturn(input: RequestReturnInput!): RequestReturnResult!
  """
  Starts the order's payment with the shop's provider (ЮKassa, or the sandbox in development) and
  answers where to send the shopper. One payment per order at a time: a pending one is resumed.
  Errors (extensions.code): NOT_FOUND (id and key do not match), ALREADY_PAID, ORDER_CANCELLED,
  PAYMENT_UNAVAILABLE («Не удалось начать оплату. Попробуйте ещё раз.»), RATE_LIMITED (counts
  against the order look-up budget).
  """
  startPayment(id: ID!, key: String!): PaymentStart!
}

"""
An image. \`fullpath\` is relative to the shop's origin or absolute. A photo of the shop's photo
pipeline (/api/photos/<source>/<width>.jpg) also comes in other widths and in AVIF and WebP:
@shop/contracts/photos builds them from this address.
"""
type Image {
  fullpath: String!
  width: Int!
  height: Int!
  "A photo's dominant colour (#rrggbb), to paint until it loads; null when unknown."
  color: String
}

input CategoryFilterInput {
  "true: only subcategories; false: only top-level categories."
  isHaveParent: Boolean
  parentId: ID
}

type Category {
  id: ID!
  parentId: ID
  name: String!
  webPath: String!
  text: String!
  description: String!
  image: Image
  parent: Category
  "Subcategories sorted by name."
  children: [Category!]!
}

input BrandFilterInput {
  onMainPage: Boolean
}

type Brand {
  id: ID!
  name: String!
  "Other spellings the search understands (e.g. найк)."
  aliases: [String!]!
  webPath: String!
  text: String!
  heading: String!
  description: String!
  logo: Image
  "The brand's image: its logo."
  image: Image
  onMainPage: Boolean!
}

type BrandList {
  totalCount: Int!
  items: [Brand!]!
}

"MODEL: one element per product page (colour variant). OFFER: one element per size offer."
enum ProductType {
  MODEL
  OFFER
}

enum ProductSort {
  "По новинкам"
  NEWLY
  "По возрастанию цены"
  PRICEUP
  "По убыванию цены"
  PRICEDOWN
  "По совпадению: relevance to the search text (newest first without one)"
  CONDITION
}

"The page a listing belongs to; always applied, never a facet."
input ListingScopeInput {
  categoryId: ID
  brandId: ID
  "Search text: Russian morphology, sku, Latin/Cyrillic brand names, typos, wrong keyboard layout."
  search: String
}

"Selected values of one property (e.g. size 42 or 43)."
input PropertyFilterInput {
  "The property's id or its name (e.g. size)."
  propertyId: ID!
  values: [String!]!
}

input ProductFilterInput {
  categoryIds: [ID!]
  brandIds: [ID!]
  priceFrom: Int
  priceTo: Int
  properties: [PropertyFilterInput!]
  "Elements to leave out (product ids for MODEL, offer ids for OFFER)."
  excludeIds: [ID!]
  "Only these elements (product ids for MODEL, offer ids for OFFER; at most 200), e.g. the shopper's favourites. An id no longer in the catalogue is simply not listed."
  ids: [ID!]
}

type ProductList {
  totalCount: Int!
  items: [Product!]!
  "The words searched after correction (morphology, typos, layout); null without a search."
  searchWords: [String!]
  "The query as searched when the search corrected what was typed (a typo, the keyboard layout); null when it searched what was typed, without a search, or when nothing was found."
  searchCorrected: String
  "Why a search found nothing and what to try instead; null when something was found or without a search."
  searchHint: SearchHint
}

"Why a search found nothing, in the shopper's own words, and queries that do find something."
type SearchHint {
  "Words of the query no product has, as typed in lower case (a query with one finds nothing: no word is left out silently)."
  unmatched: [String!]!
  "An article-shaped word that names no article, as typed in lower case; the nearest articles are among the alternatives."
  article: String
  "Queries to try instead, each with the number of products it finds (none that finds nothing)."
  alternatives: [SearchAlternative!]!
  "Categories to browse instead: those with most products of the first alternative, or the top sections when there is none."
  categories: [Category!]!
}

"A query to offer instead of one that found nothing."
type SearchAlternative {
  "The search text."
  query: String!
  "Words of the original query it leaves out."
  without: [String!]!
  "Products it finds, with the listing's filters."
  totalCount: Int!
  "The product's name when the alternative is a near article."
  title: String
}

"A listing element and a product page: a colour variant of a model (or one of its offers in OFFER listings)."
type Product {
  "Product id (MODEL) or offer id (OFFER)."
  id: ID!
  type: ProductType!
  "The colour variant's id (equals id for MODEL)."
  productId: ID!
  "The model's id for MODEL elements; the product's id for OFFER elements."
  modelId: ID
  name: String!
  sku: String!
  "Sizes in stock."
  sizes: [String!]!
  """
  Colour variants of the same model, this one included, in the model's order. limit (1–10): at
  most that many, this one always among them (a card's swatches; variantCount says how many there are).
  """
  variants(limit: Int): [Variant!]!
  "How many colour variants the model has, this one included."
  variantCount: Int!
  variantType: String!
  photo: Image
  webPath: String!
  "Price of this element: the offer's price, or the lowest price for a model."
  priceInRUB: Int
  minPriceInRUB: Int!
  inStock: Boolean!
  colorName: String!
  mainCategory: Category!
  brand: Brand!
  createdAt: String!
  text: String!
  description: String!
  gallery: [GalleryImage!]!
  technicalAttributes: [TechnicalAttribute!]!
  "Offers (sizes) sorted by price ascending."
  offers: [Offer!]!
  """
  The price a product card shows: priceInRUB when every size one can buy costs the same (every
  size when none is in stock), null when they cost differently (the card says «от» minPriceInRUB).
  Spares a card the offers list.
  """
  cardPriceInRUB: Int
  "The size chart for the product's category (or a parent) and brand, the brand's own first; null when the catalogue has none."
  sizeChart: SizeChart
}

type SizeChart {
  title: String!
  "«RU», «EU», «US», «Длина стопы, см»"
  columns: [String!]!
  rows: [SizeChartRow!]!
  "How to measure."
  note: String!
}

type SizeChartRow {
  "The shop's size, as the size grid shows it."
  size: String!
  "One per column."
  values: [String!]!
}

type Variant {
  id: ID!
  name: String!
  "A style class name for the colour swatch (e.g. white)."
  color: String!
  "The colour in Russian (e.g. белый)."
  colorName: String!
  webPath: String!
  thumbnail: Thumbnail
  "False when no size of this colour is in stock."
  inStock: Boolean!
}

type Thumbnail {
  src: String!
  width: Int!
  height: Int!
}

type GalleryImage {
  id: ID!
  "A photo pipeline address where the photo is the shop's own (see Image)."
  url: String!
  width: Int!
  height: Int!
  "The photo's dominant colour (#rrggbb); null when unknown."
  color: String
}

enum TechnicalAttributeType {
  TEXT
  NUMBER
}

type TechnicalAttribute {
  name: String!
  title: String!
  description: String
  type: TechnicalAttributeType!
  text: String
  number: Float
  unit: String
}

type Offer {
  id: ID!
  productId: ID!
  sku: String!
  size: String!
  priceInRUB: Int!
  stock: Int!
  soldOut: Boolean!
  product: Product
}

type ProductModel {
  id: ID!
  name: String!
  text: String!
  description: String!
  brand: Brand!
  mainCategory: Category!
  technicalAttributes: [TechnicalAttribute!]!
  variants: [Product!]!
}

type ProductFilters {
  "Products matching scope and every selection."
  totalCount: Int!
  minPriceInRUBFrom: Int
  minPriceInRUBTo: Int
  brands: [BrandFacet!]!
  categories: [CategoryFacet!]!
  properties: [PropertyFilter!]!
}

type BrandFacet {
  id: ID!
  name: String!
  count: Int!
  selected: Boolean!
}

type CategoryFacet {
  id: ID!
  parentId: ID
  name: String!
  webPath: String!
  count: Int!
  selected: Boolean!
}

type PropertyFilter {
  id: ID!
  name: String!
  title: String!
  "Values with at least one product (or selected)."
  values: [String!]!
  options: [PropertyValueFacet!]!
}

type PropertyValueFacet {
  value: String!
  count: Int!
  selected: Boolean!
}

type Property {
  id: ID!
  name: String!
  title: String!
  "Every value the catalogue has for it (a size sold out everywhere too), sorted as the filters list them."
  values: [String!]!
}

enum MenuItemType {
  LINK
  DROPDOWN
  MEGA_MENU
}

type MenuItem {
  id: ID!
  name: String!
  href: String!
  type: MenuItemType!
  isNew: Boolean!
  "Any depth; a mega menu's children are its columns."
  children: [MenuItem!]!
  "A mega menu's side panel."
  panel: MenuPanel
}

type MenuPanel {
  title: String!
  text: String
  href: String
  image: Image
}

${pageTypeEnum()}

type ResolvedPage {
  "For a redirect: the type of the page it leads to."
  type: PageType!
  "The object shown: a category, brand or product id; for ORDER the order number, as in /order/<number>."
  id: ID
  "200, 301, 302 or 404."
  status: Int!
  "Where to redirect (path and query), for 301/302."
  location: String
}

type PageMeta {
  title: String!
  description: String!
  keywords: String!
  "Absolute; filter and sort parameters left out."
  canonical: String!
  robots: String!
  ogTitle: String!
  ogDescription: String!
  ogUrl: String!
  ogType: String!
  ogImages: [Image!]!
  "The page's largest photo as the page shows it (a product's first photo), for the server to preload; null on other pages."
  mainImage: Image
  "schema.org Product JSON-LD with an Offer per size in RUB (product pages), as a JSON string."
  jsonLd: String
}

type SitemapEntry {
  path: String!
  type: PageType!
  lastModified: String
}

${deliveryMethodEnum()}

input OrderDataInput {
  "ФИО"
  fullName: String!
  "Russian mobile: +7 (9xx) xxx-xx-xx"
  phone: String!
  email: String!
  city: String!
  address: String!
  deliveryMethod: DeliveryMethod!
  "CDEK_PICKUP with СДЭК: the code of a point from pickupPoints (the order's address becomes the point's). Ignored for other methods."
  pickupPointCode: String
  comment: String
  "Consent to personal-data processing (152-ФЗ); must be true."
  personalDataConsent: Boolean!
  "Version of the consent text the shopper agreed to."
  consentVersion: String!
}

input OrderItemInput {
  offerId: ID!
  "1–99"
  quantity: Int!
  "The price the shopper saw; when it differs from the catalogue the line fails with PRICE_CHANGED."
  price: Int
}

input CreateOrderInput {
  "Client-generated (8–100 of A-Z a-z 0-9 - _); the same key returns the same order."
  idempotencyKey: String!
  orderData: OrderDataInput!
  items: [OrderItemInput!]!
}

enum OrderErrorCode {
  REQUIRED
  INVALID_FORMAT
  TOO_LONG
  CONSENT_REQUIRED
  EMPTY_CART
  TOO_MANY_LINES
  INVALID_QUANTITY
  DUPLICATE_OFFER
  UNKNOWN_OFFER
  SOLD_OUT
  INSUFFICIENT_STOCK
  PRICE_CHANGED
  "The carrier does not deliver to the city by the chosen method (no СДЭК pickup point there)."
  DELIVERY_UNAVAILABLE
  "The chosen pickup point is not one of the city's (closed, or another city's)."
  PICKUP_POINT_UNKNOWN
  "The idempotency key was already used for an order with other content."
  IDEMPOTENCY_KEY_REUSED
}

type OrderError {
  "Input path, e.g. orderData.phone or items[2].quantity."
  field: String
  "Index of the cart line, for line errors."
  line: Int
  code: OrderErrorCode!
  "In Russian, ready to show beside the field or line."
  message: String!
  "PRICE_CHANGED: the current price."
  price: Int
  "SOLD_OUT / INSUFFICIENT_STOCK: how many are available."
  available: Int
}

"новый → оплачен → собран → отправлен → доставлен, or отменён."
enum OrderStatus {
  "Placed, waiting for payment; its units are reserved until the reservation expires."
  NEW
  PAID
  ASSEMBLED
  SHIPPED
  "At the carrier's pickup point, waiting for the shopper."
  READY
  DELIVERED
  "Cancelled by the shop or because it was not paid in time; its units are back in stock."
  CANCELLED
}

type Order {
  id: ID!
  ordernumber: String!
  "ISO 8601"
  orderdate: String!
  totalPrice: Int!
  status: OrderStatus!
  "Opens the order page and the payment page together with the number."
  accessKey: String!
  deliveryMethod: DeliveryMethod!
  fullName: String!
  phone: String!
  email: String!
  city: String!
  address: String!
  comment: String!
  lines: [OrderLine!]!
  "NEW: until when its units are held for the payment (ISO 8601); an order still unpaid then is cancelled. Null in any other status."
  reservedUntil: String
  "The order's latest payment (a succeeded one first); null before the shopper started paying."
  payment: OrderPayment
  "The parcel's tracking number and its carrier's page; null until the order is shipped with one."
  tracking: OrderTracking
  "The term promised and the pickup point, as checked when the order was placed; null for older orders."
  delivery: OrderDelivery
  "The shopper's return requests, oldest first."
  returns: [ReturnRequest!]!
  "Whether requestReturn takes a good item now (shipped, or received within 7 days); defects and wrong items later too."
  returnOpen: Boolean!
  "Until when a good item may be returned (ISO 8601); null before the order is received."
  returnUntil: String
}

enum AddressKind {
  CITY
  ADDRESS
}

type AddressSuggestion {
  "What goes into the field: «Казань», «ул Баумана, д 44»."
  value: String!
  "The region for a city; the city for an address."
  detail: String!
}

type DeliveryOptions {
  "СДЭК's city of that name; null when СДЭК is not used, does not know it or did not answer."
  city: DeliveryCity
  "True: CDEK_PICKUP takes a point from pickupPoints(city.code)."
  pickupPoints: Boolean!
  "One per method, in DeliveryMethod's order."
  terms: [DeliveryTerm!]!
  "СДЭК did not answer: the terms are the shop's estimates and the pickup point is typed as an address."
  carrierDown: Boolean!
}

type DeliveryCity {
  code: Int!
  name: String!
  "«Казань, Татарстан респ., Россия»"
  fullName: String!
}

type DeliveryTerm {
  method: DeliveryMethod!
  "False: the method does not reach the city (no СДЭК pickup point there)."
  available: Boolean!
  "Days from the order to the parcel's arrival, the shop's handling included."
  minDays: Int!
  maxDays: Int!
  "Moscow dates, YYYY-MM-DD."
  earliest: String!
  latest: String!
  "True: from the carrier's tariff; false: the shop's estimate."
  fromCarrier: Boolean!
}

type PickupPointList {
  "Points matching the search (the list holds at most limit of them)."
  total: Int!
  points: [PickupPoint!]!
}

type PickupPoint {
  code: String!
  name: String!
  address: String!
  "«Пн-Пт 10:00-20:00, Сб-Вс 10:00-18:00»"
  workTime: String!
  howToFind: String!
  nearestStation: String!
  "Payment by card at the point (for items paid there: this shop's orders are paid before)."
  card: Boolean!
  cash: Boolean!
  dressingRoom: Boolean!
}

type OrderDelivery {
  "CDEK_PICKUP with СДЭК: the chosen point."
  pickupPoint: OrderPickupPoint
  minDays: Int!
  maxDays: Int!
  "Moscow dates the parcel was expected between, YYYY-MM-DD, as promised when the order was placed."
  earliest: String!
  latest: String!
}

type OrderPickupPoint {
  code: String!
  name: String!
  address: String!
  workTime: String!
}

type OrderTracking {
  number: String!
  "The carrier's tracking page for the number (СДЭК, Почта России); null for a method without one."
  url: String
}

input RequestReturnInput {
  number: String!
  key: String!
  reason: ReturnReason!
  comment: String
  "At most 50; each offer once."
  lines: [ReturnLineInput!]!
}

input ReturnLineInput {
  offerId: ID!
  quantity: Int!
}

enum ReturnReason {
  SIZE
  LOOK
  DEFECT
  WRONG
  OTHER
}

enum ReturnStatus {
  "Waiting for the shop."
  REQUESTED
  "The shop is sending the money back (the payment provider has not confirmed yet)."
  REFUNDING
  REFUNDED
  REJECTED
}

type RequestReturnResult {
  success: Boolean!
  "field: reason, comment, lines, lines[i] or null for the order as a whole."
  errors: [ReturnError!]!
  request: ReturnRequest
}

type ReturnError {
  field: String
  message: String!
}

type ReturnRequest {
  id: ID!
  "ISO 8601"
  createdAt: String!
  status: ReturnStatus!
  reason: ReturnReason!
  comment: String!
  "Roubles to be (or already) refunded."
  amount: Int!
  lines: [ReturnLine!]!
  "The shop's note (a rejection's reason)."
  note: String!
}

type ReturnLine {
  offerId: ID!
  name: String!
  size: String!
  price: Int!
  quantity: Int!
}

type OrderLine {
  "Offer id when the order was placed."
  offerId: ID!
  "Units not yet in a return request (not rejected)."
  returnable: Int!
  "Product id when the order was placed (a later catalogue import may renumber products: use product)."
  productId: ID!
  name: String!
  sku: String!
  size: String!
  price: Int!
  quantity: Int!
  total: Int!
  "The product page today, found through the offer's sku; null when it is no longer sold."
  product: Product
}

type CreateOrderResult {
  success: Boolean!
  errors: [OrderError!]!
  order: Order
}

type PaymentInfo {
  id: ID!
  linkURL: String!
}

type PaymentStart {
  "The provider's payment page (another origin: navigate the whole window there)."
  url: String!
}

"A payment's state as its provider confirmed it when asked (never as a notification claimed)."
enum PaymentStatus {
  PENDING
  WAITING_FOR_CAPTURE
  SUCCEEDED
  CANCELED
}

enum PaymentProviderName {
  SANDBOX
  YOOKASSA
}

type OrderPayment {
  status: PaymentStatus!
  provider: PaymentProviderName!
}
`;
