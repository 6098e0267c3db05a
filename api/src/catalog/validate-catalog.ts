import { type Catalog, catalogFileSchemaFor } from './catalog-file.ts';

export interface CatalogProblem {
  /** Where in the file, e.g. `models[3].variants[0].offers[2].price`. */
  position: string;
  /** Line in the JSON file, when the catalogue came from one. */
  line?: number;
  message: string;
}

export type ValidationResult = { ok: true; catalog: Catalog } | { ok: false; problems: CatalogProblem[] };

export function formatPosition(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '') || '(файл)';
}

export interface ValidateOptions {
  /** Hosts whose https image URLs are accepted (CATALOG_IMAGE_HOSTS); otherwise only the API's images route. */
  imageHosts?: readonly string[];
}

/** Shape (zod) first, then what a schema cannot see: references, duplicates, cycles. */
export function validateCatalog(input: unknown, options: ValidateOptions = {}): ValidationResult {
  const parsed = catalogFileSchemaFor(options.imageHosts).safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => ({ position: formatPosition(i.path), message: i.message })) };
  }
  const catalog = parsed.data;
  const problems: CatalogProblem[] = [];
  const seen = (label: string) => {
    const map = new Map<string, string>();
    return (value: string, position: string) => {
      const key = value.toLowerCase();
      const first = map.get(key);
      if (first) problems.push({ position, message: `${label} «${value}» повторяется (впервые: ${first})` });
      else map.set(key, position);
    };
  };
  const categoryKey = seen('ключ категории');
  const brandKey = seen('ключ бренда');
  const modelKey = seen('ключ модели');
  const path = seen('адрес страницы');
  const variantSku = seen('артикул');
  const offerSku = seen('артикул предложения');
  const categories = new Map(catalog.categories.map((c) => [c.key, c]));
  const brands = new Set(catalog.brands.map((b) => b.key));

  catalog.categories.forEach((c, i) => {
    categoryKey(c.key, `categories[${i}]`);
    path(c.path, `categories[${i}].path`);
    if (c.parent && !categories.has(c.parent)) problems.push({ position: `categories[${i}].parent`, message: `нет категории с ключом «${c.parent}»` });
    // a parent chain that comes back to itself would loop forever when building ancestors
    const visited = new Set<string>([c.key]);
    let cur = c.parent ? categories.get(c.parent) : undefined;
    while (cur) {
      if (visited.has(cur.key)) {
        problems.push({ position: `categories[${i}].parent`, message: 'циклическая ссылка на родительскую категорию' });
        break;
      }
      visited.add(cur.key);
      cur = cur.parent ? categories.get(cur.parent) : undefined;
    }
  });
  catalog.brands.forEach((b, i) => {
    brandKey(b.key, `brands[${i}]`);
    path(b.path, `brands[${i}].path`);
  });
  catalog.models.forEach((m, i) => {
    modelKey(m.key, `models[${i}]`);
    if (!brands.has(m.brand)) problems.push({ position: `models[${i}].brand`, message: `нет бренда с ключом «${m.brand}»` });
    if (!categories.has(m.category)) problems.push({ position: `models[${i}].category`, message: `нет категории с ключом «${m.category}»` });
    m.variants.forEach((v, j) => {
      const at = `models[${i}].variants[${j}]`;
      variantSku(v.sku, `${at}.sku`);
      path(v.path, `${at}.path`);
      const sizes = new Set<string>();
      v.offers.forEach((o, k) => {
        offerSku(o.sku, `${at}.offers[${k}].sku`);
        if (sizes.has(o.size)) problems.push({ position: `${at}.offers[${k}].size`, message: `размер «${o.size}» повторяется` });
        sizes.add(o.size);
      });
    });
  });
  const charts = new Set<string>();
  catalog.sizeCharts.forEach((c, i) => {
    const at = `sizeCharts[${i}]`;
    if (!categories.has(c.category)) problems.push({ position: `${at}.category`, message: `нет категории с ключом «${c.category}»` });
    if (c.brand !== undefined && !brands.has(c.brand)) problems.push({ position: `${at}.brand`, message: `нет бренда с ключом «${c.brand}»` });
    const key = `${c.category}\u0000${c.brand ?? ''}`;
    if (charts.has(key)) problems.push({ position: at, message: 'для этой категории и бренда таблица размеров уже есть' });
    charts.add(key);
    c.rows.forEach((r, j) => {
      if (r.values.length !== c.columns.length) {
        problems.push({ position: `${at}.rows[${j}]`, message: `значений ${r.values.length}, а столбцов ${c.columns.length}` });
      }
    });
  });
  const redirectFrom = seen('адрес перенаправления');
  catalog.redirects.forEach((r, i) => {
    redirectFrom(r.from, `redirects[${i}].from`);
  });
  return problems.length ? { ok: false, problems } : { ok: true, catalog };
}
