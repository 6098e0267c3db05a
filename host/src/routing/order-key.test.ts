import { describe, expect, it } from 'vitest';
import { withoutOrderKey } from './order-key.ts';

// The order page's access key opens the order (name, phone, address): the metrics counter must never get it.
describe('withoutOrderKey', () => {
  it('cuts the key out of an order page address, keeping the rest', () => {
    expect(withoutOrderKey('/order/SH-ABCDE?key=s3cr3t')).toBe('/order/SH-ABCDE');
    expect(withoutOrderKey('/order/SH-ABCDE?utm_source=mail&key=s3cr3t#x')).toBe('/order/SH-ABCDE?utm_source=mail#x');
    expect(withoutOrderKey('https://shop.test/order/SH-ABCDE?key=a%2Bb&key=c')).toBe('https://shop.test/order/SH-ABCDE');
  });

  it('leaves other addresses alone', () => {
    expect(withoutOrderKey('/search?key=nike')).toBe('/search?key=nike');
    expect(withoutOrderKey('/order/SH-ABCDE')).toBe('/order/SH-ABCDE');
    expect(withoutOrderKey('')).toBe('');
  });
});
