// The API's settings modules (config.ts, desk/desk-config.ts, payments/payment-config.ts) read
// numbers and flags with one helper (util/env.ts): the same blanks, the same bounds, each module's
// own error naming the variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const YK = { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_AbCdEf0123456789' };

describe('settings read from the environment', () => {
  it('takes surrounding blanks off a number in every module, and a blank value gives the default', () => {
    const c = loadConfig({ ...YK, ORDER_RATE_LIMIT: ' 7 ', DESK_SESSION_HOURS: ' 24 ', YOOKASSA_TIMEOUT_MS: ' 2500 ' });
    expect([c.orderRateLimit, c.desk.sessionHours, c.payment.yookassa?.timeoutMs]).toEqual([7, 24, 2500]);
    const d = loadConfig({ ...YK, ORDER_RATE_LIMIT: '  ', DESK_SESSION_HOURS: '', YOOKASSA_TIMEOUT_MS: ' ' });
    expect([d.orderRateLimit, d.desk.sessionHours, d.payment.yookassa?.timeoutMs]).toEqual([10, 12, 10_000]);
  });

  it.each([
    ['DESK_SESSION_HOURS', '0', /Invalid DESK_SESSION_HOURS="0": expected an integer from 1 to 168/],
    ['DESK_SIGNIN_IP_LIMIT', '2.5', /DESK_SIGNIN_IP_LIMIT.*an integer from 1 to 100000/],
    ['YOOKASSA_VAT_CODE', 'x', /Invalid YOOKASSA_VAT_CODE="x": expected an integer from 1 to 10/],
    ['ORDER_LOOKUP_RATE_LIMIT', '-1', /ORDER_LOOKUP_RATE_LIMIT.*an integer from/],
    ['GRAPHQL_ARBITRARY_OPERATIONS', 'maybe', /GRAPHQL_ARBITRARY_OPERATIONS.*true or false/],
  ])('refuses %s=%s with ConfigError naming it and the bounds', (name, value, message) => {
    const env = { ...YK, [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads a flag the same way everywhere: PAYMENT_SANDBOX=yes allows the sandbox like 1, `maybe` is refused', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'yes' }).payment.sandboxEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_ARBITRARY_OPERATIONS: ' on ', PAYMENT_SANDBOX: '1' }).arbitraryOperations).toBe(true);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'maybe' })).toThrow(/PAYMENT_SANDBOX.*1 \(allow the sandbox under NODE_ENV=production\) or 0/);
  });

  it('keeps photos in an S3 bucket only when one is named properly, with its keys as a pair', () => {
    expect(loadConfig({}).photos.s3).toBeNull();
    expect(loadConfig({ PHOTO_S3_BUCKET: ' shop-photos ', PHOTO_S3_ENDPOINT: 'https://storage.yandexcloud.net' }).photos.s3).toEqual({
      bucket: 'shop-photos',
      endpoint: 'https://storage.yandexcloud.net',
      region: 'ru-central1',
      accessKeyId: null,
      secretAccessKey: null,
    });
    expect(() => loadConfig({ PHOTO_S3_BUCKET: 'Shop_Photos' })).toThrow(/PHOTO_S3_BUCKET.*S3 bucket name/);
    expect(() => loadConfig({ PHOTO_S3_BUCKET: 'shop-photos', PHOTO_S3_ENDPOINT: 'ftp://x/y' })).toThrow(/PHOTO_S3_ENDPOINT/);
    expect(() => loadConfig({ PHOTO_S3_BUCKET: 'shop-photos', PHOTO_S3_ACCESS_KEY_ID: 'k' })).toThrow(/PHOTO_S3_ACCESS_KEY_ID.*PHOTO_S3_SECRET_ACCESS_KEY/);
  });
});
