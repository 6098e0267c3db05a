// Guards that each service's migrations describe its tables exactly: drizzle-kit, asked to generate
// a migration from the tables as the code declares them, finds nothing to do. Otherwise the next
// table someone adds would ship with whatever else had drifted (say, dropping tables another
// service owns).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** drizzle-kit generate on a scratch copy of the package; the migration files it would add. */
function pendingMigrations(pkg: string, files: string[], kit: string[]): string[] {
  const scratch = mkdtempSync(path.join(tmpdir(), 'shop-migrations-'));
  for (const file of files) cpSync(path.join(ROOT, pkg, file), path.join(scratch, pkg, file), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(scratch, 'node_modules'));
  // a package's own node_modules (absent when npm hoisted everything: the link then leads nowhere)
  symlinkSync(path.join(ROOT, pkg, 'node_modules'), path.join(scratch, pkg, 'node_modules'));
  const before = readdirSync(path.join(scratch, pkg, 'drizzle'));
  execFileSync(process.execPath, [...kit, 'generate'], { cwd: path.join(scratch, pkg), stdio: 'pipe' });
  return readdirSync(path.join(scratch, pkg, 'drizzle')).filter((f) => !before.includes(f));
}

it('the catalogue API: its migrations match its tables', () => {
  expect(pendingMigrations('api', ['src', 'drizzle', 'drizzle.config.ts', 'package.json', 'scripts'], ['scripts/drizzle-kit.mjs'])).toEqual([]);
});

it('the release service: its migrations match its tables', () => {
  const kit = path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs');
  expect(pendingMigrations('release', ['src', 'drizzle', 'drizzle.config.ts', 'package.json'], [kit])).toEqual([]);
});
