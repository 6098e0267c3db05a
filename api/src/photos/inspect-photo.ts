import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'avif';

export interface InspectedPhoto {
  /** 32 hex digits of the SHA-256 of the file: the photo's name in the store and in its addresses. */
  hash: string;
  kind: PhotoKind;
  /** As shown, EXIF orientation applied. */
  width: number;
  height: number;
  /** The dominant colour (#rrggbb), painted where the photo will be until it loads. */
  color: string;
  bytes: number;
}

export interface PhotoLimits {
  maxBytes: number;
  maxPixels: number;
}

export type Inspection = { ok: true; photo: InspectedPhoto } | { ok: false; reason: string };

/** No photo a card can use is smaller than this on its short side. */
export const MIN_PHOTO_SIDE = 100;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

type Sniffed = PhotoKind | 'heic' | 'markup' | null;

/** What the first bytes say the file is; the name and the sender's content type are never asked. */
function sniff(b: Buffer): Sniffed {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') {
    const boxEnd = Math.min(b.length, b.readUInt32BE(0));
    const brands: string[] = [b.toString('latin1', 8, 12)];
    for (let i = 16; i + 4 <= boxEnd; i += 4) brands.push(b.toString('latin1', i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    if (brands.some((x) => HEIF_BRANDS.has(x))) return 'heic';
    return null;
  }
  // an SVG, HTML or XML file (with or without a byte-order mark or leading blanks)
  if (/^(\uFEFF)?\s*</.test(b.toString('utf8', 0, Math.min(b.length, 256)))) return 'markup';
  return null;
}

// Markup a browser or an interpreter would run if the file were ever served as something else.
const ACTIVE_CONTENT = /<(script|html|svg|iframe|body|\?php)\b|<!doctype|javascript:/i;
// longer than any ACTIVE_CONTENT match (11 bytes), so none is lost between two windows
const OVERLAP = 16;

/**
 * Whether markup hides anywhere in the bytes (comments, metadata segments). Read a window at a
 * time, each as a short latin1 string, rather than the whole photo (up to PHOTO_MAX_BYTES) at
 * once; a match starting past a window's end is left to the next window, which sees it whole.
 */
export function hasActiveContent(b: Buffer, windowBytes = 1 << 20): boolean {
  for (let start = 0; start < b.length; start += windowBytes) {
    const end = Math.min(b.length, start + windowBytes + OVERLAP);
    const found = ACTIVE_CONTENT.exec(b.toString('latin1', start, end));
    if (found && (found.index < windowBytes || end === b.length)) return true;
  }
  return false;
}

/**
 * Why the bytes after the picture itself are not just a picture (a polyglot: an image that is
 * also an archive, a page or a script), or null. Only the outer structure is read; the decoder
 * then checks the picture itself.
 */
function trailingProblem(b: Buffer, kind: PhotoKind): string | null {
  if (kind === 'jpeg') {
    let end = b.length;
    while (end > 2 && b[end - 1] === 0x00) end--; // some cameras pad with zeros
    if (!(b[end - 2] === 0xff && b[end - 1] === 0xd9))
      return 'после изображения есть посторонние данные (или файл обрезан)';
  } else if (kind === 'png') {
    const iend = b.lastIndexOf('IEND', undefined, 'latin1');
    if (iend < 0) return 'файл обрезан: нет конца изображения PNG';
    if (iend + 8 !== b.length) return 'после изображения есть посторонние данные';
  } else if (kind === 'webp') {
    const declared = b.readUInt32LE(4) + 8;
    if (declared + (declared % 2) < b.length) return 'после изображения есть посторонние данные';
    if (declared > b.length) return 'файл обрезан';
  }
  // markup hidden in comments or metadata segments, anywhere in the file
  if (hasActiveContent(b)) return 'внутри файла есть разметка или скрипт';
  return null;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * Checks that `bytes` are one photo a shop can show, by their content: JPEG, PNG, WebP or AVIF,
 * nothing appended, no more than the limits in bytes and pixels (read from the header before
 * anything is decoded), and decodable to the last row (a truncated file is refused).
 */
export async function inspectPhoto(bytes: Buffer, limits: PhotoLimits): Promise<Inspection> {
  const refuse = (reason: string): Inspection => ({ ok: false, reason });
  if (bytes.length === 0) return refuse('пустой файл');
  if (bytes.length > limits.maxBytes) return refuse(`файл больше ${Math.floor(limits.maxBytes / 1024 / 1024)} МБ`);
  const kind = sniff(bytes);
  if (kind === 'markup') return refuse('это не фотография, а SVG, HTML или XML: нужен JPEG, PNG, WebP или AVIF');
  if (kind === 'heic') return refuse('формат HEIC не поддерживается: сохраните фото как JPEG');
  if (kind === null) return refuse('неизвестный формат: нужен JPEG, PNG, WebP или AVIF');
  const trailing = trailingProblem(bytes, kind);
  if (trailing) return refuse(trailing);

  let meta: Metadata;
  try {
    // the header only: its claimed size is checked before a single pixel is decoded
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse('файл повреждён: не читается заголовок изображения');
  }
  const expectedFormat = kind === 'avif' ? 'heif' : kind;
  if (meta.format !== expectedFormat) return refuse('содержимое файла не совпадает с его форматом');
  if (!meta.width || !meta.height) return refuse('файл повреждён: нет размеров изображения');
  if ((meta.pages ?? 1) > 1) return refuse('анимация или несколько изображений в одном файле: нужно одно фото');
  const pixels = meta.width * meta.height;
  if (pixels > limits.maxPixels)
    return refuse(
      `слишком большое изображение: ${meta.width}×${meta.height} пикселей, допускается до ${(limits.maxPixels / 1e6).toFixed(0)} млн`,
    );
  const turned = (meta.orientation ?? 1) >= 5;
  const [width, height] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
  if (Math.min(width, height) < MIN_PHOTO_SIDE)
    return refuse(`слишком маленькое фото: ${width}×${height}, нужно от ${MIN_PHOTO_SIDE} пикселей по меньшей стороне`);

  let color: string;
  try {
    // decodes every row (failOn 'warning': a truncated or corrupt file stops here), small and cheap
    const small = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'warning' })
      .resize(64, 64, { fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .toBuffer();
    const { dominant } = await sharp(small).stats();
    color = `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
  } catch {
    return refuse('файл повреждён или обрезан: изображение не декодируется до конца');
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return { ok: true, photo: { hash, kind, width, height, color, bytes: bytes.length } };
}
