// Summarises a V8 .cpuprofile (node --cpu-prof): the functions and the packages/files with the
// most self time. Usage: node bench/cpu-profile-summary.mjs file.cpuprofile [top=25]
import { readFileSync } from 'node:fs';

const [file, topArg, callersOf] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/cpu-profile-summary.mjs file.cpuprofile [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
// samples and timeDeltas are parallel: each sample's time is the delta to the next one
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fnTotals = new Map();
const pkgTotals = new Map();
const where = (url) => {
  if (!url) return '(native/V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/api/');
  return src >= 0 ? url.slice(src + 1) : url;
};
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf.url)}:${cf.lineNumber + 1}`;
  fnTotals.set(key, (fnTotals.get(key) ?? 0) + t);
  const pkg = cf.url ? where(cf.url) : cf.functionName.startsWith('(') ? cf.functionName : '(native/V8)';
  pkgTotals.set(pkg, (pkgTotals.get(pkg) ?? 0) + t);
}
const pct = (t) => `${((t / total) * 100).toFixed(1).padStart(5)}%`;
const ms = (t) => `${(t / 1000).toFixed(0).padStart(7)} ms`;
console.log(`total sampled ${(total / 1000).toFixed(0)} ms`);
console.log('\nby package / file (self time):');
for (const [k, t] of [...pkgTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)} ${ms(t)}  ${k}`);
console.log('\nby function (self time):');
for (const [k, t] of [...fnTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)} ${ms(t)}  ${k}`);

// optional: who calls the functions whose name contains the third argument (self time by stack)
if (callersOf) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map();
  for (const [id, t] of self) {
    if (!byId.get(id).callFrame.functionName.includes(callersOf)) continue;
    const names = [];
    for (let p = parent.get(id), i = 0; p !== undefined && i < 8; p = parent.get(p), i++) {
      const cf = byId.get(p).callFrame;
      names.push(`${cf.functionName || '(anon)'}@${where(cf.url).split('/').pop()}:${cf.lineNumber + 1}`);
    }
    const key = names.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + t);
  }
  console.log(`\ncallers of *${callersOf}*:`);
  for (const [k, t] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${pct(t)} ${ms(t)}  ${k}`);
}
