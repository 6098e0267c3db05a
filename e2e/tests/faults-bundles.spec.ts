// Guards that the builds this run serves (host and the exact remote releases in the registry) contain no secret: no ops token, database URL with password, private key or server setting.
import path from 'node:path';
import { ROOT, scanForSecrets } from '../faults/secrets.ts';
import { shop } from '../support/private-host.ts';
import { expect, test } from '../support/test.ts';

test('the served host build and remote releases hold no secret, not even this run’s ops token', () => {
  const dirs = [
    path.join(ROOT, 'host', 'dist'),
    path.join(ROOT, 'mf-catalog', 'dist', shop.versions.mf_catalog as string),
    path.join(ROOT, 'mf-product', 'dist', shop.versions.mf_product as string),
    path.join(ROOT, 'mf-cart', 'dist', shop.versions.mf_cart as string),
  ];
  const result = scanForSecrets(dirs, [process.env.SHOP_OPS_TOKEN as string]);
  expect(result.files).toBeGreaterThan(10);
  expect(result.findings).toEqual([]);
});
