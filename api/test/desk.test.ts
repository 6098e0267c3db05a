// Guards the orders desk's JSON API (/api/admin/*, session cookie) and its machine side
// (/api/ops/orders*, ops token): sign-in, throttling, disabled users, cookie flags, expiry,
// CSRF, manager masking, filters and search (hostile input included), detail with history,
// status changes through the one lifecycle, stock returned on cancel, CSV export.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { createUser, disableUser } from '../src/accounts/account-repo.ts';
import { generateCatalog } from '../src/catalog/generator.ts';
import { testConfig } from '../src/config.ts';
import { rows } from '../src/db/database.ts';
import { changeOrderStatus } from '../src/orders/order-lifecycle.ts';
import { orderData } from './order-data.ts';
import { describeDrivers } from './test-env.ts';

const TOKEN = 'desk-test-ops-token-0123456789';
const ORIGIN = 'https://shop.test';
const OWNER = { email: 'owner@shop.test', password: 'owner-password-1', name: 'Анна Владелец' };
const MANAGER = { email: 'manager@shop.test', password: 'manager-password-1', name: 'Пётр Менеджер' };

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateOrderInput!) {
    createOrder(input: $input) { success errors { code message } order { id ordernumber } }
  }`;

interface Placed {
  id: number;
  number: string;
  offerId: string;
}

type Json = Record<string, any>;

describeDrivers(
  'orders desk',
  (env) => {
    let owner: { id: number };
    let manager: { id: number };
    let offers: { id: string; stock: number }[] = [];
    let ipCounter = 0;
    // a fresh client address per caller keeps the per-IP budgets of one test out of the next
    const nextIp = () => `198.51.100.${++ipCounter}`;

    beforeAll(async () => {
      const db = env().database.db;
      owner = await createUser(db, { ...OWNER, role: 'owner' });
      manager = await createUser(db, { ...MANAGER, role: 'manager' });
      const d = await env().data(`{ products(limit: 100) { items { offers { id stock } } } }`);
      offers = d.products.items.flatMap((p: { offers: { id: string; stock: number }[] }) => p.offers).filter((o: { stock: number }) => o.stock >= 3);
    });

    let offerCounter = 0;
    // orders hold stock now: each order takes the next offer, so none runs out during the file
    const place = async (over: Json = {}): Promise<Placed> => {
      const offer = offers[offerCounter++ % offers.length] as { id: string };
      const res = await env().gql(
        CREATE,
        {
          input: {
            idempotencyKey: randomUUID(),
            orderData: orderData({
              fullName: 'Петров Иван Сергеевич',
              email: 'ivan.petrov@mail.ru',
              comment: '',
              ...over,
            }),
            items: [{ offerId: offer.id, quantity: 1 }],
          },
        },
        { 'x-forwarded-for': nextIp() },
      );
      const r = res.data?.createOrder;
      if (!r?.success) throw new Error(`order not placed: ${JSON.stringify(res)}`);
      return { id: Number(r.order.id), number: r.order.ordernumber, offerId: offer.id };
    };

    interface Call {
      method?: string;
      body?: unknown;
      cookie?: string;
      origin?: string | null;
      contentType?: string;
      ip?: string;
      token?: string;
    }
    const call = (path: string, c: Call = {}) => {
      const method = c.method ?? (c.body === undefined ? 'GET' : 'POST');
      const headers: Record<string, string> = { 'x-forwarded-for': c.ip ?? '192.0.2.1' };
      if (method !== 'GET') headers['content-type'] = c.contentType ?? 'application/json';
      if (method !== 'GET' && c.origin !== null) headers.origin = c.origin ?? ORIGIN;
      if (c.cookie) headers.cookie = c.cookie;
      if (c.token) headers.authorization = `Bearer ${c.token}`;
      return env().request(path, { method, headers, ...(c.body === undefined ? {} : { body: typeof c.body === 'string' ? c.body : JSON.stringify(c.body) }) });
    };
    const signIn = (email: string, password: string, ip = nextIp()) => call('/api/admin/session', { body: { email, password }, ip });
    const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const sessionOf = async (who: { email: string; password: string }) => {
      const res = await signIn(who.email, who.password);
      expect(res.status).toBe(200);
      return cookieOf(res);
    };
    const body = async (res: Response) => (await res.json()) as Json;
    /** An error answer's code and message, read from the one error shape (@shop/contracts/errors). */
    const failure = async (res: Response) => {
      const { errors } = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(errors).toHaveLength(1);
      return { code: errors[0]!.extensions.code, message: errors[0]!.message };
    };
    const ops = (path: string, c: Call = {}) => call(`/api/ops${path}`, { token: TOKEN, origin: null, ...c });

    it('signs in with the right password: a session cookie (httpOnly, SameSite=Strict, Path=/api/admin, Secure over https) whose token is stored only as its sha256', async () => {
      const res = await signIn(OWNER.email.toUpperCase(), OWNER.password);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await body(res)).user).toMatchObject({ email: OWNER.email, name: OWNER.name, role: 'owner' });
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^shop_desk=[A-Za-z0-9_-]{43};/);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Strict/);
      expect(setCookie).toMatch(/; Path=\/api\/admin(;|$)/);
      expect(setCookie).toMatch(/; Secure/);
      const token = cookieOf(res).slice('shop_desk='.length);
      const stored = await rows<{ token_hash: string }>(env().database.db, sql`SELECT token_hash FROM user_sessions WHERE user_id = ${owner.id}`);
      expect(stored.map((s) => s.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(token);
      const me = await call('/api/admin/session', { cookie: cookieOf(res) });
      expect(me.status).toBe(200);
      expect((await body(me)).user.role).toBe('owner');
    });

    it('answers a wrong password and an unknown e-mail alike (401 BAD_CREDENTIALS), and without a session 401 UNAUTHENTICATED', async () => {
      const wrong = await signIn(OWNER.email, 'not-the-password');
      const unknown = await signIn('nobody@shop.test', 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(await body(wrong)).toEqual({ errors: [{ message: 'Неверный e-mail или пароль', extensions: { code: 'BAD_CREDENTIALS' } }] });
      expect(await body(unknown)).toEqual({ errors: [{ message: 'Неверный e-mail или пароль', extensions: { code: 'BAD_CREDENTIALS' } }] });
      expect(wrong.headers.get('set-cookie')).toBeNull();
      for (const path of ['/api/admin/session', '/api/admin/orders', '/api/admin/orders.csv']) {
        const res = await call(path);
        expect(res.status).toBe(401);
        expect(await failure(res)).toEqual({ code: 'UNAUTHENTICATED', message: 'Войдите, чтобы продолжить' });
      }
      const forged = await call('/api/admin/orders', { cookie: `shop_desk=${'A'.repeat(43)}` });
      expect(forged.status).toBe(401);
    });

    it('throttles sign-in per e-mail and address: the guesser is locked out, the owner at another address is not, a spread flood locks the e-mail', async () => {
      const db = env().database.db;
      const victim = { email: 'target@shop.test', password: 'target-password-1' };
      await createUser(db, { ...victim, role: 'manager' });
      const attacker = nextIp();
      // case and spaces do not make another e-mail
      for (let i = 0; i < 3; i++) expect((await signIn(i ? victim.email : ' TARGET@shop.test ', `guess-${i}-xxxxx`, attacker)).status).toBe(401);
      const locked = await signIn(victim.email, victim.password, attacker);
      expect(locked.status).toBe(429);
      const error = await failure(locked);
      expect(error.code).toBe('TOO_MANY_ATTEMPTS');
      expect(error.message).toMatch(/^Слишком много попыток входа\. Попробуйте через \d+ мин\.$/);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      // the owner of the account, at their own address, still gets in (no lock-out by a stranger)
      expect((await signIn(victim.email, victim.password)).status).toBe(200);
      // other accounts are not affected
      expect((await signIn(MANAGER.email, MANAGER.password, attacker)).status).toBe(200);
      // guesses spread over many addresses: past the e-mail's total (10 here) an unknown browser waits
      for (let i = 0; i < 7; i++) expect((await signIn(victim.email, `spread-${i}-xxxxx`)).status).toBe(401);
      expect((await signIn(victim.email, 'spread-next-xxxxx')).status).toBe(401);
      const slowed = await signIn(victim.email, victim.password);
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect((await failure(slowed)).message).toMatch(/^Слишком много попыток входа\. Попробуйте через \d+ (с|мин)\.$/);
    });

    it('never holds back a browser that signed in before: 13 wrong passwords from 13 addresses, a guesser at its own address, a burst', async () => {
      const db = env().database.db;
      const victim = { email: 'owner-two@shop.test', password: 'owner-two-password-1' };
      await createUser(db, { ...victim, role: 'owner' });
      const first = await signIn(victim.email, victim.password);
      expect(first.status).toBe(200);
      const cookies = first.headers.getSetCookie();
      const device = cookies.find((c) => c.startsWith('shop_desk_device='));
      expect(device).toMatch(/^shop_desk_device=[A-Za-z0-9_-]{43}; Path=\/api\/admin\/session; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
      const deviceCookie = (device as string).split(';')[0] as string;
      const fromDevice = (password: string, ip = nextIp()) => call('/api/admin/session', { body: { email: victim.email, password }, ip, cookie: deviceCookie });
      // the flood: each guess from its own address; past the total (10) the guesses wait their turn
      const flood = [];
      for (let i = 0; i < 13; i++) flood.push((await signIn(victim.email, `flood-${i}-xxxxx`)).status);
      expect(flood.slice(0, 11)).toEqual(Array(11).fill(401));
      expect(flood.slice(11)).toEqual([429, 429]);
      // a burst of parallel guesses gets none through while the e-mail waits
      expect((await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(victim.email, `burst-${i}-xxxxx`)))).map((r) => r.status)).toEqual(Array(5).fill(429));
      // the right password from a browser never seen waits too; from the owner's browser, at an address never used, it signs in
      expect((await signIn(victim.email, victim.password)).status).toBe(429);
      const again = await fromDevice(victim.password);
      expect(again.status).toBe(200);
      // the same device token comes back, its sha256 alone stored
      expect(again.headers.getSetCookie().find((c) => c.startsWith('shop_desk_device='))?.split(';')[0]).toBe(deviceCookie);
      const stored = await rows<{ token_hash: string }>(db, sql`SELECT d.token_hash FROM desk_devices d JOIN users u ON u.id = d.user_id WHERE u.email = ${victim.email}`);
      expect(stored.map((r) => r.token_hash)).toEqual([createHash('sha256').update(deviceCookie.slice('shop_desk_device='.length)).digest('hex')]);
      // a guesser at the owner's own address locks that pair and that address for strangers, not for the owner's browser
      const office = nextIp();
      for (let i = 0; i < 6; i++) await signIn(`colleague-${i}@shop.test`, 'whatever-password', office);
      expect((await signIn(victim.email, victim.password, office)).status).toBe(429);
      expect((await fromDevice(victim.password, office)).status).toBe(200);
      // the cookie vouches only for its own account, and a made-up one for none
      expect((await call('/api/admin/session', { body: { email: 'target@shop.test', password: 'target-password-1' }, ip: nextIp(), cookie: deviceCookie })).status).toBe(429);
      const madeUp = `shop_desk_device=${'B'.repeat(43)}`;
      expect((await call('/api/admin/session', { body: victim, ip: nextIp(), cookie: madeUp })).status).toBe(429);
      // the owner's browser has its own few wrong passwords (3 here); then it waits like any other
      for (let i = 0; i < 3; i++) expect((await fromDevice(`typo-${i}-xxxxx`)).status).toBe(401);
      expect((await fromDevice(victim.password)).status).toBe(429);
    });

    it('throttles sign-in per client address (the trusted one): many e-mails from one address lock that address only', async () => {
      const ip = nextIp();
      for (let i = 0; i < 6; i++) expect((await signIn(`spray-${i}@shop.test`, 'whatever-password', ip)).status).toBe(401);
      expect((await signIn(OWNER.email, OWNER.password, ip)).status).toBe(429);
      expect((await signIn(OWNER.email, OWNER.password, nextIp())).status).toBe(200);
      // a forged X-Forwarded-For from an untrusted peer does not buy a new budget: the socket address counts
      const direct = (fwd: string) =>
        env().request(
          '/api/admin/session',
          { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': fwd }, body: JSON.stringify({ email: `${fwd}@shop.test`, password: 'whatever-password' }) },
          '203.0.113.77',
        );
      for (let i = 0; i < 6; i++) expect((await direct(`10.9.9.${i}`)).status).toBe(401);
      expect((await direct('10.9.9.99')).status).toBe(429);
    });

    it('a disabled user cannot sign in, and their open sessions stop working at once', async () => {
      const db = env().database.db;
      const temp = { email: 'leaver@shop.test', password: 'leaver-password-1' };
      await createUser(db, { ...temp, role: 'manager' });
      const cookie = await sessionOf(temp);
      expect((await call('/api/admin/orders', { cookie })).status).toBe(200);
      await disableUser(db, temp.email);
      expect((await call('/api/admin/orders', { cookie })).status).toBe(401);
      const again = await signIn(temp.email, temp.password);
      expect(again.status).toBe(403);
      expect((await failure(again)).code).toBe('USER_DISABLED');
      expect(again.headers.get('set-cookie')).toBeNull();
      // a disabled user's wrong password still reads as a wrong password
      expect((await signIn(temp.email, 'wrong-password-x')).status).toBe(401);
    });

    it('ends an idle session after DESK_SESSION_HOURS and slides it while used; sign-out deletes the row and clears the cookie', async () => {
      const db = env().database.db;
      const cookie = await sessionOf(OWNER);
      const hash = createHash('sha256').update(cookie.slice('shop_desk='.length)).digest('hex');
      await db.execute(sql`UPDATE user_sessions SET last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 minute' WHERE token_hash = ${hash}`);
      expect((await call('/api/admin/session', { cookie })).status).toBe(200);
      const [slid] = await rows<{ hours: number }>(db, sql`SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM user_sessions WHERE token_hash = ${hash}`);
      expect(Number(slid?.hours)).toBeGreaterThan(11.9);
      await db.execute(sql`UPDATE user_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hash}`);
      const expired = await call('/api/admin/session', { cookie });
      expect(expired.status).toBe(401);
      expect(expired.headers.get('set-cookie')).toMatch(/^shop_desk=; .*Max-Age=0/);
      expect((await call('/api/admin/orders', { cookie })).status).toBe(401);

      const fresh = await sessionOf(OWNER);
      const freshHash = createHash('sha256').update(fresh.slice('shop_desk='.length)).digest('hex');
      expect(await rows(db, sql`SELECT 1 FROM user_sessions WHERE token_hash = ${freshHash}`)).toHaveLength(1);
      const out = await call('/api/admin/session', { method: 'DELETE', cookie: fresh });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/^shop_desk=; Path=\/api\/admin; HttpOnly; SameSite=Strict; Max-Age=0/);
      expect(await rows(db, sql`SELECT 1 FROM user_sessions WHERE token_hash = ${freshHash}`)).toEqual([]);
      expect((await call('/api/admin/orders', { cookie: fresh })).status).toBe(401);
    });

    it('refuses cross-site changes (CSRF): a foreign Origin, a form content type or text/plain get 403 and change nothing', async () => {
      const order = await place();
      const cookie = await sessionOf(OWNER);
      const path = `/api/admin/orders/${order.number}/status`;
      const attempts: Call[] = [
        { origin: 'https://evil.test' },
        { origin: 'null' },
        { origin: 'http://shop.test' },
        { contentType: 'application/x-www-form-urlencoded' },
        { contentType: 'text/plain' },
        { contentType: 'multipart/form-data; boundary=x' },
        { contentType: 'text/plain; x=application/json' },
      ];
      for (const attempt of attempts) {
        const res = await call(path, { cookie, body: { status: 'cancelled' }, ...attempt });
        expect(res.status, JSON.stringify(attempt)).toBe(403);
        expect((await failure(res)).code).toBe('CSRF');
      }
      const login = await call('/api/admin/session', { body: { email: OWNER.email, password: OWNER.password }, origin: 'https://evil.test', ip: nextIp() });
      expect(login.status).toBe(403);
      const logout = await call('/api/admin/session', { method: 'DELETE', cookie, contentType: 'text/plain' });
      expect(logout.status).toBe(403);
      const [row] = await rows<{ status: string }>(env().database.db, sql`SELECT status FROM orders WHERE id = ${order.id}`);
      expect(row?.status).toBe('new');
      // without Origin (a same-origin GET-less client such as curl) the JSON type is enough
      const ok = await call(path, { cookie, body: { status: 'cancelled', note: 'тест' }, origin: null });
      expect(ok.status).toBe(200);
    });

    it('shows a manager masked personal data everywhere (list, detail, search hits, CSV), the owner and the ops token the real values', async () => {
      const order = await place({ fullName: 'Смирнова Ольга Петровна', phone: '+7 (903) 111-22-67', email: 'olga.smirnova@yandex.ru', address: 'пр. Мира, д. 5, кв. 17', city: 'Самара' });
      const mgr = await sessionOf(MANAGER);
      const own = await sessionOf(OWNER);
      const full = (await body(await call(`/api/admin/orders/${order.number}`, { cookie: own }))).order;
      expect(full).toMatchObject({ fullName: 'Смирнова Ольга Петровна', phone: '+79031112267', email: 'olga.smirnova@yandex.ru', address: 'пр. Мира, д. 5, кв. 17', masked: false });
      expect(full.consent).toMatchObject({ version: '2025-09-01', clientIp: expect.stringMatching(/^198\.51\.100\.\d+$/) });
      const detail = (await body(await call(`/api/admin/orders/${order.number}`, { cookie: mgr }))).order;
      expect(detail).toMatchObject({ fullName: 'Ольга С.', phone: '+7 *** ***-**-67', email: 'o***@yandex.ru', address: 'Самара', city: 'Самара', masked: true });
      expect(detail.consent.clientIp).toMatch(/\*$/);
      const list = await call(`/api/admin/orders?q=${order.number}`, { cookie: mgr });
      const listText = await list.text();
      const csvText = await (await call(`/api/admin/orders.csv?q=${order.number}`, { cookie: mgr })).text();
      for (const secret of ['Смирнова', 'Ольга Петровна', '9031112267', '111-22', 'olga.smirnova', 'Мира', `"${full.consent.clientIp}"`]) {
        expect(JSON.stringify(detail)).not.toContain(secret);
        expect(listText).not.toContain(secret);
        expect(csvText).not.toContain(secret);
      }
      expect(csvText.split('\r\n')[0]).not.toMatch(/ФИО|Телефон|E-mail|Адрес/);
      const viaOps = (await body(await ops(`/orders/${order.number}`))).order;
      expect(viaOps.phone).toBe('+79031112267');
    });

    it("does not let a manager unmask a phone or an e-mail through search: parts find nothing, the whole value (or the number) finds the order", async () => {
      const order = await place({ phone: '+7 (904) 222-33-58', email: 'oracle.victim@yandex.ru' });
      const mgr = await sessionOf(MANAGER);
      const own = await sessionOf(OWNER);
      const found = async (cookie: string, q: string) => {
        const list = await call(`/api/admin/orders?q=${encodeURIComponent(q)}`, { cookie });
        expect(list.status, q).toBe(200);
        const csvText = await (await call(`/api/admin/orders.csv?q=${encodeURIComponent(q)}`, { cookie })).text();
        const inList = ((await body(list)).orders as Json[]).some((o) => o.number === order.number);
        expect(csvText.includes(order.number), `CSV ${q}`).toBe(inList);
        return inList;
      };
      // the mask shows «+7 *** ***-**-58» and «o***@yandex.ru»; growing guesses around them must not confirm anything
      for (const part of ['3358', '23358', '2223358', '9042223358'.slice(1), 'oracle', 'm@yandex', 'oracle.v', 'victim@yandex.ru']) {
        expect(await found(mgr, part), part).toBe(false);
        expect(await found(own, part), `owner ${part}`).toBe(true);
      }
      for (const whole of ['+7 (904) 222-33-58', '89042223358', '9042223358', 'Oracle.Victim@yandex.ru', order.number, order.number.slice(3)]) {
        expect(await found(mgr, whole), whole).toBe(true);
      }
    });

    it('filters by status and Moscow dates, searches by number, phone digits and e-mail part, and pages by 30', async () => {
      const db = env().database.db;
      const cookie = await sessionOf(OWNER);
      const a = await place({ email: 'filter.alpha@example.org', phone: '+7 (921) 765-43-21' });
      const b = await place({ email: 'filter.beta@example.org' });
      // 2026-01-10 21:30 UTC is 2026-01-11 00:30 in Moscow
      await db.execute(sql`UPDATE orders SET created_at = '2026-01-10T21:30:00Z' WHERE id = ${a.id}`);
      await changeOrderStatus(db, [], b.id, 'paid', 'sandbox');
      const list = async (query: string) => {
        const res = await call(`/api/admin/orders?${query}`, { cookie });
        expect(res.status, query).toBe(200);
        return body(res) as Promise<{ orders: Json[]; total: number; page: number; pageSize: number }>;
      };
      const numbers = (r: { orders: Json[] }) => r.orders.map((o) => o.number);
      expect(numbers(await list('from=2026-01-11&to=2026-01-11'))).toEqual([a.number]);
      expect(numbers(await list('from=2026-01-10&to=2026-01-10'))).toEqual([]);
      expect(numbers(await list('from=2026-01-12&to=2026-01-12'))).toEqual([]);
      const paid = await list('status=paid');
      expect(numbers(paid)).toContain(b.number);
      expect(paid.orders.every((o) => o.status === 'paid' && o.statusTitle === 'оплачен')).toBe(true);
      expect(numbers(await list(`q=${a.number.slice(3).toLowerCase()}`))).toEqual([a.number]);
      expect(numbers(await list(`q=${encodeURIComponent('8 (921) 765-43-21')}`))).toEqual([a.number]);
      expect(numbers(await list('q=7654321'))).toEqual([a.number]);
      expect(numbers(await list('q=ALPHA%40example'))).toEqual([a.number]);
      expect(numbers(await list('q=filter.'))).toEqual([b.number, a.number]);
      const row = (await list(`q=${b.number}`)).orders[0];
      expect(row).toMatchObject({ number: b.number, status: 'paid', items: 1, city: 'Казань', deliveryMethod: 'CDEK_PICKUP', paymentStatus: null });
      // SQL-ish and wildcard text is only text
      for (const hostile of ["' OR 1=1 --", "x'); DELETE FROM orders; --", '%', '_', '\\', '%%%', "' UNION SELECT password_hash FROM users --"]) {
        const r = await list(`q=${encodeURIComponent(hostile)}`);
        expect(r.total, hostile).toBe(0);
      }
      expect((await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE id IN (${a.id}, ${b.id})`))[0]?.n).toBe(2);
      const all = await list('');
      expect(all.pageSize).toBe(30);
      expect(all.total).toBeGreaterThanOrEqual(all.orders.length);
      const far = await list('page=999');
      expect(far.orders).toEqual([]);
      expect(far.page).toBe(999);
    });

    it('answers bad filters with 400 BAD_FILTER and a Russian message, never 500', async () => {
      const cookie = await sessionOf(OWNER);
      for (const query of ['status=bogus', 'status=NEW', 'from=2026-13-01', 'from=2026-02-30', 'to=yesterday', 'from=2026-02-02&to=2026-02-01', `q=${'a'.repeat(10_240)}`, 'page=-1', 'page=0', 'page=abc', 'page=1.5', 'page=99999999']) {
        for (const path of ['/api/admin/orders', '/api/admin/orders.csv']) {
          if (path.endsWith('.csv') && query.startsWith('page')) continue;
          const res = await call(`${path}?${query}`, { cookie });
          expect(res.status, `${path}?${query.slice(0, 40)}`).toBe(400);
          const error = await failure(res);
          expect(error.code).toBe('BAD_FILTER');
          expect(error.message).toMatch(/[а-яё]/i);
          expect(res.headers.get('cache-control')).toBe('no-store');
        }
      }
      expect((await call('/api/admin/orders/SH-%3Cscript%3E', { cookie })).status).toBe(404);
      expect((await call('/api/admin/orders/%E0%A4%A', { cookie })).status).toBe(400);
      expect((await call('/api/admin/nothing-here', { cookie })).status).toBe(404);
      const huge = await call('/api/admin/session', { body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(40_000) }), ip: nextIp() });
      expect(huge.status).toBe(413);
      const notJson = await call(`/api/admin/orders/SH-AAAAA/status`, { cookie, body: '{nope' });
      expect(notJson.status).toBe(400);
    });

    it('shows an order with lines, customer, delivery, consent, payments and a history naming each actor in Russian', async () => {
      const db = env().database.db;
      const order = await place({ comment: 'Позвоните за час' });
      await db.execute(
        sql`INSERT INTO payments (order_id, provider, provider_payment_id, idempotence_key, amount, status) VALUES (${order.id}, 'yookassa', ${`pay-${order.id}`}, ${randomUUID()}, 100, 'succeeded')`,
      );
      expect((await changeOrderStatus(db, [], order.id, 'paid', 'yookassa')).ok).toBe(true);
      const cookie = await sessionOf(OWNER);
      const moved = await call(`/api/admin/orders/${order.number}/status`, { cookie, body: { status: 'assembled', note: 'упакован' } });
      expect(moved.status).toBe(200);
      expect((await ops(`/orders/${order.number}/status`, { body: { status: 'shipped' } })).status).toBe(200);
      const res = await call(`/api/admin/orders/${order.number.toLowerCase()}`, { cookie });
      expect(res.status).toBe(200);
      const { order: o } = await body(res);
      expect(o).toMatchObject({ number: order.number, status: 'shipped', statusTitle: 'отправлен', comment: 'Позвоните за час', deliveryMethod: 'CDEK_PICKUP', paidAt: expect.any(String) });
      expect(o.lines).toHaveLength(1);
      expect(o.lines[0]).toMatchObject({ quantity: 1, total: o.lines[0].price });
      expect(o.payments).toEqual([expect.objectContaining({ provider: 'yookassa', providerPaymentId: `pay-${order.id}`, status: 'succeeded', amount: 100 })]);
      expect(o.consent.version).toBe('2025-09-01');
      const tail = o.history.slice(-3).map((h: Json) => [h.actorTitle, h.fromTitle, h.toTitle, h.note]);
      expect(tail).toEqual([
        ['ЮKassa', 'новый', 'оплачен', ''],
        [`${OWNER.name} (${OWNER.email})`, 'оплачен', 'собран', 'упакован'],
        ['ops-токен', 'собран', 'отправлен', ''],
      ]);
      expect(o.history.at(-2).actor).toBe(`user:${owner.id}:${OWNER.email}`);
      // a pickup order may wait at the point before it is handed over
      expect(o.next).toEqual([
        { status: 'ready', title: 'ждёт в пункте выдачи' },
        { status: 'delivered', title: 'доставлен' },
      ]);
      expect((await call('/api/admin/orders/SH-ZZZZZ', { cookie })).status).toBe(404);
    });

    it('keeps the parcel’s tracking number given with «отправлен», for the desk and the shopper’s order page; refuses a bad one', async () => {
      const db = env().database.db;
      const order = await place();
      expect((await changeOrderStatus(db, [], order.id, 'paid', 'sandbox')).ok).toBe(true);
      const cookie = await sessionOf(OWNER);
      const move = (body: Json) => call(`/api/admin/orders/${order.number}/status`, { cookie, body });
      // a number only with «отправлен», and only one a carrier prints
      const early = await move({ status: 'assembled', trackingNumber: '1234567890' });
      expect(early.status).toBe(400);
      expect((await failure(early)).code).toBe('BAD_TRACKING');
      expect((await move({ status: 'assembled' })).status).toBe(200);
      for (const bad of ['123', '<script>alert(1)</script>', 42, 'https://evil.example/12345678']) {
        const refused = await move({ status: 'shipped', trackingNumber: bad });
        expect(refused.status, String(bad)).toBe(400);
        expect((await failure(refused)).code).toBe('BAD_TRACKING');
      }
      const shipped = await move({ status: 'shipped', trackingNumber: 'СДЭК 1234-5678-90' });
      expect(shipped.status).toBe(200);
      const url = 'https://www.cdek.ru/ru/tracking/?order_id=1234567890';
      expect((await body(shipped)).order.tracking).toEqual({ number: '1234567890', url });
      const [{ key }] = (await rows<{ key: string }>(db, sql`SELECT access_key AS key FROM orders WHERE id = ${order.id}`)) as [{ key: string }];
      const shopper = await env().data(`query($n: String!, $k: String!) { order(number: $n, key: $k) { tracking { number url } } }`, {
        n: order.number,
        k: key,
      });
      expect(shopper).toEqual({ order: { tracking: { number: '1234567890', url } } });
    });

    it('lets only the owner send a return\'s money back', async () => {
      const order = await place();
      const refund = await call(`/api/admin/orders/${order.number}/returns/1/refund`, { cookie: await sessionOf(MANAGER), body: {} });
      expect(refund.status).toBe(403);
      expect(await failure(refund)).toEqual({ code: 'FORBIDDEN', message: 'Вернуть деньги может только владелец магазина' });
      // the owner gets past the role: the request itself is what is not there
      expect((await call(`/api/admin/orders/${order.number}/returns/1/refund`, { cookie: await sessionOf(OWNER), body: {} })).status).toBe(404);
    });

    it('refuses moves the lifecycle does not allow (409 BAD_TRANSITION, PAYMENT_ONLY) and records allowed ones with the user', async () => {
      const db = env().database.db;
      const order = await place();
      const cookie = await sessionOf(MANAGER);
      const status = (s: string, note?: string) => call(`/api/admin/orders/${order.number}/status`, { cookie, body: { status: s, note } });
      const paid = await status('paid');
      expect(paid.status).toBe(409);
      expect(await failure(paid)).toEqual({ code: 'PAYMENT_ONLY', message: 'Оплаченным заказ отмечает только подтверждённый платёж' });
      const jump = await status('shipped');
      expect(jump.status).toBe(409);
      const jumpError = await failure(jump);
      expect(jumpError.code).toBe('BAD_TRANSITION');
      expect(jumpError.message).toMatch(/«новый».*«отправлен»/);
      expect((await status('nonsense')).status).toBe(400);
      expect((await status('cancelled', 'x'.repeat(501))).status).toBe(400);
      const before = (await body(await ops(`/orders/${order.number}`))).order;
      expect(before.next).toEqual([{ status: 'cancelled', title: 'отменён' }]);
      const cancel = await status('cancelled', 'покупатель передумал');
      expect(cancel.status).toBe(200);
      const after = await body(cancel);
      expect(after.order.status).toBe('cancelled');
      expect(after.order.fullName).toBe('Иван П.');
      const events = await rows<{ actor: string; note: string }>(db, sql`SELECT actor, note FROM order_events WHERE order_id = ${order.id} AND to_status = 'cancelled'`);
      expect(events).toEqual([{ actor: `user:${manager.id}:${MANAGER.email}`, note: 'покупатель передумал' }]);
      // the same status again changes nothing and records nothing
      expect((await status('cancelled')).status).toBe(200);
      expect((await rows(db, sql`SELECT 1 FROM order_events WHERE order_id = ${order.id} AND to_status = 'cancelled'`)).length).toBe(1);
      expect((await status('new')).status).toBe(409);
    });

    it('a cancel returns the held units to the offer (offers table)', async () => {
      const db = env().database.db;
      const stockOf = async (offerId: string) => (await rows<{ stock: number }>(db, sql`SELECT stock FROM offers WHERE id = ${Number(offerId)}`))[0]?.stock;
      const next = (offers[offerCounter % offers.length] as { id: string }).id;
      const before = await stockOf(next);
      const order = await place();
      expect(order.offerId).toBe(next);
      const held = await stockOf(order.offerId);
      const cookie = await sessionOf(OWNER);
      expect((await call(`/api/admin/orders/${order.number}/status`, { cookie, body: { status: 'cancelled' } })).status).toBe(200);
      expect(held).toBe((before as number) - 1);
      expect(await stockOf(order.offerId)).toBe(before);
      const reservations = await rows<{ state: string }>(db, sql`SELECT state FROM stock_reservations WHERE order_id = ${order.id}`);
      expect(reservations.map((r) => r.state)).toEqual(['released']);
      // a second cancel returns nothing more
      expect((await call(`/api/admin/orders/${order.number}/status`, { cookie, body: { status: 'cancelled' } })).status).toBe(200);
      expect(await stockOf(order.offerId)).toBe(before);
    });

    it('ops routes need the right token (401, Russian message) and record the ops-token actor', async () => {
      const order = await place();
      const noToken = await call('/api/ops/orders', { ip: '203.0.113.200' });
      expect(noToken.status).toBe(401);
      const wrong = await call('/api/ops/orders', { token: 'wrong', ip: '203.0.113.200' });
      expect(wrong.status).toBe(401);
      expect((await failure(wrong)).message).toMatch(/ops-токен/);
      // a session cookie is no ops token
      const cookie = await sessionOf(OWNER);
      expect((await call('/api/ops/orders', { cookie, ip: '203.0.113.200' })).status).toBe(401);
      const list = await ops(`/orders?q=${order.number}`);
      expect(list.status).toBe(200);
      expect((await body(list)).orders[0]).toMatchObject({ number: order.number, phone: '+79123456789', email: 'ivan.petrov@mail.ru' });
      const moved = await ops(`/orders/${order.number}/status`, { body: { status: 'cancelled', note: 'ops' } });
      expect(moved.status).toBe(200);
      expect((await body(moved)).order.history.at(-1)).toMatchObject({ actor: 'ops-token', actorTitle: 'ops-токен', note: 'ops' });
      expect((await ops('/orders.csv')).headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect((await ops('/orders', { method: 'DELETE', body: {} })).status).toBe(405);
    });

    it('exports CSV: UTF-8 BOM, «;», Russian headers, Moscow times, formula cells defused, quotes kept', async () => {
      const db = env().database.db;
      const order = await place();
      await db.execute(
        sql`UPDATE orders SET comment = ${'=HYPERLINK("http://evil.test","жми")'}, address = ${'@SUM(1+1);ул. "Ленина"'}, full_name = ${'-2+3 Иван'}, created_at = '2026-03-01T20:59:00Z' WHERE id = ${order.id}`,
      );
      const cookie = await sessionOf(OWNER);
      const res = await call(`/api/admin/orders.csv?q=${order.number}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
      const [header, line, end] = text.split('\r\n');
      expect(header).toBe('Номер;Дата (МСК);Статус;Сумма, ₽;Товаров, шт.;ФИО;Телефон;E-mail;Город;Адрес;Доставка;Оплата;Комментарий');
      expect(end).toBe('');
      expect(line).toContain(`${order.number};2026-03-01 23:59;новый;`);
      expect(line).toContain(";'-2+3 Иван;'+79123456789;ivan.petrov@mail.ru;Казань;\"'@SUM(1+1);ул. \"\"Ленина\"\"\";Пункт выдачи СДЭК;—;\"'=HYPERLINK(\"\"http://evil.test\"\",\"\"жми\"\")\"");
      // no cell of any line starts a formula
      for (const cell of text.split(/[;\r\n]+/)) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    });

    it('only the owner uploads a catalogue, from the shop page; an archive that escapes its folder changes nothing', async () => {
      const products = async () => (await env().data('{ products { totalCount } }')).products.totalCount;
      const before = await products();
      const upload = (cookie: string, bytes: Uint8Array, type = 'application/zip', origin = ORIGIN) =>
        env().request('/api/admin/catalog', { method: 'POST', headers: { cookie, 'content-type': type, origin, 'x-forwarded-for': nextIp() }, body: Buffer.from(bytes) });
      const catalogue = strToU8(JSON.stringify(generateCatalog('small')));
      const ownerSession = await sessionOf(OWNER);
      const managerSession = await sessionOf(MANAGER);
      expect(await failure(await upload(managerSession, zipSync({ 'catalogue.json': catalogue })))).toMatchObject({ code: 'FORBIDDEN' });
      expect((await upload('', zipSync({ 'catalogue.json': catalogue }))).status).toBe(401);
      // a page elsewhere cannot post it; a form's types are refused
      expect(await failure(await upload(ownerSession, zipSync({ 'catalogue.json': catalogue }), 'application/zip', 'https://evil.example'))).toMatchObject({ code: 'CSRF' });
      expect(await failure(await upload(ownerSession, catalogue, 'text/plain'))).toMatchObject({ code: 'CSRF' });
      const escaping = await upload(ownerSession, zipSync({ 'catalogue.json': catalogue, '../../escaped.jpg': strToU8('x') }));
      expect(escaping.status).toBe(422);
      expect((await body(escaping)).problems[0].message).toMatch(/архив повреждён/);
      // a photo larger than a photo may be is refused as the archive is read, before it inflates
      const oversized = await upload(ownerSession, zipSync({ 'catalogue.json': catalogue, 'photos/big.jpg': new Uint8Array(31 * 1024 * 1024) }));
      expect(oversized.status).toBe(422);
      expect((await body(oversized)).problems[0].message).toMatch(/photos\/big\.jpg в архиве слишком велик/);
      const missing = await upload(ownerSession, zipSync({ 'photos/a.jpg': strToU8('x') }));
      expect((await body(missing)).problems[0].message).toMatch(/нет файла catalogue\.json/);
      expect(await products()).toBe(before);
      // the same catalogue as a file: loaded, the shop answers from it at once
      const ok = await upload(ownerSession, catalogue, 'application/json');
      expect(await body(ok)).toMatchObject({ ok: true, loaded: { products: before }, photos: { imported: 0, refused: [] } });
    });

    it('one catalogue import at a time across the shop; a crashed holder only blocks until its lease runs out', async () => {
      const db = env().database.db;
      const ownerSession = await sessionOf(OWNER);
      const catalogue = JSON.stringify(generateCatalog('small'));
      const upload = () =>
        env().request('/api/admin/catalog', { method: 'POST', headers: { cookie: ownerSession, 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': nextIp() }, body: catalogue });
      const [photo] = await rows<{ id: number }>(db, sql`SELECT id FROM photos ORDER BY id LIMIT 1`);
      const replace = () =>
        env().request(`/api/admin/catalog/photos/${photo?.id}`, { method: 'POST', headers: { cookie: ownerSession, 'content-type': 'application/octet-stream', origin: ORIGIN, 'x-forwarded-for': nextIp() }, body: Buffer.from('not a photo') });
      // another replica (or npm run import) is importing
      await db.execute(sql`INSERT INTO catalog_import_lease (id, holder, until) VALUES (1, 'other-replica', now() + interval '1 minute')`);
      expect(await failure(await upload())).toMatchObject({ code: 'IMPORT_RUNNING', message: expect.stringMatching(/уже загружается/) });
      expect(await failure(await replace())).toMatchObject({ code: 'IMPORT_RUNNING' });
      // it crashed: once its lease has run out the next import goes ahead, and leaves no lease behind
      await db.execute(sql`UPDATE catalog_import_lease SET until = now() - interval '1 second'`);
      expect(await body(await upload())).toMatchObject({ ok: true });
      expect(await rows(db, sql`SELECT * FROM catalog_import_lease`)).toEqual([]);
      // two owners' uploads at once: one loads, the other is told to wait
      const raced = await Promise.all([upload(), upload()]);
      expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await rows(db, sql`SELECT * FROM catalog_import_lease`)).toEqual([]);
    });

    it('manages the desk\'s people over the ops token (/api/ops/users), as npm run users does on a running shop', async () => {
      const person = { email: 'First.Owner@shop.test', role: 'owner', name: 'Ирина Первая', password: 'first-owner-pass-1' };
      expect((await ops('/users', { body: person, token: 'wrong-token' })).status).toBe(401);
      const added = await ops('/users', { body: person });
      expect(added.status).toBe(201);
      expect((await body(added)).user).toMatchObject({ email: 'first.owner@shop.test', role: 'owner', name: 'Ирина Первая', disabledAt: null });
      expect(JSON.stringify(await body(await ops('/users')))).not.toContain('password');
      expect((await body(await ops('/users'))).users.map((u: Json) => u.email)).toContain('first.owner@shop.test');
      expect((await signIn(person.email, person.password)).status).toBe(200);
      expect(await failure(await ops('/users', { body: person }))).toEqual({ code: 'USER_EXISTS', message: 'Пользователь first.owner@shop.test уже есть' });
      expect(await failure(await ops('/users', { body: { ...person, email: 'short@shop.test', password: 'short' } }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/не короче 10/) });
      expect((await failure(await ops('/users', { body: { ...person, email: 'admin@shop.test', role: 'admin' } }))).code).toBe('BAD_REQUEST');
      expect((await ops('/users/password', { body: { email: person.email, password: 'second-owner-pass-1' } })).status).toBe(200);
      expect((await signIn(person.email, 'second-owner-pass-1')).status).toBe(200);
      expect((await ops('/users/disable', { body: { email: person.email } })).status).toBe(200);
      expect((await signIn(person.email, 'second-owner-pass-1')).status).toBe(403);
      expect((await failure(await ops('/users/disable', { body: { email: 'nobody@shop.test' } }))).code).toBe('USER_NOT_FOUND');
    });

    it('every desk answer is no-store, errors included', async () => {
      for (const res of [await call('/api/admin/orders'), await call('/api/admin/session', { body: '{}' }), await ops('/orders'), await call('/api/ops/orders')]) {
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });
  },
  { opsToken: TOKEN, desk: { ...testConfig().desk, signInEmailLimit: 3, signInEmailTotalLimit: 10, signInIpLimit: 6, signInWait: { first: 60, max: 60 } } },
);
