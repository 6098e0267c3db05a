import { z } from 'zod';
import { imageUrlProblem, plainTextProblem, sitePathProblem } from './site-urls.ts';

// shop owners read these reports: zod's own messages in Russian
z.config(z.locales.ru());

// The import format; the generator produces the same shape, so seeding and importing share one loader.

const webPath = z
  .string()
  .regex(/^\/[a-z0-9\-_/.]*[a-z0-9\-_.]$/, 'путь должен начинаться с «/», состоять из строчных латинских букв, цифр, «-», «_», «/» и не заканчиваться на «/»');

// Everything below reaches shoppers' pages. Texts are plain text (shown as text by React, but
// also put into meta tags, JSON-LD and e-mails), addresses stay on this site: see site-urls.ts.
const refuse = (check: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const problem = check(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};
/** One line of plain text (names, titles, sizes, colours, keys). */
const line = (schema: z.ZodString) => schema.superRefine(refuse((v) => plainTextProblem(v)));
/** Plain text that may have line breaks (short texts, descriptions). */
const paragraph = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine(refuse((v) => plainTextProblem(v, true)));
const text = (max: number) => paragraph(max).optional().default('');
/** A link inside the shop (menu entries). */
const siteHref = z
  .string()
  .max(500)
  .superRefine(refuse((v) => sitePathProblem(v)));

type ImageSchema = ReturnType<typeof imageSchema>;

/**
 * A picture: shown from `url` as it is (`width`, `height` and, for pipeline photos, `color`
 * given), or a photo to import from `src` (a file beside the catalogue, or an https address
 * fetched during the import), which the import replaces by its pipeline address.
 */
function imageSchema(imageHosts: readonly string[]) {
  const dimension = z.number().int().positive().max(20000);
  return z
    .object({
      url: z
        .string()
        .min(1)
        .max(2000)
        .superRefine(refuse((v) => imageUrlProblem(v, imageHosts)))
        .optional(),
      src: z.string().trim().min(1).max(2000).optional(),
      width: dimension.optional(),
      height: dimension.optional(),
      color: z.string().regex(/^#[0-9a-f]{6}$/, 'цвет в виде #rrggbb').optional(),
    })
    .superRefine((v, ctx) => {
      if (v.src !== undefined) {
        if (v.url !== undefined) ctx.addIssue({ code: 'custom', path: ['src'], message: 'укажите что-то одно: url (готовая картинка) или src (фото для загрузки)' });
        return;
      }
      if (v.url === undefined) ctx.addIssue({ code: 'custom', path: ['url'], message: 'нужен url картинки или src фото для загрузки' });
      if (v.width === undefined) ctx.addIssue({ code: 'custom', path: ['width'], message: 'нужна ширина картинки' });
      if (v.height === undefined) ctx.addIssue({ code: 'custom', path: ['height'], message: 'нужна высота картинки' });
    });
}

const categorySchema = (image: ImageSchema) =>
  z.object({
    key: line(z.string().min(1).max(100)),
    parent: z.string().min(1).max(100).nullish(),
    name: line(z.string().trim().min(1).max(200)),
    path: webPath,
    text: text(1000),
    description: text(10000),
    image: image.optional(),
  });

const brandSchema = (image: ImageSchema) =>
  z.object({
    key: line(z.string().min(1).max(100)),
    name: line(z.string().trim().min(1).max(200)),
    aliases: z.array(line(z.string().trim().min(1).max(100))).max(20).optional().default([]),
    path: webPath,
    text: text(1000),
    heading: text(300),
    description: text(10000),
    logo: image.optional(),
    onMainPage: z.boolean().optional().default(false),
  });

const attributeSchema = z.object({
  name: line(z.string().min(1).max(100)),
  title: line(z.string().min(1).max(200)),
  type: z.enum(['text', 'number']),
  text: paragraph(1000).optional(),
  number: z.number().finite().optional(),
  unit: line(z.string().max(20)).optional(),
});

const offerSchema = z.object({
  sku: line(z.string().trim().min(1).max(100)),
  size: line(z.string().trim().min(1).max(20)),
  price: z.number().int('цена в рублях, целое число').positive().max(10_000_000),
  stock: z.number().int().min(0).max(1_000_000),
});

const variantSchema = (image: ImageSchema) =>
  z.object({
    sku: line(z.string().trim().min(1).max(100)),
    color: line(z.string().trim().max(100)).optional().default(''),
    colorClass: z.string().regex(/^[a-z0-9-]*$/).max(50).optional().default(''),
    path: webPath,
    createdAt: z.iso.datetime({ offset: true }).optional(),
    modifiedAt: z.iso.datetime({ offset: true }).optional(),
    photos: z.array(image).min(1, 'нужно хотя бы одно фото').max(50),
    properties: z.record(z.string(), z.array(line(z.string().min(1).max(100)))).optional().default({}),
    offers: z.array(offerSchema).min(1, 'нужно хотя бы одно предложение (размер)').max(100),
  });

const modelSchema = (image: ImageSchema) =>
  z.object({
    key: line(z.string().min(1).max(100)),
    name: line(z.string().trim().min(1).max(300)),
    brand: z.string().min(1),
    category: z.string().min(1),
    text: text(1000),
    description: text(20000),
    attributes: z.array(attributeSchema).max(50).optional().default([]),
    variants: z.array(variantSchema(image)).min(1, 'нужен хотя бы один цветовой вариант').max(50),
  });

/**
 * A size chart: for a category (and its subcategories) and, when given, one brand (a brand's own
 * chart wins over the category's). `columns` name the measures («RU», «EU», «US», «Длина стопы,
 * см»); each row gives the shop's size and one value per column.
 */
const sizeChartSchema = z.object({
  category: z.string().min(1).max(100),
  brand: z.string().min(1).max(100).optional(),
  title: line(z.string().trim().min(1).max(200)),
  columns: z.array(line(z.string().trim().min(1).max(40))).min(1).max(8),
  rows: z
    .array(z.object({ size: line(z.string().trim().min(1).max(20)), values: z.array(line(z.string().trim().max(40))).max(8) }))
    .min(1)
    .max(60),
  note: text(1000).optional(),
});

const propertySchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/).max(50),
  title: line(z.string().min(1).max(100)),
});

