import type { DocumentNode } from 'graphql';
import { ByteLru } from './byte-lru.ts';

/**
 * Yoga's parse cache, bounded by memory instead of by count. Yoga keeps up to 1,024 parsed
 * documents for an hour, and each one carries its validation result and its graphql-jit
 * compiled form (both kept per document object): measured ~230 KB of heap per document of
 * 1.3 KB source, about 180 bytes per source character, so 1,024 distinct documents (renamed
 * operations are distinct) held ~250 MB, and larger documents more. Here every document is
 * counted at that rate and the least recently used ones go once the estimate passes the cap;
 * an evicted document is parsed and compiled again when it comes back (a few ms).
 */
export const DOCUMENT_BYTES_PER_CHAR = 200;
export const DEFAULT_DOCUMENT_CACHE_BYTES = 48 * 1024 * 1024;
const TTL = 60 * 60_000;

export function boundedDocumentCaches(maxBytes = DEFAULT_DOCUMENT_CACHE_BYTES) {
  const documents = new ByteLru<DocumentNode>(maxBytes);
  // documents that failed to parse: only their text and the error are kept
  const errors = new ByteLru<unknown>(Math.max(1, Math.floor(maxBytes / 16)));
  return {
    documentCache: {
      get: (key: string) => documents.get(key),
      set: (key: string, value: DocumentNode) => void documents.set(key, value, 4096 + key.length * DOCUMENT_BYTES_PER_CHAR, Date.now() + TTL),
    },
    errorCache: {
      get: (key: string) => errors.get(key),
      set: (key: string, value: unknown) => void errors.set(key, value, 2048 + key.length * 2, Date.now() + TTL),
    },
    stats: () => ({ documents: documents.size, estimatedBytes: documents.bytes }),
  };
}
