// Release storage's settings: a bucket instead of the folder names where browsers read it.
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

it('reads an S3-compatible bucket, its public address and the remotes\' release URLs under it', () => {
  const { releases } = loadConfig({ RELEASES_S3_BUCKET: 'releases', RELEASES_S3_ENDPOINT: 'http://s3:9000/' });
  expect(releases.s3).toEqual({ bucket: 'releases', endpoint: 'http://s3:9000', region: 'us-east-1', publicUrl: 'http://s3:9000/releases' });
  expect(releases.publicUrls.mf_cart).toBe('http://s3:9000/releases/mf_cart');
  const cdn = loadConfig({ RELEASES_S3_BUCKET: 'releases', RELEASES_S3_PUBLIC_URL: 'https://cdn.shop.example/r', MF_CART_URL: 'https://cart.shop.example' }).releases;
  expect([cdn.publicUrls.mf_catalog, cdn.publicUrls.mf_cart]).toEqual(['https://cdn.shop.example/r/mf_catalog', 'https://cart.shop.example']);
  expect(loadConfig({}).releases.s3).toBeUndefined();
});

it('refuses a bucket browsers could not be sent to, and an endpoint that is not http(s)', () => {
  expect(() => loadConfig({ RELEASES_S3_BUCKET: 'releases' })).toThrow(/RELEASES_S3_PUBLIC_URL/);
  expect(() => loadConfig({ RELEASES_S3_BUCKET: 'releases', RELEASES_S3_ENDPOINT: 'ftp://s3' })).toThrow(/RELEASES_S3_ENDPOINT/);
});
