// Payment settings are read and validated in one place (payments/payment-config.ts, through
// loadConfig): a mistake stops the API with a message naming the variable, and the sandbox
// (orders paid without money) never runs where real money is expected.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const YK = { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_AbCdEf0123456789' };
const fails = (env: NodeJS.ProcessEnv, message: RegExp) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(message);
};

describe('payment configuration', () => {
  it('defaults to the sandbox in development', () => {
    expect(loadConfig({}).payment).toEqual({ provider: 'sandbox', sandboxEnabled: true, yookassa: null });
  });

  it('refuses the sandbox under NODE_ENV=production unless PAYMENT_SANDBOX=1', () => {
    fails({ NODE_ENV: 'production' }, /sandbox.*NODE_ENV=production.*PAYMENT_PROVIDER=yookassa/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' }).payment.sandboxEnabled).toBe(true);
    fails({ PAYMENT_SANDBOX: 'maybe' }, /PAYMENT_SANDBOX/);
  });

  it('refuses the sandbox when ЮKassa is configured (half-configured or explicitly allowed)', () => {
    fails({ YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_AbCdEf0123456789' }, /PAYMENT_PROVIDER is not yookassa/);
    fails({ ...YK, PAYMENT_SANDBOX: '1' }, /PAYMENT_SANDBOX=1 cannot be combined/);
    const c = loadConfig(YK).payment;
    expect(c.provider).toBe('yookassa');
    expect(c.sandboxEnabled).toBe(false);
    expect(c.yookassa).toMatchObject({ shopId: '123456', apiUrl: 'https://api.yookassa.ru/v3', vatCode: 1, checkNotifyIp: false });
  });

  it('names what is wrong with the shop id, the secret key, the API URL, the VAT code', () => {
    fails({ PAYMENT_PROVIDER: 'yookassa' }, /needs YOOKASSA_SHOP_ID/);
    fails({ ...YK, YOOKASSA_SHOP_ID: 'shop-1' }, /YOOKASSA_SHOP_ID.*digits only/);
    fails({ ...YK, YOOKASSA_SECRET_KEY: '' }, /needs YOOKASSA_SECRET_KEY/);
    fails({ ...YK, YOOKASSA_SECRET_KEY: 'prod_0123456789abcdef' }, /YOOKASSA_SECRET_KEY.*live_ or test_/);
    // the key itself is never printed whole
    expect(() => loadConfig({ ...YK, YOOKASSA_SECRET_KEY: 'secret_0123456789abcdef' })).not.toThrow(/0123456789abcdef/);
    fails({ ...YK, YOOKASSA_API_URL: 'http://api.yookassa.ru/v3' }, /YOOKASSA_API_URL.*https/);
    fails({ ...YK, YOOKASSA_API_URL: 'not a url' }, /YOOKASSA_API_URL/);
    expect(loadConfig({ ...YK, YOOKASSA_API_URL: 'http://127.0.0.1:4010/v3/' }).payment.yookassa?.apiUrl).toBe('http://127.0.0.1:4010/v3');
    fails({ ...YK, YOOKASSA_VAT_CODE: '0' }, /YOOKASSA_VAT_CODE/);
    fails({ ...YK, YOOKASSA_VAT_CODE: '11' }, /YOOKASSA_VAT_CODE/);
    expect(loadConfig({ ...YK, YOOKASSA_VAT_CODE: '4' }).payment.yookassa?.vatCode).toBe(4);
    fails({ ...YK, YOOKASSA_NOTIFY_IPS: 'some' }, /YOOKASSA_NOTIFY_IPS/);
    expect(loadConfig({ ...YK, YOOKASSA_NOTIFY_IPS: 'yookassa' }).payment.yookassa?.checkNotifyIp).toBe(true);
    fails({ PAYMENT_PROVIDER: 'robokassa' }, /PAYMENT_PROVIDER.*sandbox or yookassa/);
  });

  it('needs an https shop address for ЮKassa in production, and says PAYMENT_PROVIDER_URL is gone', () => {
    fails({ ...YK, NODE_ENV: 'production', SHOP_PUBLIC_URL: 'http://shop.example.ru' }, /SHOP_PUBLIC_URL/);
    expect(loadConfig({ ...YK, NODE_ENV: 'production', SHOP_PUBLIC_URL: 'https://shop.example.ru' }).payment.provider).toBe('yookassa');
    fails({ PAYMENT_PROVIDER_URL: 'https://pay.example.ru' }, /PAYMENT_PROVIDER_URL is no longer read/);
  });
});
