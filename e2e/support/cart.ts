import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { gql } from './catalog.ts';

/** A cart line in the stored format of the cart store (mf-shared/src/cart/cart-item.ts). */
export interface SeedLine {
  id: string;
  /** The product (colour) the size belongs to: the id every e-commerce event names it by. */
  productId: string;
  modelId: string;
  sku: string;
  name: string;
  price: number;
  quantity: number;
  size: string;
  brand: { name: string };
  mainCategory: { name: string };
  image?: string;
  webPath: string;
}

interface ApiProduct {
  id: string;
  modelId: string | null;
  name: string;
  webPath: string;
  photo: { fullpath: string } | null;
  brand: { name: string };
  mainCategory: { name: string };
  offers: { id: string; sku: string; size: string; priceInRUB: number; stock: number; soldOut: boolean }[];
}

const PRODUCTS = `query($limit: Int) { products(limit: $limit) { items {
  id modelId name webPath photo { fullpath } brand { name } mainCategory { name }
  offers { id sku size priceInRUB stock soldOut }
} } }`;

async function products(request: APIRequestContext): Promise<ApiProduct[]> {
  return (await gql<{ products: { items: ApiProduct[] } }>(request, PRODUCTS, { limit: 12 })).products.items;
}

function line(product: ApiProduct, offer: ApiProduct['offers'][number]): SeedLine {
  return {
    id: offer.id,
    productId: product.id,
    modelId: product.modelId ?? product.id,
    sku: offer.sku,
    name: product.name,
    price: offer.priceInRUB,
    quantity: 1,
    size: offer.size,
    brand: product.brand,
    mainCategory: product.mainCategory,
    ...(product.photo ? { image: product.photo.fullpath } : {}),
    webPath: product.webPath,
  };
}

/** Two sizes of one real product, both in stock (at least `stock` each), as the product page would add them. */
export async function twoSizesInStock(request: APIRequestContext, stock = 5): Promise<[SeedLine, SeedLine]> {
  for (const product of await products(request)) {
    const offers = product.offers.filter((o) => !o.soldOut && o.stock >= stock);
    if (offers.length >= 2) return [line(product, offers[0] as never), line(product, offers[1] as never)];
  }
  throw new Error('the seeded catalogue has no product with two sizes in stock');
}

/** A real sold-out size, when the catalogue has one. */
export async function soldOutLine(request: APIRequestContext): Promise<SeedLine> {
  for (const product of await products(request)) {
    const offer = product.offers.find((o) => o.soldOut);
    if (offer) return line(product, offer);
  }
  throw new Error('the seeded catalogue has no sold-out size');
}

/** Puts lines into the stored cart and loads `path` with it, as a returning shopper would. */
export async function openWithCart(page: Page, lines: SeedLine[], path = '/cart'): Promise<void> {
  await page.goto(path);
  await page.evaluate(
    (items) => localStorage.setItem('shop-cart', JSON.stringify({ state: { items }, version: 1 })),
    lines,
  );
  await page.reload();
}

export interface CheckoutDetails {
  fullName: string;
  phone: string;
  email: string;
  city: string;
  address: string;
  delivery: 'Курьер' | 'Пункт выдачи СДЭК' | 'Почта России';
  /** For «Пункт выдачи СДЭК»: the point's address as the list shows it (default: the first listed). */
  pickupPoint?: string;
  comment?: string;
}

export const VALID_DETAILS: CheckoutDetails = {
  fullName: 'Смирнова Анна Сергеевна',
  phone: '9161234567',
  email: 'anna.smirnova@mail.ru',
  city: 'Казань',
  address: 'ул. Баумана, д. 12, кв. 5',
  delivery: 'Пункт выдачи СДЭК',
  comment: 'Позвонить за час',
};

/**
 * Fills the checkout as a shopper does, by the fields' labels. «Пункт выдачи СДЭК» waits for the
 * city's points (the stack runs against the fake СДЭК) and picks one; the other methods take the address.
 */
export async function fillCheckout(page: Page, details: CheckoutDetails, consent = true): Promise<void> {
  await page.getByLabel('ФИО').fill(details.fullName);
  await page.getByLabel('Телефон').fill(details.phone);
  await page.getByLabel('E-mail').fill(details.email);
  await page.getByLabel('Город').fill(details.city);
  await page.getByRole('radio', { name: new RegExp(`^${details.delivery}`) }).check();
  if (details.delivery === 'Пункт выдачи СДЭК') await choosePickupPoint(page, details.pickupPoint);
  else await page.getByLabel('Адрес доставки').fill(details.address);
  if (details.comment) await page.getByLabel('Комментарий к заказу (необязательно)').fill(details.comment);
  const box = page.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' });
  if (consent) await box.check();
  else await box.uncheck();
}

export interface ApiOrder {
  ordernumber: string;
  totalPrice: number;
  status: 'NEW' | 'PAID';
  lines: { offerId: string; price: number; quantity: number; total: number }[];
}

export async function orderFromApi(request: APIRequestContext, number: string, key: string): Promise<ApiOrder | null> {
  const data = await gql<{ order: ApiOrder | null }>(
    request,
    'query($n: String!, $k: String!) { order(number: $n, key: $k) { ordernumber totalPrice status lines { offerId price quantity total } } }',
    { n: number, k: key },
  );
  return data.order;
}

/** The e-commerce purchase events the current page pushed to `window.dataLayer`. */
export async function purchaseEvents(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (
      (window as unknown as { dataLayer?: { ecommerce?: { purchase?: { actionField: { id: string } } } }[] })
        .dataLayer ?? []
    )
      .filter((event) => event.ecommerce?.purchase)
      .map((event) => event.ecommerce?.purchase?.actionField.id ?? ''),
  );
}

/** Chooses a СДЭК point in the checkout's list: the one whose address starts with `address`, or the first. */
export async function choosePickupPoint(page: Page, address?: string): Promise<string> {
  const list = page.getByRole('group', { name: /^Пункт выдачи СДЭК, / });
  await expect(list).toBeVisible();
  const point = address ? list.getByRole('radio', { name: new RegExp(`^${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }) : list.getByRole('radio').first();
  await point.check();
  return (await point.getAttribute('value')) ?? '';
}
