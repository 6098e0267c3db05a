import { useShell } from '@shop/mf-shared';

/** Telegram, WhatsApp and e-mail from configuration; a missing one is not shown. */
export function ContactLinks({ className }: { className?: string }) {
  const { contacts } = useShell();
  const links = [
    contacts.telegram && { label: 'Telegram', href: contacts.telegram },
    contacts.whatsapp && { label: 'WhatsApp', href: contacts.whatsapp },
    contacts.email && { label: contacts.email, href: `mailto:${contacts.email}` },
  ].filter((l): l is { label: string; href: string } => Boolean(l));
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} target={link.href.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
