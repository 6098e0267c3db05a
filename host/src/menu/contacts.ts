import type { ShellContextValue } from '@shop/mf-shared';
import type { MenuItem } from './menu-types.ts';

/** The footer section every «Контакты» / «Написать нам» link points at. */
export const CONTACTS_ID = 'contacts';

export function hasContacts(contacts: ShellContextValue['contacts']): boolean {
  return Boolean(contacts.telegram || contacts.whatsapp || contacts.email);
}

function leadsToContacts(href: string | null): boolean {
  return href?.endsWith(`#${CONTACTS_ID}`) ?? false;
}

/**
 * The menu without links to the contacts section when the shop configured none (a link to a
 * footer with no way to write is a dead end); everything else as the API gave it.
 */
export function withoutDeadContactLinks(items: MenuItem[], contactsShown: boolean): MenuItem[] {
  if (contactsShown) return items;
  return items
    .filter((item) => !leadsToContacts(item.href))
    .map((item) => (item.children ? { ...item, children: withoutDeadContactLinks(item.children, false) } : item));
}
