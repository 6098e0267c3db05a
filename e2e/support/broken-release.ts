import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * Makes a copied release's HomePage throw when it runs, as a run-time bug in a release would:
 * the exposed chunk, and its precompressed copies the remote's server prefers.
 */
export function breakHomePage(folder: string): void {
  const chunk = readdirSync(folder).find((f) => f.startsWith('__federation_expose_HomePage.') && f.endsWith('.js'));
  if (!chunk) throw new Error(`no HomePage chunk in ${folder}`);
  const file = path.join(folder, chunk);
  const broken = `throw new Error('release bug in HomePage');\n${readFileSync(file, 'utf8')}`;
  writeFileSync(file, broken);
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(broken));
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(broken));
}
