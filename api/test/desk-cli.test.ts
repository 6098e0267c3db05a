// Guards the desk's command-line tools as an owner runs them: `npm run users` straight on the
// database (PostgreSQL here: with it the tool works while the shop runs) and `npm run orders`
// over the API's ops routes, served on a real port. Each runs as its own process.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { type Api, createApi } from '../src/http/app.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const TOKEN = 'desk-cli-ops-token-0123456789';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(script: 'users' | 'orders', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, [path.join(ROOT, 'api/src/cli', `${script}.ts`), ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Each command is a process compiling the CLI with tsx (several seconds on a loaded 2-core machine),
// and a test runs up to ten of them: the limit is a guard against a hang, not a speed check.
const SLOW = { timeout: 240_000 };

describe('desk command-line tools [postgres]', SLOW, () => {
  let databaseUrl = '';
  let dbName = '';
  let database: Database;
  let api: Api;
  let server: Server;
  let apiUrl = '';

  beforeAll(async () => {
    const serverUrl = inject('pgUrl');
    dbName = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    databaseUrl = serverUrl.replace(/\/postgres$/, `/${dbName}`);
    database = await openDatabase({ databaseUrl, poolSize: 3 });
    api = await createApi({ db: database.db, config: testConfig({ opsToken: TOKEN, shopPublicUrl: 'https://shop.test' }), catalogPollMs: 0, logging: false });
    server = createServer(api.yoga);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    api?.close();
    await database?.close();
    const c = new pg.Client({ connectionString: inject('pgUrl') });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  });

  const signIn = (email: string, password: string) =>
    api.fetch('http://localhost/api/admin/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.test' },
      body: JSON.stringify({ email, password }),
    });

  it('users: adds the first owner (while the API runs), refuses a duplicate and a short password, lists, disables', async () => {
    const env = { DATABASE_URL: databaseUrl, USER_PASSWORD: 'first-owner-password' };
    const added = await run('users', ['add', '--email', 'Owner@Shop.test', '--role', 'owner', '--name', 'Анна Орлова'], env);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Добавлен владелец owner@shop.test (Анна Орлова)');
    expect((await signIn('owner@shop.test', 'first-owner-password')).status).toBe(200);

    const duplicate = await run('users', ['add', '--email', 'owner@shop.test', '--role', 'manager'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('уже есть');
    const short = await run('users', ['add', '--email', 'm@shop.test', '--role', 'manager'], { ...env, USER_PASSWORD: 'short' });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('не короче 10 символов');
    const badRole = await run('users', ['add', '--email', 'm@shop.test', '--role', 'admin'], env);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('--role owner');
    const noTerminal = await run('users', ['add', '--email', 'm@shop.test', '--role', 'manager'], { DATABASE_URL: databaseUrl, USER_PASSWORD: '' });
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.stderr).toContain('USER_PASSWORD');

    expect((await run('users', ['set-password', '--email', 'owner@shop.test'], { ...env, USER_PASSWORD: 'second-owner-password' })).code).toBe(0);
    expect((await signIn('owner@shop.test', 'first-owner-password')).status).toBe(401);
    expect((await signIn('owner@shop.test', 'second-owner-password')).status).toBe(200);

    expect((await run('users', ['add', '--email', 'leaver@shop.test', '--role', 'manager'], env)).code).toBe(0);
    const disabled = await run('users', ['disable', '--email', 'leaver@shop.test'], env);
    expect(disabled.stdout).toContain('отключён');
    expect((await signIn('leaver@shop.test', 'first-owner-password')).status).toBe(403);
    const list = await run('users', ['list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/E-mail\s+Имя\s+Роль/);
    expect(list.stdout).toMatch(/owner@shop\.test\s+Анна Орлова\s+владелец/);
    expect(list.stdout).toMatch(/leaver@shop\.test\s+менеджер\s+\S+\s+отключён/);
  });

  it('orders: lists, shows, changes a status as «ops-токен», exports CSV, and says what is wrong in Russian', async () => {
    const d = (await (
      await api.fetch('http://localhost/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ products(limit: 30) { items { offers { id stock } } } }' }),
      })
    ).json()) as { data: { products: { items: { offers: { id: string; stock: number }[] }[] } } };
    const offer = d.data.products.items.flatMap((p) => p.offers).find((o) => o.stock >= 2) as { id: string };
    const placed = (await (
      await api.fetch('http://localhost/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation($i: CreateOrderInput!) { createOrder(input: $i) { success order { ordernumber } } }',
          variables: {
            i: {
              idempotencyKey: randomUUID(),
              orderData: { fullName: 'Петров Иван Сергеевич', phone: '+7 (912) 345-67-89', email: 'ivan@example.ru', city: 'Казань', address: 'ул. Баумана, д. 1', deliveryMethod: 'COURIER', comment: '', personalDataConsent: true, consentVersion: '2025-09-01' },
              items: [{ offerId: offer.id, quantity: 1 }],
            },
          },
        }),
      })
    ).json()) as { data: { createOrder: { success: boolean; order: { ordernumber: string } } } };
    const number = placed.data.createOrder.order.ordernumber;
    const env = { SHOP_API_URL: apiUrl, OPS_TOKEN: TOKEN };

    const list = await run('orders', ['list', '--status', 'новый', '--q', number], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/Номер\s+Создан \(МСК\)\s+Статус/);
    expect(list.stdout).toMatch(new RegExp(`${number}\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+новый`));
    expect(list.stdout).toContain('Петров Иван Сергеевич');
    expect(list.stdout).toContain('Заказы 1–1 из 1.');

    const refused = await run('orders', ['set-status', number, 'paid'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Оплаченным заказ отмечает только подтверждённый платёж');
    const moved = await run('orders', ['set-status', number, 'cancelled', '--note', 'передумал'], env);
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain(`Заказ ${number}: новый → отменён.`);
    const shown = await run('orders', ['show', number], env);
    expect(shown.stdout).toContain(`Заказ ${number} — отменён`);
    expect(shown.stdout).toMatch(/ops-токен\s+новый\s+отменён\s+передумал/);

    const dir = mkdtempSync(path.join(tmpdir(), 'desk-cli-'));
    const exported = await run('orders', ['export', '--status', 'cancelled', '--out', 'orders.csv'], { ...env, INIT_CWD: dir });
    expect(exported.code).toBe(0);
    const csv = readFileSync(path.join(dir, 'orders.csv'), 'utf8');
    expect(csv.startsWith('\uFEFFНомер;Дата (МСК);Статус;')).toBe(true);
    expect(csv).toContain(`${number};`);
    const toStdout = await run('orders', ['export', '--q', number], env);
    expect(toStdout.stdout.startsWith('\uFEFFНомер;')).toBe(true);

    const bad = await run('orders', ['list', '--from', '2026-02-30'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('ГГГГ-ММ-ДД');
    const wrongToken = await run('orders', ['list'], { ...env, OPS_TOKEN: 'wrong-token' });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('ops-токен');
    const down = await run('orders', ['list'], { ...env, SHOP_API_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('API магазина не отвечает');
    const missing = await run('orders', ['show', 'SH-NOPE2'], env);
    expect(missing.stderr).toContain('Заказ не найден');
  });
});

describe('users on the embedded database while the shop runs [pglite]', SLOW, () => {
  let scratch = '';
  let pgliteDir = '';
  let database: Database;
  let api: Api;
  let server: Server;
  let apiUrl = '';

  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'desk-cli-pglite-'));
    pgliteDir = path.join(scratch, 'pglite');
    // the seeded test database as a data folder, then held by this API as npm start's API holds it
    await (await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]), extensions: { pg_trgm } })).close();
    database = await openDatabase({ pgliteDir });
    api = await createApi({ db: database.db, config: testConfig({ opsToken: TOKEN, shopPublicUrl: 'https://shop.test' }), catalogPollMs: 0, logging: false });
    server = createServer(api.yoga);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    api?.close();
    await database?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const signIn = (email: string, password: string) =>
    api.fetch('http://localhost/api/admin/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.test' },
      body: JSON.stringify({ email, password }),
    });

  it('adds the first owner through the running API (no stopping), and the other commands work the same way', async () => {
    const env = { DATABASE_URL: '', PGLITE_DIR: pgliteDir, SHOP_API_URL: apiUrl, OPS_TOKEN: TOKEN, USER_PASSWORD: 'first-owner-password' };
    const added = await run('users', ['add', '--email', 'Owner@Shop.test', '--role', 'owner', '--name', 'Анна Орлова'], env);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Добавлен владелец owner@shop.test (Анна Орлова)');
    expect((await signIn('owner@shop.test', 'first-owner-password')).status).toBe(200);

    const duplicate = await run('users', ['add', '--email', 'owner@shop.test', '--role', 'manager'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('уже есть');
    expect((await run('users', ['set-password', '--email', 'owner@shop.test'], { ...env, USER_PASSWORD: 'second-owner-password' })).code).toBe(0);
    expect((await signIn('owner@shop.test', 'second-owner-password')).status).toBe(200);
    const list = await run('users', ['list'], env);
    expect(list.stdout).toMatch(/owner@shop\.test\s+Анна Орлова\s+владелец\s+\S+\s+активен/);

    // a wrong token: the API refuses, and the command says what to check
    const refused = await run('users', ['list'], { ...env, OPS_TOKEN: 'not-the-token' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`занята работающим API, а через его API не вышло: Нужен действующий ops-токен`);
    expect(refused.stderr).toContain('OPS_TOKEN');
  });
});
