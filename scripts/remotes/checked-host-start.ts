/**
 * The host image's entry (host/Dockerfile CMD; bundled with its dependencies into
 * host/server-dist/checked-main.js, beside the server's main.js). Before the server starts:
 * 1. With OPS_TOKEN, the image's host build (HOST_DIST_DIR, else host/dist) registers its GraphQL
 *    documents with the API at API_URL (host-operations.ts): the API runs only registered
 *    documents, and a host is deployed, not released, so nothing else would. Refused (or the API
 *    not answering for 60 s), the server does not start: its pages would fail on every query.
 *    Without OPS_TOKEN this is only noted (`npm run remotes -- operations host` does it by hand).
 *    The token is then dropped from the environment: the server never needs it.
 * 2. With HOST_CHECK_REGISTRY=1 the build is checked against the registry's releases
 *    (check-host.ts, against API_URL's registry): refused, the reasons are printed and the server
 *    does not start, so this build never serves a page that breaks a remote. A registry or a
 *    release that cannot be read (the API not up yet, a remote's address this container cannot
 *    reach: RELEASE_CHECK_ORIGIN_MAP) does not block the start.
 */
import path from 'node:path';
import { runCheckHost } from './check-host.ts';
import { registerHostOperations } from './host-operations.ts';

process.env.OPS_API_URL ||= process.env.API_URL || 'http://127.0.0.1:4000';
const dist = path.resolve(process.env.HOST_DIST_DIR || 'host/dist');

const token = process.env.OPS_TOKEN?.trim();
if (token) {
  try {
    const count = await registerHostOperations(dist, { base: process.env.OPS_API_URL, token, waitMs: 60_000 });
    console.log(`The host build's ${count} GraphQL documents are registered with the API.`);
  } catch (error) {
    console.error(`The host build's GraphQL documents were not registered: ${(error as Error).message}`);
    console.error('The host server does not start with this build (the API would refuse its queries).');
    process.exit(1);
  }
} else {
  console.warn(
    "OPS_TOKEN is not set: this host build's GraphQL documents were not registered with the API, which refuses unregistered ones (register them: npm run remotes -- operations host).",
  );
}

const flag = process.env.HOST_CHECK_REGISTRY?.trim() ?? '';
if (flag && !['0', 'false', 'no'].includes(flag.toLowerCase())) {
  let code = 0;
  try {
    code = await runCheckHost(['--dist', dist, '--unreachable-ok']);
  } catch (error) {
    console.error(
      `The host build was not checked against the registry (${(error as Error).message}); starting anyway.`,
    );
  }
  if (code !== 0) {
    console.error('The host server does not start with this build (HOST_CHECK_REGISTRY is set).');
    process.exit(1);
  }
}
// the server never needs the ops token
delete process.env.OPS_TOKEN;
// the server itself, beside this file in host/server-dist (left out of this bundle)
await import(new URL('./main.js', import.meta.url).href);
