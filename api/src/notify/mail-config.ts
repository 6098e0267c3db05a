// Mail settings, read and validated once (loadConfig calls loadMailConfig): where letters go out
// (SMTP_URL), who they come from (MAIL_FROM) and who hears of every new order (SHOP_OWNER_EMAIL).

import type { EnvFail } from '@shop/server-kit';

/** config.ts's `fail`: throws its ConfigError (passed in, so this module does not import config.ts). */
type Fail = EnvFail;

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…:465; unset: letters wait in the outbox (mail_outbox). */
  smtpUrl: string | undefined;
  /** The From header, e.g. «Оригинал <shop@localhost>». */
  from: string;
  /** Addresses told of every new order (SHOP_OWNER_EMAIL, comma-separated), lower-case, no repeats. */
  ownerEmails: string[];
  /** How often the sender looks for due letters (MAIL_POLL_MS, default 5 s); 0: only when asked (tests). */
  pollMs: number;
}

// An address as mail servers take it; no spaces, angle brackets, quotes or separators, so it can
// go into a header as is (no header injection through a CR/LF either).
const ADDRESS = /^[^\s@<>()",;:\\[\]]{1,64}@[^\s@<>()",;:\\[\]]{1,253}$/;

export const isMailAddress = (s: string) => ADDRESS.test(s);

/** SMTP_URL as shown in messages: without its password. */
export function redactUrl(raw: string): string {
  return raw.replace(/\/\/([^/@]*)@/, (_m, cred: string) => `//${cred.split(':')[0]}:***@`);
}

function smtpUrl(raw: string | undefined, bad: Fail): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const expected = 'smtp://host:port or smtps://host:port (optionally user:password@)';
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return bad('SMTP_URL', redactUrl(raw), expected);
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) bad('SMTP_URL', redactUrl(raw), expected);
  return raw.trim();
}

function mailFrom(raw: string | undefined, shopName: string, bad: Fail): string {
  if (raw === undefined || raw.trim() === '') return `${shopName.replace(/[<>"\r\n]/g, '')} <shop@localhost>`;
  const value = raw.trim();
  const m = /^(?:([^<>"\r\n]*?)\s*<([^<>]+)>|([^<>\s]+))$/.exec(value);
  const address = m?.[2] ?? m?.[3];
  if (!address || !isMailAddress(address)) bad('MAIL_FROM', raw, '«Магазин <shop@example.ru>» or shop@example.ru');
  return value;
}

function ownerEmails(raw: string | undefined, bad: Fail): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const wrong = list.find((a) => !isMailAddress(a));
  if (wrong !== undefined) bad('SHOP_OWNER_EMAIL', raw ?? '', `comma-separated e-mail addresses (not ${JSON.stringify(wrong)})`);
  return [...new Set(list)];
}

function pollMs(raw: string | undefined, bad: Fail): number {
  if (raw === undefined || raw === '') return 5000;
  const n = Number(raw);
  if (!Number.isInteger(n) || (n !== 0 && (n < 100 || n > 3_600_000))) bad('MAIL_POLL_MS', raw, '0 or milliseconds from 100 to 3600000');
  return n;
}

export function loadMailConfig(env: NodeJS.ProcessEnv, shopName: string, fail: Fail): MailConfig {
  return {
    smtpUrl: smtpUrl(env.SMTP_URL, fail),
    from: mailFrom(env.MAIL_FROM, shopName, fail),
    ownerEmails: ownerEmails(env.SHOP_OWNER_EMAIL, fail),
    pollMs: pollMs(env.MAIL_POLL_MS, fail),
  };
}
