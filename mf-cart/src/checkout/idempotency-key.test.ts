import { beforeEach, describe, expect, it } from 'vitest';
import { forgetOrderKey, ORDER_KEY_STORAGE, orderKey } from './idempotency-key.ts';

beforeEach(() => sessionStorage.clear());

describe('order idempotency key', () => {
  it('is the same for every attempt until the order succeeds, then a new one', () => {
    const first = orderKey();
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(orderKey()).toBe(first);
    expect(sessionStorage.getItem(ORDER_KEY_STORAGE)).toBe(first);
    forgetOrderKey();
    expect(orderKey()).not.toBe(first);
  });

  it('replaces a tampered stored key the API would refuse', () => {
    sessionStorage.setItem(ORDER_KEY_STORAGE, 'bad key!');
    expect(orderKey()).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});
