// Guards that no secret is in what the browser downloads: the host's build and each remote's newest release carry no ops token, database URL, private key or server setting, and the scan finds one when it is planted.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleDirs, scanForSecrets } from './secrets.ts';

describe('secrets in bundles', () => {
  const planted = mkdtempSync(path.join(os.tmpdir(), 'shop-secrets-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  function plant(name: string, text: string): string {
    const dir = path.join(planted, name);
    mkdirSync(path.join(dir, 'static'), { recursive: true });
    writeFileSync(path.join(dir, 'static', 'main.1234.js'), `(()=>{var a=1;${text};console.log(a)})();`);
    return dir;
  }

  it('finds each kind of planted secret, naming the file and the rule', () => {
    const token = 'Zq7-fake-ops-token-for-the-test-1x9';
    const cases: [string, string, string][] = [
      ['token', `const t="${token}"`, 'a secret value of this machine'],
      ['pgurl', 'const u="postgres://shop:s3cret@db:5432/shop"', 'database URL with a password'],
      ['key', 'const k="-----BEGIN RSA PRIVATE KEY-----\\nMIIE"', 'private key'],
      ['envname', 'const e=process.env.OPS_TOKEN', 'server setting OPS_TOKEN'],
      ['dburl', 'const d=process.env.DATABASE_URL', 'server setting DATABASE_URL'],
      ['file', 'fetch("/.run/ops-token")', 'ops token file'],
      ['bearer', 'h.authorization="Bearer abcdefghijklmnopqrstuvwxyz012345"', 'bearer token'],
    ];
    for (const [name, text, rule] of cases) {
      const { findings } = scanForSecrets([plant(name, text)], [token]);
      expect(findings.map((f) => f.rule), name).toContain(rule);
      expect(findings[0]?.file).toContain(path.join(name, 'static', 'main.1234.js').replace(/^\//, ''));
    }
    expect(scanForSecrets([plant('clean', 'const price="12 990 ₽"')], [token]).findings).toEqual([]);
  });

  // Before the first build (a fresh checkout: npm test builds after vitest) there is nothing
  // to scan here; e2e/tests/faults-bundles.spec.ts scans the served builds after the builds.
  const dirs = bundleDirs();
  if (dirs.length) {
    it(`finds no secret in the host build and the newest remote releases (${dirs.length} folders)`, () => {
      const result = scanForSecrets(dirs);
      expect(result.files).toBeGreaterThan(10);
      expect(result.findings).toEqual([]);
    });
  }
});
