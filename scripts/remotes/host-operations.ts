/**
 * The host's trusted documents at deploy: the API runs only registered GraphQL documents, and a
 * remote's release registers its own at upload (release/src/registry/upload-routes.ts), but the host
 * is deployed, not released. `npm start` registers host/dist's before the host starts
 * (scripts/lib/stack.ts); by hand it is `npm run remotes -- operations host`; the host image does
 * it in its entry (checked-host-start.ts) before its server starts, with this function: the
 * build's `persisted-operations.json` (written by codegen, copied by the build), under the build's
 * version (its mf-manifest.json's buildInfo), sent to the API with the ops token. Registering the
 * same documents again changes nothing, so every container start may do it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRegistryClient } from './ops-client.ts';

export interface HostOperationsOptions {
  /** The API's base URL (the host's API_URL). */
  base: string;
  token: string;
  /** How long to keep trying while the API does not answer (it may still be starting). */
  waitMs?: number;
}

/** The documents of a host build, and its version. */
export function readHostOperations(dist: string): { version: string; operations: unknown[] } {
  const file = path.join(dist, 'persisted-operations.json');
  let manifest: { app?: string; operations?: unknown[] };
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${file} did not load (${(error as Error).message}): build the host (codegen writes it, the build copies it)`,
    );
  }
  if (manifest.app !== 'host' || !Array.isArray(manifest.operations) || manifest.operations.length === 0)
    throw new Error(`${file} is not the host's persisted-operations manifest`);
  let version = 'unversioned';
  try {
    const built = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    version = String(built?.metaData?.buildInfo?.buildVersion || version);
  } catch {
    // a build without its manifest still has documents to register
  }
  return { version, operations: manifest.operations };
}

/**
 * Registers a host build's documents with the API; returns how many the API holds for it.
 * Throws when the API refuses them (a refused document would fail on every page that sends it)
 * or does not answer within `waitMs`.
 */
export async function registerHostOperations(dist: string, options: HostOperationsOptions): Promise<number> {
  const { version, operations } = readHostOperations(dist);
  const client = createRegistryClient({
    base: options.base.replace(/\/$/, ''),
    token: options.token,
    by: 'host deploy',
  });
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  for (;;) {
    try {
      return (await client.registerOperations('host', version, operations)).operations;
    } catch (error) {
      // only an API that does not answer is waited for; a refusal is final
      const unanswered = (error as Error).message.includes('did not answer');
      if (!unanswered || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
