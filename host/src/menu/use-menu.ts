import { useQuery } from '@apollo/client/react';
import { useShell } from '@shop/mf-shared';
import { useMemo } from 'react';
import { MenuDocument } from '../graphql/generated.ts';
import { hasContacts, withoutDeadContactLinks } from './contacts.ts';
import type { MenuItem } from './menu-types.ts';

/**
 * The shop's menu as the header's menus draw it. Read by each menu inside its own section, which
 * hydrates when it shows: a phone, whose desktop bar is hidden and whose drawer is closed, reads
 * nothing from the cache while its page hydrates.
 */
export function useMenu(): MenuItem[] {
  const { contacts } = useShell();
  const contactsShown = hasContacts(contacts);
  const { data } = useQuery(MenuDocument);
  return useMemo(() => withoutDeadContactLinks(data?.menu ?? [], contactsShown), [data, contactsShown]);
}
