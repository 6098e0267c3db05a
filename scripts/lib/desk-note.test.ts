// Guards what `npm start` says about the orders desk: while the shop has no active owner it gives
// the first-owner command to run beside the running shop (never «stop the shop first»); once an
// owner exists only the desk's address. The owner is asked of the API's ops route with the token.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskLines, hasOwner } from './desk-note.ts';

describe('npm start: the desk line', () => {
  let server: Server;
  let url = '';
  let users: { role: string; disabledAt: string | null }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const allowed = req.url === '/api/ops/users' && req.headers.authorization === 'Bearer right-token';
      res.writeHead(allowed ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(allowed ? { users } : { errors: [{ message: 'Нужен действующий ops-токен', extensions: { code: 'UNAUTHORIZED' } }] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('asks the API whether an active owner exists', async () => {
    users = [];
    expect(await hasOwner(url, 'right-token')).toBe(false);
    users = [{ role: 'manager', disabledAt: null }, { role: 'owner', disabledAt: '2026-12-01T00:00:00Z' }];
    expect(await hasOwner(url, 'right-token')).toBe(false);
    users = [{ role: 'owner', disabledAt: null }];
    expect(await hasOwner(url, 'right-token')).toBe(true);
    expect(await hasOwner(url, 'wrong-token')).toBeNull();
    expect(await hasOwner('http://127.0.0.1:1', 'right-token')).toBeNull();
  });

  it('gives the first-owner command without stopping the shop while there is no owner', () => {
    const none = deskLines('http://localhost:3000', false).join('\n');
    expect(none).toContain('http://localhost:3000/admin — владельца ещё нет.');
    expect(none).toContain('не останавливая магазин');
    expect(none).toContain('npm run users -- add --email <e-mail> --role owner');
    expect(none).not.toMatch(/остановленном|остановите/);
    expect(deskLines('http://localhost:3000', null).join('\n')).toContain('npm run users -- add');
    expect(deskLines('http://localhost:3000', true)).toEqual(['  Панель заказов: http://localhost:3000/admin']);
  });
});
