import { describe, expect, it } from 'vitest';
import { isDeskPath, safeNext } from './desk-path.ts';

describe('the desk paths', () => {
  it('are /admin and what is under it, nothing that merely starts alike', () => {
    expect(['/admin', '/admin/', '/admin/orders', '/admin/orders/SH-1'].every(isDeskPath)).toBe(true);
    expect(['/administrator', '/admin.php', '/Admin', '/', '/cart', '//admin'].some(isDeskPath)).toBe(false);
  });

  it('lead back after sign-in only to a desk page of this site', () => {
    expect(safeNext('/admin/orders/SH-1')).toBe('/admin/orders/SH-1');
    expect(safeNext('/admin/orders?status=new&page=2')).toBe('/admin/orders?status=new&page=2');
    for (const hostile of [null, '', '//evil.example', '/\\evil.example', 'https://evil.example/admin', '/cart', '/admin/../cart', '/admin/./x/../../cart', '/admin/login?next=/admin', '/admin\u0000x', 'javascript:alert(1)']) {
      expect(safeNext(hostile), String(hostile)).toBe('/admin/orders');
    }
  });
});
