// The disagreement test: the remotes table and the page-type table (@shop/contracts) are written
// once, and every place that still holds a copy of them (the remotes' built federation config,
// docker-compose.yml, tsconfig.json, the test and codegen package lists, the printed GraphQL
// schema, the start scripts, the READMEs) must say the same. A copy that drifts fails here; lists derived from the table are checked
// against what is on disk (folders, Dockerfiles, .graphql files), not against the table again.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_TYPES, PAGES, pageView } from '@shop/contracts/pages';
import { EXPOSED_MODULES, exposesOf, REMOTE_NAMES, REMOTES, type RemoteName } from '@shop/contracts/remotes';
import { Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import codegenConfig from '../codegen.ts';
import vitestConfig from '../vitest.config.ts';
import { FRONT_END_PACKAGES } from './codegen/persisted-manifest.ts';
import { contractSource } from './codegen/remote-modules.ts';
import { portsFromEnv } from './lib/stack.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
/** The one image of every remote (built with args REMOTE and PORT). */
const REMOTE_DOCKERFILE = 'docker/remote.Dockerfile';
/** JSON files that may carry whole-line `//` comments (tsconfig, biome). */
const readJson = <T>(file: string): T => JSON.parse(read(file).replace(/^\s*\/\/.*$/gm, '')) as T;
const rows = REMOTE_NAMES.map((name) => ({ name, ...REMOTES[name] }));

interface FederationPlugin {
  constructor: { name: string };
  _options: { name: string; exposes?: Record<string, string> };
}

/**
 * The options each remote's own rspack.config.ts hands to the ModuleFederationPlugin: the same
 * in each of its builds (browser and server), or this throws.
 */
async function federationOptions(dir: string): Promise<FederationPlugin['_options']> {
  const module = (await import(path.join(ROOT, dir, 'rspack.config.ts'))) as {
    default: (env: unknown, argv: { mode: string }) => { plugins: unknown[] } | { plugins: unknown[] }[];
  };
  const configs = [module.default({}, { mode: 'production' })].flat();
  const options = configs.map((config) => {
    const plugin = config.plugins.find(
      (p): p is FederationPlugin => (p as FederationPlugin | undefined)?.constructor?.name === 'ModuleFederationPlugin',
    );
    if (!plugin) throw new Error(`${dir}/rspack.config.ts has a build without a ModuleFederationPlugin`);
    return plugin._options;
  });
  const [first, ...others] = options as [FederationPlugin['_options'], ...FederationPlugin['_options'][]];
  for (const other of others) {
    if (other.name !== first.name || JSON.stringify(other.exposes) !== JSON.stringify(first.exposes))
      throw new Error(`${dir}/rspack.config.ts: its builds expose different modules`);
  }
  return first;
}

describe('each remote builds exactly the modules of its row of the remotes table', () => {
  it.each(rows)('$name: its rspack config exposes the table, each file exists and default-exports', async (row) => {
    const options = await federationOptions(row.dir);
    expect(options.name).toBe(row.name);
    const expected = Object.fromEntries(Object.entries(row.exposes).map(([name, { file }]) => [`./${name}`, file]));
    expect(options.exposes).toEqual(expected);
    expect(exposesOf(row.name)).toEqual(expected);
    for (const file of Object.values(expected)) {
      const absolute = path.join(ROOT, row.dir, file);
      expect(existsSync(absolute), `${row.dir}/${file}`).toBe(true);
      expect(readFileSync(absolute, 'utf8'), `${row.dir}/${file}`).toMatch(/^export default /m);
    }
    // the contract check tsc runs is the table's, not an old codegen output
    const contract = `${row.dir}/src/contract.generated.ts`;
    expect(existsSync(path.join(ROOT, contract)), `${contract} is missing: run npm run codegen`).toBe(true);
    expect(read(contract), `${contract} is stale: run npm run codegen`).toBe(contractSource(row.name, row));
  });

  it('the release check requires every module the remotes build, and nothing else', async () => {
    // read from what each remote's rspack config hands to federation, not from the table
    const built = [];
    for (const row of rows) {
      const options = await federationOptions(row.dir);
      built.push(...Object.keys(options.exposes ?? {}).map((key) => `${options.name}/${key.replace(/^\.\//, '')}`));
    }
    expect([...EXPOSED_MODULES].sort()).toEqual(built.sort());
  });

  it('every app folder on disk but the host (a workspace with an rspack.config.ts) is a remote of the table', () => {
    const apps = readJson<{ workspaces: string[] }>('package.json').workspaces.filter(
      (dir) => dir !== 'host' && existsSync(path.join(ROOT, dir, 'rspack.config.ts')),
    );
    expect(rows.map((row) => row.dir).sort()).toEqual(apps.sort());
  });

  it.each(rows)("$name: its package, image and README agree with the table's row", (row) => {
    expect(readJson<{ name: string }>(`${row.dir}/package.json`).name).toBe(`@shop/${row.dir}`);
    expect(readJson<{ workspaces: string[] }>('package.json').workspaces).toContain(row.dir);
    // one Dockerfile for every remote: compose names the remote's folder and port
    const build = compose().services[row.dir]?.build;
    expect(build?.dockerfile).toBe(REMOTE_DOCKERFILE);
    expect(build?.args).toMatchObject({ REMOTE: row.dir, PORT: String(row.port) });
    const dockerfile = read(REMOTE_DOCKERFILE);
    expect(dockerfile).toContain('cd "$REMOTE" ');
    expect(dockerfile).toMatch(/^ENV PORT=\$\{PORT\}\s/m);
    expect(dockerfile).toMatch(/^EXPOSE \$\{PORT\}$/m);
    // the README's table of exposed modules names no module the remote does not expose (a new
    // page may be documented later: a README row is not one of the edits a new page needs)
    const listed = [...read(`${row.dir}/README.md`).matchAll(new RegExp(`^\\| \`(${row.name}/\\w+)\``, 'gm'))];
    const modules = Object.keys(row.exposes).map((m) => `${row.name}/${m}`);
    expect(listed.length, `${row.dir}/README.md has no table of exposed modules`).toBeGreaterThan(0);
    for (const [, id] of listed) expect(modules, `${row.dir}/README.md lists ${id}`).toContain(id);
  });
});

describe('the page-type table', () => {
  it("the API's schema enum PageType is the table's page types, in order", () => {
    const document = parse(read('api/schema.graphql'));
    const pageType = document.definitions.find(
      (d) => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === 'PageType',
    );
    expect(pageType?.kind === Kind.ENUM_TYPE_DEFINITION && pageType.values?.map((v) => v.name.value)).toEqual(
      PAGE_TYPES,
    );
  });

  it('every page type but NOT_FOUND is shown by an exposed module; NOT_FOUND by none', () => {
    for (const type of PAGE_TYPES) {
      const view = pageView({ type, id: '1' });
      if (type === 'NOT_FOUND') expect(view).toBeNull();
      else expect(EXPOSED_MODULES, type).toContain(view?.module);
    }
    expect(pageView({ type: 'NO_SUCH_TYPE' })).toBeNull();
  });

  it('fixed paths are unique and absolute', () => {
    const paths = PAGE_TYPES.flatMap((type) => {
      const fixed = (PAGES[type] as { fixed?: { path: string } }).fixed;
      return fixed ? [fixed.path] : [];
    });
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/[a-z0-9/-]*$/);
  });
});

