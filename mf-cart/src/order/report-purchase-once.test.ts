import { beforeEach, describe, expect, it } from 'vitest';
import { REPORTED_ORDERS_STORAGE, reportPurchaseOnce } from './report-purchase-once.ts';

type DataLayerWindow = Window & { dataLayer?: { ecommerce?: { purchase?: { actionField: { id: string } } } }[] };
const purchases = () =>
  ((window as DataLayerWindow).dataLayer ?? [])
    .filter((e) => e.ecommerce?.purchase)
    .map((e) => e.ecommerce?.purchase?.actionField.id);
const product = { id: '7', name: 'Кроссовки Nike', price: 12990, quantity: 1 };

beforeEach(() => {
  sessionStorage.clear();
  (window as DataLayerWindow).dataLayer = [];
});

describe('purchase analytics', () => {
  it('is reported once per order id per session', () => {
    expect(reportPurchaseOnce({ ordernumber: 'A1B2C3', totalPrice: 12990 }, [product])).toBe(true);
    expect(reportPurchaseOnce({ ordernumber: 'A1B2C3', totalPrice: 12990 }, [product])).toBe(false);
    expect(reportPurchaseOnce({ ordernumber: 'Z9Y8X7', totalPrice: 12990 }, [product])).toBe(true);
    expect(purchases()).toEqual(['A1B2C3', 'Z9Y8X7']);
  });

  it('survives a corrupt record of reported orders', () => {
    sessionStorage.setItem(REPORTED_ORDERS_STORAGE, '{oops');
    expect(reportPurchaseOnce({ ordernumber: 'A1B2C3', totalPrice: 1 }, [product])).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(REPORTED_ORDERS_STORAGE) ?? '')).toEqual(['A1B2C3']);
  });
});
