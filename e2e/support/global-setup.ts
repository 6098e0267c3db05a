import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts, latestRelease, localRegistry, REMOTES, ROOT, startStack } from '../../scripts/lib/stack.ts';

/**
 * Starts the whole shop from the current production builds on free ports, with a fresh
 * embedded database, and tells the tests where it is through environment variables.
 */
export default async function globalSetup() {
  const ports = await freePorts();
  const opsToken = randomBytes(18).toString('base64url');
  const work = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const versions = Object.fromEntries(REMOTES.map((r) => [r.name, latestRelease(r.dir)])) as Record<(typeof REMOTES)[number]['name'], string>;
  const registry = localRegistry(ports, versions);
  const logDir = path.join(ROOT, '.run', 'e2e-logs');
  rmSync(logDir, { recursive: true, force: true });
  const stack = await startStack({
    ports,
    registry,
    opsToken,
    pgliteDir: path.join(work, 'pglite'),
    log: { dir: logDir },
    // Many browser tests place orders (and open order and payment pages) within a minute from
    // one address; the limits themselves are tested in the API suite.
    env: { REGISTRY_TTL_MS: '0', ORDER_RATE_LIMIT: '1000', ORDER_LOOKUP_RATE_LIMIT: '1000', SANDBOX_RATE_LIMIT: '1000' },
  });
  process.env.SHOP_URL = stack.url;
  process.env.SHOP_API_URL = `http://127.0.0.1:${ports.api}`;
  process.env.SHOP_REGISTRY = JSON.stringify(registry);
  process.env.SHOP_VERSIONS = JSON.stringify(versions);
  process.env.SHOP_WORK_DIR = work;
  process.env.SHOP_OPS_TOKEN = opsToken;
  return async () => {
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  };
}
