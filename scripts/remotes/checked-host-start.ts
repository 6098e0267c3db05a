/**
 * The host image's entry (host/Dockerfile CMD; bundled with its dependencies into
 * host/server-dist/checked-main.js, beside the server's main.js). With HOST_CHECK_REGISTRY=1
 * the image's host build (HOST_DIST_DIR, else host/dist) is checked against the registry's
 * releases (check-host.ts, against API_URL's registry) before the server starts: refused, the
 * reasons are printed and the server does not start, so this build never serves a page that
 * breaks a remote. A registry or a release that cannot be read (the API not up yet, a remote's
 * address this container cannot reach: RELEASE_CHECK_ORIGIN_MAP) does not block the start.
 */
import path from 'node:path';
import { runCheckHost } from './check-host.ts';

const flag = process.env.HOST_CHECK_REGISTRY?.trim() ?? '';
if (flag && !['0', 'false', 'no'].includes(flag.toLowerCase())) {
  process.env.OPS_API_URL ||= process.env.API_URL || 'http://127.0.0.1:4000';
  const dist = path.resolve(process.env.HOST_DIST_DIR || 'host/dist');
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
// the server itself, beside this file in host/server-dist (left out of this bundle)
await import(new URL('./main.js', import.meta.url).href);
