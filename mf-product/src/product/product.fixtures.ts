// Test data (*.fixtures.ts): imported by tests only. Lint refuses it to production code and the
// package's build project (tsconfig.src.json) leaves it out.
import type { OfferData, ProductData } from './product-data.ts';

/** One size of the product, in stock unless `soldOut`. */
export const offer = (id: string, size: string, priceInRUB: number, soldOut = false): OfferData => ({
  __typename: 'Offer',
  id,
  size,
  sku: `NF-${size}`,
  priceInRUB,
  soldOut,
});

/** The product page's answer for a T-shirt in sizes L 10 990 ₽, XS 9 990 ₽ and S (sold out). */
export const PRODUCT = {
  __typename: 'Product',
  id: '115',
  productId: '115',
  modelId: '57',
  name: 'Футболка The North Face Simple Dome',
  sku: 'NF6580-546',
  colorName: 'белый',
  text: '',
  description: 'Хлопковая футболка.',
  minPriceInRUB: 9990,
  webPath: '/product/tnf-white',
  sizeChart: { __typename: 'SizeChart', title: 'Размеры одежды' },
  photo: { __typename: 'Image', fullpath: '/api/images/tee.svg', width: 800, height: 800 },
  brand: { __typename: 'Brand', id: '9', name: 'The North Face', webPath: '/brands/the-north-face' },
  mainCategory: {
    __typename: 'Category',
    id: '7',
    name: 'Футболки',
    webPath: '/catalog/odezhda/futbolki',
    parent: null,
  },
  variants: [],
  gallery: [{ __typename: 'GalleryImage', id: 'g1', url: '/api/images/tee.svg', width: 800, height: 800, color: '#f2f2f0' }],
  technicalAttributes: [],
  offers: [offer('569', 'L', 10990), offer('566', 'XS', 9990), offer('567', 'S', 9990, true)],
} as unknown as ProductData;
