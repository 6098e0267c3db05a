/** What `npm start` says about the orders desk once the shop is up. */

/**
 * Whether the shop has an active owner, asked of its API with the ops token; null when the API
 * did not say (the hint is then given anyway).
 */
export async function hasOwner(apiUrl: string, opsToken: string): Promise<boolean | null> {
  try {
    const res = await fetch(`${apiUrl}/api/ops/users`, { headers: { authorization: `Bearer ${opsToken}` }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    const { users } = (await res.json()) as { users: { role: string; disabledAt: string | null }[] };
    return users.some((u) => u.role === 'owner' && !u.disabledAt);
  } catch {
    return null;
  }
}

/** The desk's line of the announcement: the first-owner command while the shop has no owner. */
export function deskLines(url: string, owner: boolean | null): string[] {
  if (owner) return [`  Панель заказов: ${url}/admin`];
  return [
    `  Панель заказов: ${url}/admin${owner === false ? ' — владельца ещё нет.' : ''} Первый владелец, в другом окне, не останавливая магазин:`,
    '    npm run users -- add --email <e-mail> --role owner',
  ];
}
