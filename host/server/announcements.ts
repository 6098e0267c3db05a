import { reportRedisAvailability } from '@shop/server-kit';
import { Redis } from 'ioredis';

/** Hears one channel: the message, or null when the subscription (again) stands and messages may have been missed. */
export type Listener = (message: string | null) => void;

export interface Announcements {
  on(channel: string, listener: Listener): () => void;
  close(): void;
}

/**
 * The other services' announcements over Redis pub/sub (REDIS_URL), on one subscriber connection:
 * the release service's registry changes, the API's new catalogue versions. A subscription that
 * comes back after Redis was away tells every listener with null (it may have missed some). While
 * Redis is away each listener's own timer (the registry's cache time, the version's poll) still
 * bounds how late a change is seen.
 */
export function redisAnnouncements(url: string, warn: (line: string) => void = console.warn): Announcements {
  const listeners = new Map<string, Set<Listener>>();
  const client = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2000) });
  reportRedisAvailability(client, url, warn, {
    lost: 'release switches and catalogue changes are seen by polling until it is back',
    back: 'release switches and catalogue changes are heard at once',
  });
  client.on('ready', () => {
    for (const set of listeners.values()) for (const listener of set) listener(null);
  });
  client.on('message', (channel: string, message: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(message);
  });
  return {
    on(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        client.subscribe(channel).catch(() => undefined);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    close: () => client.disconnect(),
  };
}
