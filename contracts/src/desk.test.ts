import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_STATUS_TITLES, ROLE_TITLES, isOrderStatus } from './desk.ts';

describe('the desk contract', () => {
  it('titles every status in Russian, and knows only its own statuses', () => {
    expect(Object.keys(ORDER_STATUS_TITLES).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const s of ORDER_STATUSES) expect(isOrderStatus(s)).toBe(true);
    expect(isOrderStatus('refunded')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
    expect(ROLE_TITLES).toEqual({ owner: 'владелец', manager: 'менеджер' });
  });
});
