/**
 * `npm start`: builds everything for production and runs the shop as production has it.
 * `npm run dev -- <package>`: the same, with that package rebuilt on change
 * (rspack serve with HMR for a remote, a watch build for the host).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeCdek } from '../api/test/fakes/cdek.ts';
import { startFakeDadata } from '../api/test/fakes/dadata.ts';
import { TOKEN_FILE } from './remotes/ops-client.ts';
import {
  assertPortsFree,
  buildAll,
  localRegistry,
  portsFromEnv,
  REMOTES,
  ROOT,
  startService,
  type Ports,
  type Service,
  type Stack,
  startStack,
} from './lib/stack.ts';
import { deskLines, hasOwner } from './lib/desk-note.ts';
import { needsOperator } from './lib/supervisor.ts';

const devIndex = process.argv.indexOf('--dev');
const devPackage = devIndex >= 0 ? (process.argv[devIndex + 1] ?? 'host') : null;
const devRemote = REMOTES.find((r) => r.dir === devPackage);
if (devPackage && devPackage !== 'host' && !devRemote) {
  console.error(
    `npm run dev -- <package>: package must be host, ${REMOTES.map((r) => r.dir).join(', ')}; got «${devPackage}»`,
  );
  process.exit(2);
}

/** OPS_TOKEN, or a token kept in .run/ops-token so `npm run remotes` works against this shop. */
function localOpsToken(): string {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  if (existsSync(TOKEN_FILE)) return readFileSync(TOKEN_FILE, 'utf8').trim();
  const token = randomBytes(24).toString('base64url');
  mkdirSync(path.dirname(TOKEN_FILE), { recursive: true });
  writeFileSync(TOKEN_FILE, `${token}\n`, { mode: 0o600 });
  return token;
}

/** `npm run dev -- <package>`: the dev server or watch build beside the stack, and the registry entry it replaces. */
function startDevTools(ports: Ports, registry: Record<string, string>, publicHost: string): Service[] {
  if (devRemote) {
    const devPort = ports[devRemote.name] + 100;
    registry[devRemote.name] = `http://${publicHost}:${devPort}/mf-manifest.json`;
    const rspack = path.join(ROOT, 'node_modules/.bin/rspack');
    return [
      startService(`${devRemote.dir} (dev)`, rspack, ['serve', '--mode', 'development'], {
        cwd: path.join(ROOT, devRemote.dir),
        log: 'inherit',
        env: { DEV_PORT: String(devPort) },
      }),
    ];
  }
  if (devPackage === 'host') {
    const rspack = path.join(ROOT, 'node_modules/.bin/rspack');
    return [
      startService('host (watch)', rspack, ['build', '--watch', '--mode', 'development'], {
        cwd: path.join(ROOT, 'host'),
        log: 'inherit',
      }),
    ];
  }
  return [];
}

/** Why a service is not restarted: a crash loop, unless it said it cannot start as it is set up. */
const why = (reason: string) => (needsOperator(reason) ? '' : ': it keeps crashing, so it is not restarted any more');

/**
 * What the supervisor does when it gives up on a service. A remote's server in a crash loop (a
 * sixth restart within a minute) is given up alone: the shop keeps serving, that remote's areas
 * show their error until it is started again (README runbook). The release service in a crash
 * loop is given up alone too: shoppers keep the registry the host last read; releases wait until
 * it is back. The API or the host in a crash loop stops the shop: there is no shop without them.
 */
function onGiveUp(ports: Ports, reason: string, service: Service, stopShop: (exitCode: number) => void): void {
  const remote = REMOTES.find((r) => r.dir === service.name);
  if (remote) {
    console.error(
      [
        `[supervisor] ${reason}${why(reason)}. The shop keeps running;`,
        `[supervisor] ${remote.dir}'s areas show «Не удалось загрузить раздел» until it is back. Start it again with`,
        `[supervisor]   PORT=${ports[remote.name]} node scripts/serve-remote.mjs ${remote.dir}/dist .data/releases/${remote.name}`,
      ].join('\n'),
    );
    return;
  }
  if (service.name === 'release') {
    console.error(
      `[supervisor] ${reason}${why(reason)}. The shop keeps running on the registry the host last read; releases wait until it is back (npm run start -w @shop/release, RELEASE_PORT=${ports.release}).`,
    );
    return;
  }
  const role = service.name === 'api' ? 'the API (catalogue, cart, orders)' : 'the host server (it serves every page)';
  console.error(
    `[supervisor] ${reason}${needsOperator(reason) ? '' : ': it keeps crashing'}, and the shop cannot work without ${role}, so the shop is stopped. Its log is above.`,
  );
  stopShop(1);
}