/** docker-compose.yml as an object, read with PyYAML (what docker-compose v1 itself uses; see compose.test.ts). */
function compose(): { services: Record<string, ComposeService>; volumes: Record<string, unknown> } {
  const json = execFileSync('python3', ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], {
    input: read('docker-compose.yml'),
    encoding: 'utf8',
  });
  return JSON.parse(json);
}
interface ComposeService {
  build?: { dockerfile?: string; args?: Record<string, string> };
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
  healthcheck?: { test?: string[] };
}

describe('copies the tools cannot derive (JSON and YAML) name every remote of the table', () => {
  const remoteServices = (services: Record<string, ComposeService>) =>
    Object.keys(services).filter((name) => services[name]?.build?.dockerfile === REMOTE_DOCKERFILE);

  it('docker-compose.yml: a service per remote, on the table port, with its releases volume and the release tool set up', () => {
    const { services, volumes } = compose();
    expect(remoteServices(services).sort()).toEqual(rows.map((r) => r.dir).sort());
    const tool = services['release-tool']!;
    const release = services.release!;
    for (const row of rows) {
      const service = services[row.dir]!;
      expect(service.build?.dockerfile).toBe(REMOTE_DOCKERFILE);
      expect(service.build?.args?.REMOTE).toBe(row.dir);
      expect(service.ports).toEqual([`${row.port}:${row.port}`]);
      expect(service.volumes).toContain(`${row.dir}-releases:/releases:ro`);
      // the release service writes uploads onto it, at the remote's public URL (release/src/registry/release-storage.ts)
      expect(release.volumes).toContain(`${row.dir}-releases:/releases/${row.name}`);
      expect(release.environment?.[`${row.name.toUpperCase()}_URL`]).toMatch(new RegExp(`:${row.port}$`));
      expect(release.environment?.RELEASE_CHECK_ORIGIN_MAP).toContain(`:${row.port}=http://${row.dir}:${row.port}`);
      expect(service.healthcheck?.test?.join(' ')).toContain(`http://127.0.0.1:${row.port}/healthz`);
      expect(volumes).toHaveProperty(`${row.dir}-releases`);
      for (const host of ['host-1', 'host-2']) expect(services[host]?.depends_on, host).toHaveProperty(row.dir);
      // the release tool only uploads (scripts/remotes/release.ts): no releases volume
      expect(tool.volumes?.join(' ')).not.toContain(`${row.dir}-releases`);
    }
  });

  it('tsconfig.json and tsconfig.packages.json (npm run typecheck) type-check every remote', () => {
    type Tsconfig = { include?: string[]; references?: { path: string }[] };
    const references = (file: string) =>
      (readJson<Tsconfig>(file).references ?? []).map((r) =>
        path.normalize(r.path).replace(/\/(tsconfig[^/]*\.json)?$/, ''),
      );
    const whole = readJson<Tsconfig>('tsconfig.json');
    for (const row of rows) {
      if (!references('tsconfig.json').includes(row.dir))
        expect(whole.include).toEqual(expect.arrayContaining([`${row.dir}/src`, `${row.dir}/*.ts`]));
      expect(references('tsconfig.packages.json'), 'tsconfig.packages.json').toContain(row.dir);
      expect(existsSync(path.join(ROOT, row.dir, 'tsconfig.json')), `${row.dir}/tsconfig.json`).toBe(true);
    }
  });

  it("vitest's web project runs every remote's tests; codegen types every remote's operations", () => {
    const projects = (vitestConfig.test?.projects ?? []) as { test: { name: string; include: string[] } }[];
    const web = projects.find((p) => p.test.name === 'web');
    for (const row of rows) {
      const file = `${row.dir}/src/pages/x.test.tsx`;
      expect(
        web?.test.include.some((glob) => path.matchesGlob(file, glob)),
        row.dir,
      ).toBe(true);
      expect(codegenConfig.generates).toHaveProperty([`${row.dir}/src/graphql/generated.ts`]);
    }
    // codegen registers the operations of every folder that has .graphql files; the secret scan reads every remote's build
    const withOperations = readJson<{ workspaces: string[] }>('package.json').workspaces.filter((dir) => {
      const src = path.join(ROOT, dir, 'src');
      return existsSync(src) && (readdirSync(src, { recursive: true }) as string[]).some((f) => f.endsWith('.graphql'));
    });
    expect([...FRONT_END_PACKAGES].sort()).toEqual(withOperations.sort());
    const { services } = compose();
    expect(Object.values(REMOTES).map((remote) => remote.dir).sort()).toEqual(
      Object.values(services)
        .filter((service) => service.build?.dockerfile === REMOTE_DOCKERFILE)
        .map((service) => service.build?.args?.REMOTE)
        .sort(),
    );
  });

  it("the start scripts serve every remote on its image's port, its variable named after it", () => {
    const ports = portsFromEnv({});
    for (const row of rows) {
      const imagePort = compose().services[row.dir]?.build?.args?.PORT;
      expect(ports[row.name as RemoteName], `${row.dir}'s image (docker-compose.yml args)`).toBe(Number(imagePort));
      expect(portsFromEnv({ [`${row.name.toUpperCase()}_PORT`]: '4555' })[row.name as RemoteName]).toBe(4555);
    }
  });
});
