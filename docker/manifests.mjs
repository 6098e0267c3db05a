// Copies the npm manifests (the root's package.json and lock, every workspace's package.json)
// into a folder, keeping their paths: a service image's run stage installs from them only its own
// workspace's production dependencies (`npm ci -w <workspace> --omit=dev`), and npm needs every
// workspace the lock names to see lock and manifests in sync. Docker's COPY cannot pick these
// files out of a tree without flattening it, hence this script.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const out = process.argv[2];
if (!out) throw new Error('usage: node docker/manifests.mjs <folder>');
const { workspaces } = JSON.parse(readFileSync('package.json', 'utf8'));
for (const file of ['package.json', 'package-lock.json', ...workspaces.map((dir) => `${dir}/package.json`)]) {
  mkdirSync(path.join(out, path.dirname(file)), { recursive: true });
  copyFileSync(file, path.join(out, file));
}
