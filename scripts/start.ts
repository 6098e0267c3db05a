/**
 * `npm start`: builds everything for production and runs the shop as production has it.
 * `npm run dev -- <package>`: the same, with that package rebuilt on change
 * (rspack serve with HMR for a remote, a watch build for the host).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_FILE } from './remotes/ops-client.ts';
import {
  assertPortsFree,
  buildAll,
  localRegistry,
  portsFromEnv,
  REMOTES,
  ROOT,
  startService,
  startStack,
  type Service,
} from './lib/stack.ts';

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

async function main() {
  const ports = portsFromEnv();
  await assertPortsFree(ports);
  console.log('Building the host and the remotes for production…');
  const { versions } = await buildAll({
    only: devRemote ? ['host', ...REMOTES.filter((r) => r !== devRemote).map((r) => r.dir)] : undefined,
  });
  const publicHost = process.env.PUBLIC_HOSTNAME || 'localhost';
  const registry = localRegistry(ports, versions, publicHost);
  const extra: Service[] = [];
  if (devRemote) {
    const devPort = ports[devRemote.name] + 100;
    registry[devRemote.name] = `http://${publicHost}:${devPort}/mf-manifest.json`;
    extra.push(
      startService(
        `${devRemote.dir} (dev)`,
        path.join(ROOT, 'node_modules/.bin/rspack'),
        ['serve', '--mode', 'development'],
        {
          cwd: path.join(ROOT, devRemote.dir),
          log: 'inherit',
          env: { DEV_PORT: String(devPort) },
        },
      ),
    );
  } else if (devPackage === 'host') {
    extra.push(
      startService(
        'host (watch)',
        path.join(ROOT, 'node_modules/.bin/rspack'),
        ['build', '--watch', '--mode', 'development'],
        {
          cwd: path.join(ROOT, 'host'),
          log: 'inherit',
        },
      ),
    );
  }
  console.log('Starting the API and the release service (embedded PostgreSQL unless DATABASE_URL is set), the remotes and the host…');
  const stack = await startStack({
    ports,
    publicHost,
    registry,
    opsToken: localOpsToken(),
    pgliteDir: process.env.PGLITE_DIR || path.join(ROOT, 'api', '.data', 'pglite'),
    log: 'inherit',
    skipRemotes: devRemote ? [devRemote.dir] : [],
    // a rollback, activation or canary made before this start stays (F14); the rebuilt host is
    // checked against the registry's releases before it serves (scripts/remotes/check-host.ts)
    keepActive: true,
    checkHost: !devRemote, // a dev server's manifest may not answer yet
    note: (line) => console.log(line),
    // in development an operation edited since start (not yet registered) may still run as text
    env: devPackage ? { HOST_DEV: '1', GRAPHQL_ARBITRARY_OPERATIONS: 'true' } : {},
  });
  console.log(
    [
      '',
      `  Магазин работает: ${stack.url}`,
      `  Панель заказов: ${stack.url}/admin (первый владелец: npm run users -- add --email <e-mail> --role owner;`,
      '  со встроенной базой — при остановленном магазине)',
      process.env.SMTP_URL ? '' : '  Письма ждут в очереди, пока не задан SMTP_URL (README, «Заказы»).',
      '  (Ctrl-C stops everything)',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = async (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await Promise.all([stack.stop(), ...extra.map((s) => s.stop())]);
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // One crashed or stopped service is restarted (0.5 s, 1 s, 2 s … up to 10 s apart). A remote's
  // server in a crash loop (a sixth restart within a minute) is given up alone: the shop keeps
  // serving, that remote's areas show their error until it is started again (README runbook).
  // The release service in a crash loop is given up alone too: shoppers keep the registry the
  // host last read; releases wait until it is back. The API or the host in a crash loop stops
  // the shop: there is no shop without them.
  stack.supervise({
    log: (line) => console.error(`[supervisor] ${line}`),
    onGiveUp: (reason, service) => {
      if (stopping) return;
      const remote = REMOTES.find((r) => r.dir === service.name);
      if (remote) {
        console.error(
          [
            `[supervisor] ${reason}: it keeps crashing, so it is not restarted any more. The shop keeps running;`,
            `[supervisor] ${remote.dir}'s areas show «Не удалось загрузить раздел» until it is back. Start it again with`,
            `[supervisor]   PORT=${ports[remote.name]} node scripts/serve-remote.mjs ${remote.dir}/dist .data/releases/${remote.name}`,
          ].join('\n'),
        );
        return;
      }
      if (service.name === 'release') {
        console.error(
          `[supervisor] ${reason}: it keeps crashing, so it is not restarted any more. The shop keeps running on the registry the host last read; releases wait until it is back (npm run start -w @shop/release, RELEASE_PORT=${ports.release}).`,
        );
        return;
      }
      const role = service.name === 'api' ? 'the API (catalogue, cart, orders)' : 'the host server (it serves every page)';
      console.error(
        `[supervisor] ${reason}: it keeps crashing, and the shop cannot work without ${role}, so the shop is stopped. Its log is above.`,
      );
      void shutdown(1);
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
