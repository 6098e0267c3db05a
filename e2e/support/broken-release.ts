import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * Copies of a built catalogue release, spoilt as a run-time bug would spoil them, for the release
 * gate's browser tests. Each rewrites the built files (the browser's chunks and, where the bug is
 * in what the page server renders too, the server build) and their precompressed copies, which
 * the remote's server prefers.
 */

function rewrite(file: string, change: (text: string) => string): void {
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the spoiler found nothing to change in ${file}: the build's shape changed`);
  writeFileSync(file, after);
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(after));
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(after));
}

const scripts = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.js')).map((f) => path.join(folder, f)) : []);

/** The browser's and the server's built files that hold `text`. */
function holding(folder: string, text: string): string[] {
  const files = [...scripts(folder), ...scripts(path.join(folder, 'server'))].filter((f) => readFileSync(f, 'utf8').includes(text));
  if (!files.length) throw new Error(`no built file of ${folder} holds ${text}`);
  return files;
}

function homePageChunk(folder: string): string {
  const chunk = readdirSync(folder).find((f) => f.startsWith('__federation_expose_HomePage.') && f.endsWith('.js'));
  if (!chunk) throw new Error(`no HomePage chunk in ${folder}`);
  return path.join(folder, chunk);
}

/** The HomePage throws when it runs in the browser. */
export function breakHomePage(folder: string): void {
  rewrite(homePageChunk(folder), (text) => `throw new Error('release bug in HomePage');\n${text}`);
}

/** The HomePage throws in the browser on a screen narrower than 700 px, a phone's; on a desktop it works. */
export function breakHomePageOnPhones(folder: string): void {
  rewrite(homePageChunk(folder), (text) => `if (innerWidth < 700) throw new Error('release bug in HomePage on phones');\n${text}`);
}

/**
 * The HomePage renders its landmark and its loading placeholder, and never its sections: its
 * «every answer is in» condition is always false (on the server and in the browser alike).
 */
export function endlessHomePage(folder: string): void {
  for (const file of holding(folder, '"catalog-home"'))
    rewrite(file, (text) => text.replace(/useDeferredValue\)\(\s*\[[^\]]*\]\.every\(\w+\)\)/, 'useDeferredValue)(false)'));
}

/** Every listing (category, brand, search) counts its products and shows none: «Ничего не нашлось». */
export function emptyListings(folder: string): void {
  for (const file of holding(folder, 'Ничего не нашлось')) rewrite(file, (text) => text.replace(/\w+\?\.items ?\?\? ?\[\]/g, '[]'));
}
