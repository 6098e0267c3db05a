import type { DocumentNode } from 'graphql';
import { addTypenameToDocument, print } from '@apollo/client/utilities';

/**
 * The exact text of an operation as Apollo Client sends it (its cache adds `__typename` to
 * every selection below the root; Apollo's printer): the trusted document the API registers
 * and runs. Codegen's manifests (scripts/codegen/persisted-manifest.ts) and the host server
 * hash this text, and the browser's client hashes what it would send, which is the same text
 * (persisted-document.test.ts checks each package's operations through the real client).
 */
export function persistedDocumentText(document: DocumentNode): string {
  return print(addTypenameToDocument(document));
}

/** One operation of a manifest, in Apollo's persisted-query manifest format. */
export interface PersistedOperation {
  id: string;
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  body: string;
}

/** `persisted-operations.json`: what a build ships and its release registers with the API. */
export interface PersistedOperationManifest {
  format: 'apollo-persisted-query-manifest';
  version: 1;
  /** The package that ships these operations (host, mf-catalog, …). */
  app: string;
  operations: PersistedOperation[];
}

export const PERSISTED_MANIFEST_FILE = 'persisted-operations.json';
