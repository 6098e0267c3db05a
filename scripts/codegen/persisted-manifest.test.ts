// Trusted documents: what the browser's client sends for every operation of every front-end
// package is an id registered by that package's manifest (codegen's persisted-operations.json),
// never the document text, so the API in production (which runs only registered ids) serves it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type DocumentNode, Kind, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createApolloClient } from '../../mf-shared/src/apollo/create-apollo-client.ts';
import type { PersistedOperationManifest } from '@shop/mf-shared/persisted-document';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
// each package's typed documents, as its code hands them to the client
const generated = {
  host: () => import('../../host/src/graphql/generated.ts'),
  'mf-catalog': () => import('../../mf-catalog/src/graphql/generated.ts'),
  'mf-product': () => import('../../mf-product/src/graphql/generated.ts'),
  'mf-cart': () => import('../../mf-cart/src/graphql/generated.ts'),
} as Record<string, () => Promise<Record<string, unknown>>>;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(Object.keys(generated))('trusted documents of %s', (app) => {
  it('sends every operation by an id its manifest registers, and never its text', async () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, app, 'src/graphql/persisted-operations.json'), 'utf8')) as PersistedOperationManifest;
    expect(manifest.app).toBe(app);
    const byId = new Map(manifest.operations.map((op) => [op.id, op]));
    for (const op of manifest.operations) expect(sha256(op.body)).toBe(op.id);

    const sent: Record<string, unknown>[] = [];
    const fetchMock: typeof fetch = async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response(JSON.stringify({ data: null, errors: [{ message: 'test', extensions: { code: 'TEST' } }] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createApolloClient({ uri: 'http://api.invalid/graphql', fetch: fetchMock });
    const documents = Object.values(await generated[app]!()).filter(
      (v): v is DocumentNode => (v as DocumentNode)?.kind === Kind.DOCUMENT && (v as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION),
    );
    expect(documents.length).toBe(manifest.operations.length);
    for (const document of documents) {
      const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      sent.length = 0;
      if (op.operation === 'mutation') await client.mutate({ mutation: document, variables: {} }).catch(() => {});
      else await client.query({ query: document, variables: {}, fetchPolicy: 'no-cache' }).catch(() => {});
      expect(sent).toHaveLength(1);
      const body = sent[0]!;
      expect(body.query).toBeUndefined();
      const hash = (body.extensions as { persistedQuery: { sha256Hash: string } }).persistedQuery.sha256Hash;
      expect(byId.get(hash)?.name, `${op.name?.value} is sent as a registered id`).toBe(op.name?.value);
    }
  });
});

describe('persisted fetch', () => {
  it('retries an id the API does not know with the text outside production builds', async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetchMock: typeof fetch = async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      if (!body.query) {
        return new Response(JSON.stringify({ errors: [{ message: 'x', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }), { status: 400, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ data: { menu: [] } }), { headers: { 'content-type': 'application/json' } });
    };
    const client = createApolloClient({ uri: 'http://api.invalid/graphql', fetch: fetchMock });
    const { parse } = await import('graphql');
    const result = await client.query({ query: parse('query Menu { menu { id } }') });
    expect(result.data).toEqual({ menu: [] });
    expect(bodies.map((b) => Boolean(b.query))).toEqual([false, true]);
  });
});

describe('the host server', () => {
  it('sends its operations by the ids of the host manifest, never their text', async () => {
    const { createApiClient, persistedId } = await import('../../host/server/api-client.ts');
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'host/src/graphql/persisted-operations.json'), 'utf8')) as PersistedOperationManifest;
    const ids = new Set(manifest.operations.map((op) => op.id));
    const documents = Object.values(await generated.host!()).filter(
      (v): v is DocumentNode => (v as DocumentNode)?.kind === Kind.DOCUMENT && (v as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION),
    );
    expect(documents.length).toBe(manifest.operations.length);
    for (const document of documents) expect(ids.has(persistedId(document))).toBe(true);
    // a stand-in API on a local port: what the host server really sends
    const bodies: Record<string, unknown>[] = [];
    const api = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        bodies.push(JSON.parse(body) as Record<string, unknown>);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { sitemap: [] } }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      await createApiClient(`http://127.0.0.1:${(api.address() as AddressInfo).port}`)(documents[0]!, {});
    } finally {
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    }
    expect(bodies[0]?.query).toBeUndefined();
    const sent = bodies[0]?.extensions as { persistedQuery: { sha256Hash: string } } | undefined;
    expect(ids.has(sent?.persistedQuery.sha256Hash ?? '')).toBe(true);
  });
});
