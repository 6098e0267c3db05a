import { z } from 'zod';

// shop owners read these reports: zod's own messages in Russian
z.config(z.locales.ru());

// The import format; the generator produces the same shape, so seeding and importing share one loader.

const webPath = z
  .string()
  .regex(/^\/[a-z0-9\-_/.]*[a-z0-9\-_.]$/, 'путь должен начинаться с «/», состоять из строчных латинских букв, цифр, «-», «_», «/» и не заканчиваться на «/»');

const image = z.object({
  url: z.string().min(1).max(2000),
  width: z.number().int().positive().max(20000),
  height: z.number().int().positive().max(20000),
});

const text = (max: number) => z.string().max(max).optional().default('');

export const categorySchema = z.object({
  key: z.string().min(1).max(100),
  parent: z.string().min(1).max(100).nullish(),
  name: z.string().trim().min(1).max(200),
  path: webPath,
  text: text(1000),
  description: text(10000),
  image: image.optional(),
});

export const brandSchema = z.object({
  key: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(200),
  aliases: z.array(z.string().trim().min(1).max(100)).max(20).optional().default([]),
  path: webPath,
  text: text(1000),
  heading: text(300),
  description: text(10000),
  logo: image.optional(),
  onMainPage: z.boolean().optional().default(false),
});

export const attributeSchema = z.object({
  name: z.string().min(1).max(100),
  title: z.string().min(1).max(200),
  type: z.enum(['text', 'number']),
  text: z.string().max(1000).optional(),
  number: z.number().finite().optional(),
  unit: z.string().max(20).optional(),
});

export const offerSchema = z.object({
  sku: z.string().trim().min(1).max(100),
  size: z.string().trim().min(1).max(20),
  price: z.number().int('цена в рублях, целое число').positive().max(10_000_000),
  stock: z.number().int().min(0).max(1_000_000),
});

export const variantSchema = z.object({
  sku: z.string().trim().min(1).max(100),
  color: z.string().trim().max(100).optional().default(''),
  colorClass: z.string().regex(/^[a-z0-9-]*$/).max(50).optional().default(''),
  path: webPath,
  createdAt: z.iso.datetime({ offset: true }).optional(),
  modifiedAt: z.iso.datetime({ offset: true }).optional(),
  photos: z.array(image).min(1, 'нужно хотя бы одно фото').max(50),
  properties: z.record(z.string(), z.array(z.string().min(1).max(100))).optional().default({}),
  offers: z.array(offerSchema).min(1, 'нужно хотя бы одно предложение (размер)').max(100),
});

export const modelSchema = z.object({
  key: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(300),
  brand: z.string().min(1),
  category: z.string().min(1),
  text: text(1000),
  description: text(20000),
  attributes: z.array(attributeSchema).max(50).optional().default([]),
  variants: z.array(variantSchema).min(1, 'нужен хотя бы один цветовой вариант').max(50),
});

export const propertySchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/).max(50),
  title: z.string().min(1).max(100),
});

export interface MenuEntry {
  name: string;
  href?: string;
  type: 'link' | 'dropdown' | 'megaMenu';
  isNew?: boolean;
  panel?: { title: string; text?: string; href?: string; image?: z.infer<typeof image> };
  children?: MenuEntry[];
}

export const menuSchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    name: z.string().trim().min(1).max(100),
    href: z.string().max(500).optional(),
    type: z.enum(['link', 'dropdown', 'megaMenu']),
    isNew: z.boolean().optional(),
    panel: z
      .object({ title: z.string().min(1).max(200), text: z.string().max(1000).optional(), href: z.string().max(500).optional(), image: image.optional() })
      .optional(),
    children: z.array(menuSchema).max(100).optional(),
  }),
);

export const redirectSchema = z.object({
  from: z.string().regex(/^\/[^?#\s]*$/, 'путь должен начинаться с «/» и не содержать «?», «#» и пробелов').max(1000),
  to: z.string().regex(/^\/[^\s]*$/, 'адрес должен начинаться с «/»').max(1000),
  status: z.union([z.literal(301), z.literal(302)]).optional().default(301),
});

export const catalogFileSchema = z.object({
  categories: z.array(categorySchema).min(1),
  brands: z.array(brandSchema).min(1),
  properties: z.array(propertySchema).optional().default([{ name: 'size', title: 'Размер' }]),
  models: z.array(modelSchema),
  menus: z.array(menuSchema).optional().default([]),
  redirects: z.array(redirectSchema).optional().default([]),
});

export type CatalogFile = z.input<typeof catalogFileSchema>;
export type Catalog = z.output<typeof catalogFileSchema>;
export type CatalogImage = z.infer<typeof image>;
