// A local fake of DaData's address suggestions (https://dadata.ru/api/suggest/address/), for the
// API tests, the e2e stack and `npm start`: POST /suggestions/api/4_1/rs/suggest/address with
// «Authorization: Token …» (401 otherwise), `query`, `count`, `locations` (country_iso_code,
// city), `from_bound`/`to_bound` (city…settlement: cities only; street…flat: addresses) and
// `restrict_value`. Its directory is the fake СДЭК's cities and streets. Every request is
// recorded; failNext(n) answers errors and delayNext(ms) makes it slow.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_CDEK_CITIES, FAKE_CDEK_STREETS } from './cdek.ts';

export interface FakeDadata {
  /** DADATA_API_URL, e.g. http://127.0.0.1:PORT/suggestions/api/4_1/rs */
  url: string;
  token: string;
  requests: { body: unknown; status: number }[];
  failNext(count: number, status?: number): void;
  delayNext(count: number, ms: number): void;
  close(): Promise<void>;
}

const norm = (s: string) => s.toLowerCase().replaceAll('ё', 'е').replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();

export async function startFakeDadata(options: { token?: string } = {}): Promise<FakeDadata> {
  const token = options.token ?? 'fake-dadata-token';
  const requests: { body: unknown; status: number }[] = [];
  let failures = { count: 0, status: 500 };
  let delays = { count: 0, ms: 0 };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const reply = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        requests.push({ body: null, status: 400 });
        return reply(400, { message: 'bad json' });
      }
      if (delays.count > 0) {
        delays.count--;
        await new Promise((r) => setTimeout(r, delays.ms));
      }
      const status = (() => {
        if (req.method !== 'POST' || !req.url?.endsWith('/suggest/address')) return 404;
        if (req.headers.authorization !== `Token ${token}`) return 401;
        if (failures.count > 0) {
          failures.count--;
          return failures.status;
        }
        return 200;
      })();
      requests.push({ body, status });
      if (status !== 200) return reply(status, { message: 'fake failure' });
      const query = norm(String(body.query ?? ''));
      const count = Math.min(Number(body.count) || 10, 20);
      const locations = Array.isArray(body.locations) ? (body.locations as Record<string, string>[]) : [];
      const inCity = locations.find((l) => l.city)?.city;
      const citiesOnly = (body.to_bound as { value?: string } | undefined)?.value === 'settlement';
      if (citiesOnly || !inCity) {
        const found = FAKE_CDEK_CITIES.filter((c) => norm(c.name).startsWith(query)).slice(0, count);
        return reply(200, {
          suggestions: found.map((c) => ({
            value: `г ${c.name}`,
            unrestricted_value: `${c.region}, г ${c.name}`,
            data: { country_iso_code: 'RU', city: c.name, city_with_type: `г ${c.name}`, region_with_type: c.region, postal_code: null },
          })),
        });
      }
      const city = FAKE_CDEK_CITIES.find((c) => norm(c.name) === norm(inCity));
      const streets = city ? (FAKE_CDEK_STREETS[city.code] ?? []) : [];
      const found = streets.filter((s) => norm(s).includes(query.split(' ')[0] ?? '')).slice(0, count);
      return reply(200, {
        suggestions: found.map((s) => ({
          value: body.restrict_value ? s : `г ${city?.name}, ${s}`,
          unrestricted_value: `${city?.region}, г ${city?.name}, ${s}`,
          data: { country_iso_code: 'RU', city: city?.name, region_with_type: city?.region, postal_code: '420000' },
        })),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/suggestions/api/4_1/rs`,
    token,
    requests,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    delayNext(count, ms) {
      delays = { count, ms };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
