// Guards the bound on GraphQL requests in progress (the memory of answers being built):
// beyond the running and queued slots a request gets 503 SERVICE_BUSY with Retry-After at once,
// queued ones still answer, and the API serves normally once the burst is over. Answers that
// their clients do not read count against a byte cap until sent.
import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import { describeDrivers } from './test-env.ts';

describeDrivers(
  'GraphQL execution limit',
  (env) => {
    it('answers a burst beyond 2 running + 2 queued requests with 503 SERVICE_BUSY, and recovers', async () => {
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          env().request('/api/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: `query Burst${i} { products(limit: 100, offset: ${i}) { items { id name description offers { id size } } } }` }),
          }),
        ),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(4);
      const busy = burst.filter((r) => r.status === 503);
      expect(busy).toHaveLength(8);
      for (const res of busy) {
        expect(res.headers.get('retry-after')).toBe('1');
        const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(body.errors[0]?.extensions.code).toBe('SERVICE_BUSY');
        expect(body.errors[0]?.message).toMatch(/попробуйте ещё раз/);
      }
      // every slot came back: sequential requests all answer
      for (let i = 0; i < 6; i++) {
        expect((await env().gql(`query After${i} { products(limit: 2, offset: ${i}) { totalCount } }`)).errors).toBeUndefined();
      }
      // and so does a burst within the limit
      const within = await Promise.all(Array.from({ length: 4 }, (_, i) => env().gql(`query Within${i} { products(limit: 3, offset: ${i}) { totalCount } }`)));
      expect(within.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    });

    it('refuses new requests with 503 while answers of 300 KB wait for clients that do not read, and serves again once they are sent', async () => {
      // node's ServerResponse of a client that never reads: neither finished nor closed
      const stalled = () => Object.assign(new EventEmitter(), { writableFinished: false, destroy() {} });
      const readers: EventEmitter[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 60 && last?.status !== 503; i++) {
        const res = stalled();
        readers.push(res);
        last = await env().api.fetch(
          'http://localhost/api/graphql',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: `query Held${i} { products(limit: 100, offset: ${i}) { items { id name description } } }` }),
          },
          { req: { socket: { remoteAddress: '127.0.0.1' } }, res } as never,
        );
      }
      expect(readers.length).toBeGreaterThan(2);
      if (!last) throw new Error('no answer was refused');
      expect(last.status).toBe(503);
      expect(((await last.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('SERVICE_BUSY');
      expect((await env().gql('{ brands(limit: 1) { totalCount } }')).status).toBe(503);
      // the answers are sent (or their connections close): the API answers again
      for (const [i, res] of readers.entries()) res.emit(i % 2 ? 'finish' : 'close');
      expect((await env().gql('{ brands(limit: 1) { totalCount } }')).status).toBe(200);
    });
  },
  { graphqlMaxConcurrent: 2, graphqlMaxQueued: 2, answersMaxInflightBytes: 300_000 },
);