/**
 * Without a СДЭК account configured (DELIVERY_PROVIDER unset), the shop runs against the local
 * fake of СДЭК's API the tests use: its checkout lists pickup points and terms as with СДЭК.
 * DELIVERY_PROVIDER=manual turns it off; DELIVERY_PROVIDER=cdek with an account uses СДЭК itself.
 * The same for DaData's address suggestions while DADATA_API_KEY is unset.
 */
async function localProviders(): Promise<{ env: Record<string, string>; notes: string[]; close(): Promise<void> }> {
  const env: Record<string, string> = {};
  const notes: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  if (!process.env.DELIVERY_PROVIDER?.trim()) {
    const cdek = await startFakeCdek();
    closers.push(() => cdek.close());
    Object.assign(env, { DELIVERY_PROVIDER: 'cdek', CDEK_CLIENT_ID: cdek.clientId, CDEK_CLIENT_SECRET: cdek.clientSecret, CDEK_API_URL: cdek.url, CDEK_SHIPMENT_POINT: 'MSK1' });
    notes.push('  Доставка: локальная имитация API СДЭК (docs/operations.md, «Доставка»).');
  }
  if (!process.env.DADATA_API_KEY?.trim()) {
    const dadata = await startFakeDadata();
    closers.push(() => dadata.close());
    Object.assign(env, { DADATA_API_KEY: dadata.token, DADATA_API_URL: dadata.url });
    notes.push('  Подсказки адресов: локальная имитация DaData.');
  }
  return { env, notes, close: async () => void (await Promise.all(closers.map((c) => c()))) };
}

function announce(url: string, notes: string[], owner: boolean | null): void {
  console.log(
    [
      '',
      `  Магазин работает: ${url}`,
      ...deskLines(url, owner),
      process.env.SMTP_URL ? '' : '  Письма ждут в очереди, пока не задан SMTP_URL (README, «Заказы»).',
      ...notes,
      '  (Ctrl-C stops everything)',
      '',
    ].join('\n'),
  );
}

async function main() {
  const ports = portsFromEnv();
  await assertPortsFree(ports);
  console.log('Building the host and the remotes for production…');
  const { versions } = await buildAll({
    only: devRemote ? ['host', ...REMOTES.filter((r) => r !== devRemote).map((r) => r.dir)] : undefined,
  });
  const publicHost = process.env.PUBLIC_HOSTNAME || 'localhost';
  const registry = localRegistry(ports, versions, publicHost);
  const extra = startDevTools(ports, registry, publicHost);
  const providers = await localProviders();
  let stack: Stack | undefined;
  /** Set when the shop must stop: before startStack returns, it is stopped as soon as it does. */
  let stopping: number | null = null;
  const shutdown = async (exitCode = 0) => {
    if (stopping !== null) return;
    stopping = exitCode;
    if (!stack) return; // startStack is still running: stopped when it returns or fails
    console.log('\nStopping…');
    await Promise.all([stack.stop(), ...extra.map((s) => s.stop())]);
    await providers.close();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  const opsToken = localOpsToken();
  console.log('Starting the API and the release service (embedded PostgreSQL unless DATABASE_URL is set), the remotes and the host…');
  stack = await startStack({
    ports,
    publicHost,
    registry,
    opsToken,
    pgliteDir: process.env.PGLITE_DIR || path.join(ROOT, 'api', '.data', 'pglite'),
    log: 'inherit',
    skipRemotes: devRemote ? [devRemote.dir] : [],
    // a rollback, activation or canary made before this start stays; the rebuilt host is
    // checked against the registry's releases before it serves (scripts/remotes/check-host.ts)
    keepActive: true,
    checkHost: !devRemote, // a dev server's manifest may not answer yet
    note: (line) => console.log(line),
    // in development an operation edited since start (not yet registered) may still run as text
    env: { ...providers.env, ...(devPackage ? { HOST_DEV: '1', GRAPHQL_ARBITRARY_OPERATIONS: 'true' } : {}) },
    // supervised from the first spawn: a crash during start-up is restarted (0.5 s, 1 s, 2 s … up
    // to 10 s apart), and a slow start-up check is retried in the background
    supervision: {
      log: (line) => console.error(`[supervisor] ${line}`),
      onGiveUp: (reason, service) => onGiveUp(ports, reason, service, (code) => void shutdown(code)),
    },
    onFatal: (message) => {
      console.error(message);
      void shutdown(1);
    },
  }).catch(async (error: unknown) => {
    await Promise.all(extra.map((s) => s.stop()));
    await providers.close();
    throw error;
  });
  if (stopping !== null) {
    const code: number = stopping;
    stopping = null;
    return shutdown(code);
  }
  announce(stack.url, providers.notes, await hasOwner(stack.apiUrl, opsToken));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