function menuSchema(image: ImageSchema): z.ZodType<MenuEntry> {
  const entry: z.ZodType<MenuEntry> = z.lazy(() =>
    z.object({
      name: line(z.string().trim().min(1).max(100)),
      href: siteHref.optional(),
      type: z.enum(['link', 'dropdown', 'megaMenu']),
      isNew: z.boolean().optional(),
      panel: z
        .object({ title: line(z.string().min(1).max(200)), text: paragraph(1000).optional(), href: siteHref.optional(), image: image.optional() })
        .optional(),
      children: z.array(entry).max(100).optional(),
    }),
  );
  return entry;
}

const redirectSchema = z.object({
  from: z.string().regex(/^\/[^?#\s]*$/, 'путь должен начинаться с «/» и не содержать «?», «#» и пробелов').max(1000),
  // the target goes into a Location header as written: an on-site path in ASCII
  to: z
    .string()
    .max(1000)
    .superRefine(refuse((v) => sitePathProblem(v, { ascii: true }))),
  status: z.union([z.literal(301), z.literal(302)]).optional().default(301),
});

function schemas(imageHosts: readonly string[]) {
  const image = imageSchema(imageHosts);
  const catalogFileSchema = z.object({
    categories: z.array(categorySchema(image)).min(1),
    brands: z.array(brandSchema(image)).min(1),
    properties: z.array(propertySchema).optional().default([{ name: 'size', title: 'Размер' }]),
    models: z.array(modelSchema(image)),
    menus: z.array(menuSchema(image)).optional().default([]),
    redirects: z.array(redirectSchema).optional().default([]),
    sizeCharts: z.array(sizeChartSchema).max(500).optional().default([]),
  });
  return { image, catalogFileSchema };
}

export interface MenuEntry {
  name: string;
  href?: string;
  type: 'link' | 'dropdown' | 'megaMenu';
  isNew?: boolean;
  panel?: { title: string; text?: string; href?: string; image?: CatalogImageInput };
  children?: MenuEntry[];
}

const byHosts = new Map<string, ReturnType<typeof schemas>['catalogFileSchema']>();

/** The file schema for a set of external image hosts (CATALOG_IMAGE_HOSTS); none: on-site images only. */
export function catalogFileSchemaFor(imageHosts: readonly string[] = []) {
  const key = [...imageHosts].sort().join(',');
  let schema = byHosts.get(key);
  if (!schema) {
    schema = schemas(imageHosts).catalogFileSchema;
    byHosts.set(key, schema);
  }
  return schema;
}

export const catalogFileSchema = catalogFileSchemaFor();

export type CatalogFile = z.input<typeof catalogFileSchema>;
export type Catalog = z.output<typeof catalogFileSchema>;
export type CatalogImage = { url: string; width: number; height: number; color?: string };
/** A picture as the file gives it: shown as it is, or (with `src`) still to be imported. */
export type CatalogImageInput = Partial<CatalogImage> & { src?: string };

/** A picture the import has resolved; one still naming a file or address to import is a bug here. */
export function shownImage(image: CatalogImageInput): CatalogImage {
  if (image.src !== undefined || image.url === undefined || image.width === undefined || image.height === undefined) {
    throw new Error(`picture not imported: ${image.src ?? image.url}`);
  }
  return { url: image.url, width: image.width, height: image.height, color: image.color };
}
