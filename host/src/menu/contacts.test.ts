import { describe, expect, it } from 'vitest';
import type { MenuItem } from './menu-types.ts';
import { hasContacts, withoutDeadContactLinks } from './contacts.ts';

const item = (id: string, href: string | null, children?: MenuItem[]): MenuItem => ({
  id,
  name: id,
  href,
  type: children ? 'DROPDOWN' : 'LINK',
  isNew: false,
  ...(children ? { children } : {}),
});

describe('contacts links', () => {
  const menu = [item('new', '/search'), item('more', null, [item('write', '/#contacts'), item('b', '/brands')]), item('c', '/#contacts')];

  it('hides every link to the contacts section when no contact is configured', () => {
    expect(hasContacts({})).toBe(false);
    const shown = withoutDeadContactLinks(menu, hasContacts({}));
    expect(shown.map((i) => i.id)).toEqual(['new', 'more']);
    expect(shown[1]?.children?.map((i) => i.id)).toEqual(['b']);
  });

  it('keeps them when one contact is there', () => {
    expect(hasContacts({ email: 'a@b.ru' })).toBe(true);
    expect(withoutDeadContactLinks(menu, true)).toBe(menu);
  });
});
