/**
 * What a manager (менеджер) sees instead of a shopper's personal data (152-ФЗ: only those who
 * need it see it; the owner and the ops token see everything). Masks keep just enough to tell
 * orders apart on the phone: «Иван П.», «+7 *** ***-**-67», «i***@mail.ru».
 */

/** «Петров Иван Сергеевич» (ФИО) → «Иван П.»; «Иван Петров» → «Иван П.»; one word → its first letter. */
export function maskName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return `${[...(words[0] as string)][0]}.`;
  // three words are a Russian ФИО (фамилия, имя, отчество): the given name is the second
  const [given, family] = words.length >= 3 ? [words[1] as string, words[0] as string] : [words[0] as string, words[1] as string];
  return `${given} ${[...family][0]}.`;
}

/** The last two digits only: «+7 *** ***-**-67». */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return '***';
  return `+7 *** ***-**-${digits.slice(-2)}`;
}

/** The first letter of the mailbox and the domain: «i***@mail.ru». */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${[...email.slice(0, at)][0]}***@${email.slice(at + 1)}`;
}

/** A consent's client IP: the network part only (203.0.113.*; IPv6: the first two groups). */
export function maskIp(ip: string): string {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return `${ip.split('.').slice(0, 3).join('.')}.*`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 2).join(':')}:*`;
  return '***';
}
