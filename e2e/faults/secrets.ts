/**
 * Finds secrets in built bundles: what is served to every browser must hold no token, no
 * database address with a password, no private key, and no server-side setting name whose
 * presence would mean server code was bundled for the browser.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@shop/contracts/remotes';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Every remote's folder, from the remotes table. */
export const REMOTE_DIRS = Object.values(REMOTES).map((remote) => remote.dir);

export interface Finding {
  file: string;
  rule: string;
  excerpt: string;
}

const PATTERNS: [string, RegExp][] = [
  ['private key', /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/],
  ['database URL with a password', /postgres(?:ql)?:\/\/[^\s"'`/:@]+:[^\s"'`@]+@/i],
  ['server setting DATABASE_URL', /\bDATABASE_URL\b/],
  ['server setting OPS_TOKEN', /\bOPS_TOKEN\b/],
  ['ops token file', /\.run\/ops-token/],
  ['bearer token', /Bearer [A-Za-z0-9._~+/-]{20,}/],
  ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{30,}\b/],
  ['Slack token', /\bxox[abpr]-[A-Za-z0-9-]{10,}/],
  ['Stripe live key', /\b[sr]k_live_[A-Za-z0-9]{16,}/],
];

/** Secret values this machine actually has: the ops token file, the environment's tokens and database URLs. */
export function knownSecretValues(env: NodeJS.ProcessEnv = process.env): string[] {
  const values = new Set<string>();
  const tokenFile = path.join(ROOT, '.run', 'ops-token');
  if (existsSync(tokenFile)) values.add(readFileSync(tokenFile, 'utf8').trim());
  for (const name of ['OPS_TOKEN', 'SHOP_OPS_TOKEN', 'DATABASE_URL']) {
    const value = env[name]?.trim();
    if (value) values.add(value);
  }
  return [...values].filter((v) => v.length >= 8);
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (/\.(?:js|mjs|cjs|css|html|json|map|txt|svg)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Newest release folder of a remote (by its manifest's time), or null before the first build. */
export function newestRelease(remoteDir: string): string | null {
  const dist = path.join(ROOT, remoteDir, 'dist');
  if (!existsSync(dist)) return null;
  const releases = readdirSync(dist, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dist, e.name, 'mf-manifest.json')))
    .map((e) => ({ dir: path.join(dist, e.name), at: statSync(path.join(dist, e.name, 'mf-manifest.json')).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  return releases[0]?.dir ?? null;
}

/** What the browser can get: the host's build (without the remotes' release folders) and each remote's newest release. */
export function bundleDirs(): string[] {
  const dirs: string[] = [];
  const hostDist = path.join(ROOT, 'host', 'dist');
  if (existsSync(hostDist)) dirs.push(hostDist);
  for (const remote of REMOTE_DIRS) {
    const release = newestRelease(remote);
    if (release) dirs.push(release);
  }
  return dirs;
}

export function scanForSecrets(dirs: string[], secrets: string[] = knownSecretValues()): { files: number; bytes: number; findings: Finding[] } {
  const findings: Finding[] = [];
  let files = 0;
  let bytes = 0;
  for (const dir of dirs) {
    for (const file of filesUnder(dir)) {
      const text = readFileSync(file, 'utf8');
      files++;
      bytes += text.length;
      const rel = path.relative(ROOT, file);
      for (const [rule, pattern] of PATTERNS) {
        const m = pattern.exec(text);
        if (m) findings.push({ file: rel, rule, excerpt: text.slice(Math.max(0, m.index - 40), m.index + 60) });
      }
      for (const secret of secrets) {
        if (text.includes(secret)) findings.push({ file: rel, rule: 'a secret value of this machine', excerpt: '(value withheld)' });
      }
    }
  }
  return { files, bytes, findings };
}
