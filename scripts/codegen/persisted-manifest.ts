/**
 * Codegen's last step (codegen.ts `hooks.afterAllFileWrite`): for each front-end package, the
 * manifest of the operations its build ships, `<package>/src/graphql/persisted-operations.json`
 * (not committed, like generated.ts). Each operation is the typed document codegen generated,
 * printed as Apollo Client sends it, with id = sha256 of that text. Each build copies the
 * manifest into its output (a remote's release folder, host/dist) and the release registers
 * it with the API (trusted documents: in production the API runs nothing else).
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REMOTES } from '@shop/contracts/remotes';
import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { PERSISTED_MANIFEST_FILE, type PersistedOperationManifest, persistedDocumentText } from '@shop/mf-shared/persisted-document';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The host and every remote of the remotes table. */
export const FRONT_END_PACKAGES = ['host', ...Object.values(REMOTES).map((remote) => remote.dir)];

function isDocument(value: unknown): value is DocumentNode {
  return typeof value === 'object' && value !== null && (value as DocumentNode).kind === Kind.DOCUMENT;
}

export async function manifestOf(app: string, generatedFile: string): Promise<PersistedOperationManifest> {
  const module = (await import(pathToFileURL(generatedFile).href)) as Record<string, unknown>;
  const operations = Object.values(module)
    .filter(isDocument)
    .flatMap((document) => {
      const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      if (!op?.name) return [];
      const body = persistedDocumentText(document);
      return [{ id: createHash('sha256').update(body, 'utf8').digest('hex'), name: op.name.value, type: op.operation, body }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { format: 'apollo-persisted-query-manifest', version: 1, app, operations };
}

async function main() {
  for (const app of FRONT_END_PACKAGES) {
    const generated = path.join(ROOT, app, 'src', 'graphql', 'generated.ts');
    if (!existsSync(generated)) continue;
    const manifest = await manifestOf(app, generated);
    writeFileSync(path.join(path.dirname(generated), PERSISTED_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`persisted-operations manifests: ${(error as Error).message}`);
    process.exit(1);
  });
}
