/**
 * City and address suggestions at checkout through DaData's suggestions API, restricted to
 * Russia: cities (city…settlement), then streets, houses and flats within the chosen city. A
 * suggestion is a convenience: a slow or failing DaData answers nothing (the fields stay plain
 * text), never an error, and never holds the checkout longer than DADATA_TIMEOUT_MS.
 */
import { LRUCache } from 'lru-cache';
import type { DadataConfig } from './delivery-config.ts';

export interface AddressSuggestion {
  /** What goes into the field: «Казань», «ул Баумана, д 44». */
  value: string;
  /** «Татарстан Респ» for a city; the city for an address. */
  detail: string;
}

type Kind = 'city' | 'address';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export class AddressSuggestions {
  private readonly cache = new LRUCache<string, AddressSuggestion[]>({
    max: 5000,
    ttl: 10 * 60_000,
    allowStaleOnFetchRejection: true,
    fetchMethod: (key) => {
      const [kind, city, query] = JSON.parse(key) as [Kind, string, string];
      return this.ask(kind, query, city);
    },
  });

  constructor(
    private readonly config: DadataConfig | null,
    private readonly log: (message: string) => void = (m) => console.warn(m),
  ) {}

  /** Up to 7 suggestions; [] without DaData, for a query under 2 letters, or when DaData fails. */
  async suggest(kind: Kind, query: string, city = ''): Promise<AddressSuggestion[]> {
    const q = query.trim().slice(0, 100);
    if (!this.config || q.length < 2) return [];
    try {
      return (await this.cache.fetch(JSON.stringify([kind, city.trim().slice(0, 100), q.toLowerCase()]))) ?? [];
    } catch (e) {
      this.log(`[delivery] DaData did not answer: ${(e as Error).message}`);
      return [];
    }
  }

  private async ask(kind: Kind, query: string, city: string): Promise<AddressSuggestion[]> {
    const config = this.config as DadataConfig;
    const body =
      kind === 'city' || !city
        ? { query, count: 7, locations: [{ country_iso_code: 'RU' }], from_bound: { value: 'city' }, to_bound: { value: 'settlement' } }
        : { query, count: 7, locations: [{ country_iso_code: 'RU', city }], restrict_value: true, from_bound: { value: 'street' }, to_bound: { value: 'flat' } };
    const res = await fetch(`${config.apiUrl}/suggest/address`, {
      method: 'POST',
      headers: { authorization: `Token ${config.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status}`);
    }
    const answer = (await res.json()) as { suggestions?: unknown };
    if (!Array.isArray(answer.suggestions)) throw new Error('an answer without suggestions');
    return answer.suggestions.slice(0, 7).flatMap((s: { value?: unknown; data?: Record<string, unknown> }) => {
      const data = s.data ?? {};
      if (data.country_iso_code && data.country_iso_code !== 'RU') return [];
      if (kind === 'city' || !city) {
        const name = str(data.city) || str(data.settlement);
        return name ? [{ value: name, detail: str(data.region_with_type) }] : [];
      }
      const value = str(s.value);
      return value ? [{ value, detail: str(data.city) || city }] : [];
    });
  }
}
