import type { RemoteRegistry } from '@shop/contracts/remotes';

/**
 * The registry (remote name → manifest URL of the active version) normally comes with the
 * page: the host server writes it into the HTML, so the browser makes no extra round trip.
 * A page served without it asks the server.
 */
export async function readRegistry(inline: unknown): Promise<RemoteRegistry> {
  if (inline && typeof inline === 'object') return validate(inline);
  const response = await fetch('/registry.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`registry answered ${response.status}`);
  return validate(await response.json());
}

export function validate(value: unknown): RemoteRegistry {
  if (typeof value !== 'object' || value === null) return {};
  const registry: RemoteRegistry = {};
  for (const [name, url] of Object.entries(value)) {
    if (/^[a-z_]+$/.test(name) && typeof url === 'string' && /^(https?:\/\/|\/)/.test(url)) registry[name] = url;
  }
  return registry;
}
