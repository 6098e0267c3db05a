import { PHOTOS_ROUTE, parsePhotoPath } from '@shop/contracts/photos';

/**
 * Which addresses from a catalogue may reach shoppers: redirect targets, menu links, image
 * URLs. One set of rules serves the import (refuse the row) and the code that builds absolute
 * URLs from database values (never glue an unsafe value onto the shop's origin), so a row
 * that got into a database some other way cannot turn into an off-site link either.
 *
 * Hand-written on purpose: WHATWG URL parsing answers "what would a browser fetch", not
 * "is this on our site" — `new URL('/\\evil', base)` and `new URL('//evil', base)` both parse
 * to another host, which is exactly the case to refuse, so the rules below test the raw text
 * (and its percent-decoded forms) before anything is parsed.
 */

/** The images route of the API (see catalog/generated-art.ts): the generated catalogue's vector art. */
export const IMAGES_ROUTE = '/api/images/';

// Unicode control, format (bidi overrides, zero-width) and separator (spaces) characters:
// none of them belong in an address, and several make browsers or proxies read it differently.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}]/u;
const CONTROL = /[\p{Cc}\p{Cf}]/u;
// RFC 3986 characters only (unreserved, reserved and "%"): what a Location header or an
// external image URL may contain as written.
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/** Percent-decodes up to three times (double-encoded `%252F`), or null for invalid sequences. */
function decodings(value: string): string[] | null {
  const out = [value];
  let current = value;
  for (let i = 0; i < 3 && current.includes('%'); i++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      return null;
    }
    out.push(current);
  }
  return out;
}

/**
 * Null when `value` is a path on this site (starts with one "/", no scheme, no host, in every
 * percent-decoded form), else the reason in Russian. `ascii` also requires the written form to
 * be plain RFC 3986 text, as a Location header must be.
 */
export function sitePathProblem(value: string, options: { ascii?: boolean } = {}): string | null {
  if (!value.startsWith('/')) return 'адрес должен начинаться с «/» (только страницы этого магазина)';
  const forms = decodings(value);
  if (!forms) return 'некорректная %-кодировка в адресе';
  if (INVISIBLE.test(value)) return 'пробелы и управляющие символы в адресе не допускаются (пробел — %20)';
  for (const form of forms) {
    if (/^\/[/\\]/.test(form)) return 'адрес ведёт на другой сайт («//» или «/\\» в начале)';
    if (form.includes('\\')) return 'обратная косая черта «\\» в адресе не допускается';
    // an encoded space (%20) is fine in a query; encoded control and format characters are not
    if (CONTROL.test(form)) return 'управляющие символы в адресе не допускаются';
  }
  if (options.ascii && !URI_CHARS.test(value)) return 'адрес должен быть записан латиницей (прочие символы — в %-кодировке)';
  return null;
}

export const isSitePath = (value: string, options: { ascii?: boolean } = {}) => sitePathProblem(value, options) === null;

/** Null for an https URL without credentials and with only RFC 3986 characters, else the reason. */
function httpsUrlProblem(value: string): { problem: string } | { url: URL } {
  if (!URI_CHARS.test(value) || value.includes('\\')) return { problem: 'недопустимые символы в адресе картинки' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'некорректный адрес картинки' };
  }
  if (url.protocol !== 'https:') return { problem: 'внешние картинки — только по https://' };
  if (url.username || url.password) return { problem: 'адрес картинки не может содержать логин и пароль' };
  return { url };
}

/**
 * Null when `value` is an image shoppers can load: a path under the images route, or an
 * https URL on one of `imageHosts` (CATALOG_IMAGE_HOSTS; "host" or "host:port"); else the
 * reason in Russian.
 */
export function imageUrlProblem(value: string, imageHosts: readonly string[]): string | null {
  const expected = imageHosts.length
    ? `адрес картинки должен начинаться с «${IMAGES_ROUTE}», «${PHOTOS_ROUTE}» или «https://» одного из хостов ${imageHosts.join(', ')}`
    : `адрес картинки должен начинаться с «${IMAGES_ROUTE}» или «${PHOTOS_ROUTE}» (внешние хосты не настроены: CATALOG_IMAGE_HOSTS)`;
  if (value.startsWith(PHOTOS_ROUTE)) return parsePhotoPath(value) ? null : `адрес фото должен иметь вид ${PHOTOS_ROUTE}<фото>/<ширина>.jpg`;
  if (value.startsWith('/')) {
    if (!value.startsWith(IMAGES_ROUTE)) return expected;
    const path = sitePathProblem(value, { ascii: true });
    if (path) return path;
    if (/[?#]/.test(value)) return 'адрес картинки без «?» и «#»';
    if (decodings(value)?.some((form) => /(^|\/)\.\.?(\/|$)/.test(form.slice(1)) || form.slice(1).includes('//'))) return 'адрес картинки с «.», «..» или «//» в пути';
    return null;
  }
  if (!/^https:\/\//i.test(value)) return expected;
  const parsed = httpsUrlProblem(value);
  if ('problem' in parsed) return parsed.problem;
  const { host, hostname } = parsed.url;
  if (!imageHosts.some((h) => h === host || h === hostname)) return expected;
  return null;
}

/**
 * The absolute URL for a page path or an image URL taken from the database, or null when the
 * value is neither an on-site path nor an https URL (it is then left out, never glued onto
 * the origin: `https://shop.rujavascript:…` or `https://shop.ru//evil` must not be produced).
 */
export function absoluteUrl(publicUrl: string, value: string): string | null {
  if (/^https:\/\//i.test(value)) return 'url' in httpsUrlProblem(value) ? value : null;
  if (sitePathProblem(value) !== null) return null;
  const glued = `${publicUrl}${value}`;
  try {
    // the origin must still be ours once parsed (publicUrl is validated by the config)
    return new URL(glued).origin === new URL(publicUrl).origin ? glued : null;
  } catch {
    return null;
  }
}

/**
 * Null when `text` reads as plain text, else the reason. Refused: what a browser would start
 * a tag, comment or processing instruction with (`<b`, `</script`, `<!--`, `<?`), so a
 * value that is shown as text somewhere and put into HTML elsewhere can never become markup.
 * A lone "<" (`размер < 42`) stays allowed.
 */
export function plainTextProblem(text: string, multiline = false): string | null {
  if (/<[A-Za-z!?/]/.test(text)) return 'HTML-разметка не допускается: ожидается обычный текст (найдено «<» перед буквой, «/», «!» или «?»)';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const lineBreak = c === 0x0a || c === 0x0d || c === 0x09;
    if ((c < 0x20 && !(multiline && lineBreak)) || (c >= 0x7f && c <= 0x9f)) return 'управляющие символы в тексте не допускаются';
  }
  return null;
}
