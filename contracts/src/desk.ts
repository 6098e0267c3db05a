/**
 * The orders desk's REST contract (/api/admin/*): the API's desk routes answer these shapes and
 * the host's desk reads them. JSON over fetch behind the session cookie, so neither the GraphQL
 * schema nor its generated types cover it; this module is its one home. The shapes are zod
 * schemas: the desk parses every answer with them, so an API that answers otherwise fails with
 * one clear message instead of an undefined deep in a page.
 */
import * as z from 'zod/mini';

/** The order lifecycle's states, in the order the desk lists them. */
export const ORDER_STATUSES = ['new', 'paid', 'assembled', 'shipped', 'ready', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How the desk, the CLI's output and the letters name each status. */
export const ORDER_STATUS_TITLES: Record<OrderStatus, string> = {
  new: 'новый',
  paid: 'оплачен',
  assembled: 'собран',
  shipped: 'отправлен',
  ready: 'ждёт в пункте выдачи',
  delivered: 'доставлен',
  cancelled: 'отменён',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

const deskRoleSchema = z.enum(['owner', 'manager']);
export type DeskRole = z.infer<typeof deskRoleSchema>;

export const ROLE_TITLES: Record<DeskRole, string> = { owner: 'владелец', manager: 'менеджер' };

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const deskUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: deskRoleSchema,
});
export type DeskUser = z.infer<typeof deskUserSchema>;

/** One line of the orders list. Dates travel as ISO strings. */
export const orderSummarySchema = z.object({
  number: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  statusTitle: z.string(),
  totalPrice: z.number(),
  items: z.number(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  city: z.string(),
  deliveryMethod: z.string(),
  paymentStatus: z.nullable(z.string()),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListSchema = z.object({
  orders: z.array(orderSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type OrderList = z.infer<typeof orderListSchema>;

const orderLineSchema = z.object({
  name: z.string(),
  sku: z.string(),
  size: z.string(),
  price: z.number(),
  quantity: z.number(),
  total: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const orderPaymentSchema = z.object({
  provider: z.string(),
  providerPaymentId: z.nullable(z.string()),
  status: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** One change of status; `note` is empty when the change came without one. */
const orderEventSchema = z.object({
  at: z.string(),
  actor: z.string(),
  actorTitle: z.string(),
  from: z.nullable(z.string()),
  fromTitle: z.nullable(z.string()),
  to: z.string(),
  toTitle: z.string(),
  note: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * One order as the desk opens it: the list's line plus what only the order page shows. `masked`
 * is set when the viewer may not see personal data (the personal fields are masked then).
 */
export const orderDetailSchema = z.extend(orderSummarySchema, {
  address: z.string(),
  comment: z.string(),
  deliveryTitle: z.string(),
  /** The parcel's tracking number and its carrier's page, once shipped with one. */
  tracking: z.nullable(z.object({ number: z.string(), url: z.nullable(z.string()) })),
  /** The term promised, the pickup point and what the carrier charges the shop, as checked when it was placed. */
  delivery: z.optional(
    z.nullable(
      z.object({
        term: z.string(),
        fromCarrier: z.boolean(),
        cost: z.nullable(z.number()),
        pickupPoint: z.nullable(z.object({ code: z.string(), address: z.string(), workTime: z.string(), verified: z.boolean() })),
      }),
    ),
  ),
  /** The shopper's return requests: the desk refunds (through the payment provider) or rejects each. */
  returns: z.optional(
    z.array(
      z.object({
        id: z.number(),
        createdAt: z.string(),
        status: z.enum(['requested', 'refunding', 'refunded', 'rejected']),
        reason: z.string(),
        comment: z.string(),
        amount: z.number(),
        lines: z.array(z.object({ name: z.string(), size: z.string(), price: z.number(), quantity: z.number() })),
        note: z.string(),
        refundError: z.nullable(z.string()),
      }),
    ),
  ),
  /** The parcel's registration with СДЭК: pending (with tries and the last error), registered, or failed (why). */
  shipment: z.optional(
    z.nullable(
      z.object({
        state: z.enum(['pending', 'registered', 'failed']),
        attempts: z.number(),
        lastError: z.nullable(z.string()),
        carrierNumber: z.nullable(z.string()),
        carrierStatus: z.nullable(z.string()),
      }),
    ),
  ),
  masked: z.boolean(),
  reservedUntil: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  lines: z.array(orderLineSchema),
  consent: z.nullable(z.object({ version: z.string(), at: z.string(), clientIp: z.string() })),
  payments: z.array(orderPaymentSchema),
  history: z.array(orderEventSchema),
  next: z.array(z.object({ status: orderStatusSchema, title: z.string() })),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The largest catalogue upload (a ZIP of the catalogue and its photos) the desk takes; bigger ones: `npm run import` from a folder. */
export const CATALOG_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

const catalogProblemSchema = z.object({ position: z.string(), line: z.optional(z.number()), message: z.string() });
/** The answer to a catalogue upload: what was loaded and the photos left out, or why nothing changed. */
export const catalogUploadSchema = z.union([
  z.object({
    ok: z.literal(true),
    loaded: z.object({ categories: z.number(), brands: z.number(), models: z.number(), products: z.number(), offers: z.number() }),
    photos: z.object({ imported: z.number(), refused: z.array(catalogProblemSchema) }),
  }),
  z.object({ ok: z.literal(false), problems: z.array(catalogProblemSchema) }),
]);
export type CatalogUpload = z.infer<typeof catalogUploadSchema>;

/** A colour's photo as the desk shows it: its size, the original's bytes (imported photos) and the renditions made. */
const adminPhotoSchema = z.object({
  id: z.number(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  color: z.nullable(z.string()),
  bytes: z.nullable(z.number()),
  renditions: z.array(z.string()),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;
export const productPhotosSchema = z.object({
  product: z.object({ sku: z.string(), name: z.string(), webPath: z.string(), photos: z.array(adminPhotoSchema) }),
});
export type ProductPhotos = z.infer<typeof productPhotosSchema>['product'];

/** The desk API's answers, by request: what the desk parses each one with. */
export const deskAnswerSchemas = {
  session: z.object({ user: deskUserSchema }),
  orders: orderListSchema,
  order: z.object({ order: orderDetailSchema }),
  catalog: catalogUploadSchema,
  productPhotos: productPhotosSchema,
  photo: z.object({ photo: adminPhotoSchema }),
};
