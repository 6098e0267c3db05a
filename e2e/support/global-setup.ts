import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts, latestRelease, localRegistry, REMOTES, ROOT, startStack } from '../../scripts/lib/stack.ts';
import { createDeskUsers } from './desk.ts';
import { startE2eFakes } from './fakes.ts';
import { shop } from './private-host.ts';

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
  // The local SMTP server and the fake ЮKassa come first: the API sends letters and creates
  // payments there, as production does with real ones (the tests reach them via SHOP_FAKES_URL).
  const fakes = await startE2eFakes();
  // ЮKassa notifies the shop's public address, which the host proxies to the API
  fakes.yookassa.setNotifyUrl(`http://localhost:${ports.host}/api/payments/yookassa/notify`);
  // The orders desk's owner and manager (SHOP_DESK_USERS), made before the API holds the database.
  await createDeskUsers(path.join(work, 'pglite'));
  const stack = await startStack({
    ports,
    registry,
    opsToken,
    pgliteDir: path.join(work, 'pglite'),
    // uploaded releases (release-publish.spec.ts) land here, not in the checkout's .data
    releasesDir: path.join(work, 'releases'),
    log: { dir: logDir },
    // Many browser tests place orders (and open order and payment pages) within a minute from
    // one address; the limits themselves are tested in the API suite.
    // (every page's health reports too: release-health.spec.ts drives a canary's visits)
    // Two browsers share this host: every page is rendered, as the tests of server HTML expect.
    // Shedding past the render limit is tested on private hosts (ssr-load-shedding.spec.ts).
    env: { SSR_QUEUE_MS: '10000', SSR_MAX_LOOP_UTILIZATION: '1', REGISTRY_TTL_MS: '0', ORDER_RATE_LIMIT: '1000', ORDER_LOOKUP_RATE_LIMIT: '1000', SANDBOX_RATE_LIMIT: '1000', DELIVERY_RATE_LIMIT: '10000', TELEMETRY_RATE_LIMIT: '10000', CANARY_MIN_VIEWS: String(shop.canaryMinViews), CANARY_STEP_SECONDS: String(shop.canaryStepSeconds), ...fakes.env },
  }).catch(async (error: unknown) => {
    await fakes.close();
    throw error;
  });
  process.env.SHOP_URL = stack.url;
  process.env.SHOP_API_URL = `http://127.0.0.1:${ports.api}`;
  process.env.SHOP_RELEASE_URL = stack.releaseUrl;
  process.env.SHOP_REGISTRY = JSON.stringify(registry);
  process.env.SHOP_VERSIONS = JSON.stringify(versions);
  process.env.SHOP_WORK_DIR = work;
  process.env.SHOP_OPS_TOKEN = opsToken;
  process.env.SHOP_FAKES_URL = fakes.controlUrl;
  return async () => {
    await stack.stop();
    await fakes.close();
    rmSync(work, { recursive: true, force: true });
  };
}
