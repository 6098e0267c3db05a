import pg from 'pg';

/** The channel the catalog_meta trigger announces a new catalogue version on (migration 0007). */
export const CATALOG_CHANGED = 'catalog_changed';

export interface CatalogChanges {
  close(): Promise<void>;
}

/**
 * Hears every catalogue change the moment it commits, from any process on the same PostgreSQL
 * (another API replica's order, an import): a connection of its own LISTENs on CATALOG_CHANGED and
 * calls `onChange` (resolves once it listens, or once the first try failed). A lost connection is opened again (1 s, then up to 10 s apart) and `onChange`
 * is called once it is back, for whatever was announced meanwhile.
 */
export async function listenForCatalogChanges(
  databaseUrl: string,
  onChange: () => void,
  warn: (line: string) => void = console.warn,
): Promise<CatalogChanges> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1000;
  const connect = async (again: boolean) => {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on('notification', () => onChange());
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed || client !== next) return;
      warn(`[catalog] the connection hearing catalogue changes closed: opening it again in ${delay / 1000} s`);
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOG_CHANGED}`);
      delay = 1000;
      if (again) onChange();
    } catch (error) {
      if (closed) return;
      warn(`[catalog] cannot listen for catalogue changes (${(error as Error).message}): trying again in ${delay / 1000} s`);
      client = null;
      await next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    clearTimeout(retry);
    retry = setTimeout(() => void connect(true), delay);
    delay = Math.min(delay * 2, 10_000);
  };
  await connect(false);
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
