import { REGISTRY_CHANGED_CHANNEL } from '@shop/contracts/release-plane';
import { reportRedisAvailability } from '@shop/server-kit';
import { Redis } from 'ioredis';
import type { RegistryChanges } from './registry.ts';

/**
 * The release service's announcements of registry changes over Redis pub/sub (REDIS_URL): each
 * one, and a subscription coming back after Redis was away (it may have missed some), makes the
 * host read the registry again. While Redis is away the registry's cache time still bounds how
 * late a switch is seen.
 */
export function redisRegistryChanges(url: string, warn: (line: string) => void = console.warn): { changes: RegistryChanges; close(): void } {
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  const client = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2000) });
  reportRedisAvailability(client, url, warn, {
    lost: 'release switches are seen within REGISTRY_TTL_MS until it is back',
    back: 'release switches are heard at once',
  });
  // (again) subscribed: a change may have been missed meanwhile
  client.on('ready', tell);
  client.on('message', tell);
  client.subscribe(REGISTRY_CHANGED_CHANNEL).catch(() => undefined);
  return {
    changes: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    close: () => client.disconnect(),
  };
}
