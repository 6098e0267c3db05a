import type { RemoteSlotComponent } from '@shop/contracts/remotes';
import { createContext, useContext } from 'react';

/** What the host (the shell) tells every remote about the page it is mounted in. */
export interface ShellContextValue {
  /** The shop's name as shown in the header. */
  shopName: string;
  /** The external reviews site (opened in a new tab), from configuration. */
  reviewsUrl?: string | undefined;
  /** Contacts from configuration; a missing one is not shown. */
  contacts: { telegram?: string; whatsapp?: string; email?: string };
  /** The host's build version, for diagnostics. */
  hostVersion: string;
  /** Shows another remote's exposed module, with the host's loading and error handling. */
  RemoteSlot: RemoteSlotComponent;
}

export const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() must be used inside the host shell');
  return value;
}
