// Guards the production topology file: it parses, it has every service the shop needs, and
// every long-running service comes back after a crash and reports a health that means something.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/stack.ts';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string };
  profiles?: string[];
  restart?: string;
  pull_policy?: string;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  environment?: Record<string, string>;
  volumes?: unknown[];
}

/**
 * The file as docker-compose resolves it, as an object. docker-compose (v1) is written in
 * Python with PyYAML, so whatever has docker-compose has the parser too.
 */
function composeConfig(yaml: string): { services: Record<string, ComposeService> } {
  const json = execFileSync('python3', ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'], {
    input: yaml,
    encoding: 'utf8',
  });
  return JSON.parse(json);
}

// `docker-compose config` validates the file and prints it resolved (slow: run once).
const text = execFileSync('docker-compose', ['config'], { cwd: ROOT, encoding: 'utf8' });
const config = composeConfig(text);
const longRunning = Object.entries(config.services).filter(([, s]) => !s.profiles?.length);

function healthCommand(service: ComposeService): string {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test.join(' ') : (test ?? '');
}

describe('docker-compose.yml', () => {
  it('is valid for docker-compose and runs PostgreSQL, Redis, two API and two host replicas behind nginx, the release service and each remote', () => {
    const servers = ['api-1', 'api-2', 'api-lb', 'host-1', 'host-2', 'mf-cart', 'mf-catalog', 'mf-product', 'nginx', 'postgres', 'redis', 'release'];
    expect(Object.keys(config.services).sort()).toEqual([...servers, 'release-tool'].sort());
    expect(longRunning.map(([name]) => name).sort()).toEqual(servers);
  });

  it('balances the replicas, retries a failed GET on the other one (never a POST), and shares their state in Redis', () => {
    const upstreams = (file: string) => [...readFileSync(path.join(ROOT, 'docker/nginx', file), 'utf8').matchAll(/^\s*server ([\w-]+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(upstreams('shop.conf')).toEqual(['host-1:3000', 'host-2:3000']);
    expect(upstreams('api.conf')).toEqual(['api-1:4000', 'api-2:4000']);
    for (const file of ['shop.conf', 'api.conf']) {
      const conf = readFileSync(path.join(ROOT, 'docker/nginx', file), 'utf8');
      expect(conf, file).toMatch(/proxy_next_upstream error timeout http_502 http_503 http_504;/);
      expect(conf, file).not.toMatch(/non_idempotent/);
    }
    expect((config.services.nginx as { ports?: unknown[] }).ports?.length).toBe(1);
    for (const name of ['host-1', 'host-2']) expect((config.services[name] as { ports?: unknown[] }).ports, name).toBeUndefined();
    for (const name of ['api-1', 'api-2', 'host-1', 'host-2', 'release']) {
      const env = config.services[name]?.environment ?? {};
      expect(env.REDIS_URL, name).toBe('redis://redis:6379');
      // out of the balancer before it closes, and killed only after that
      expect(Number(env.SHUTDOWN_DRAIN_MS), name).toBeGreaterThan(0);
      const grace = Number(/^(\d+)s$/.exec((config.services[name] as { stop_grace_period?: string }).stop_grace_period ?? '')?.[1] ?? 10);
      expect(grace * 1000, name).toBeGreaterThan(Number(env.SHUTDOWN_DRAIN_MS) + 20_000);
    }
    for (const name of ['host-1', 'host-2', 'release', 'release-tool']) expect(config.services[name]?.environment?.API_URL, name).toBe('http://api-lb:4000');
  });

  it("keeps each remote's releases on a volume and lets the host read the release service's registry", () => {
    for (const remote of ['mf-catalog', 'mf-product', 'mf-cart']) expect(text).toContain(`${remote}-releases:/releases`);
    expect(text).not.toContain('REGISTRY_JSON');
    expect(text).not.toContain('REGISTRY_FILE');
    expect(config.services['release-tool']?.profiles).toEqual(['release']);
    expect(config.services['host-1']?.environment?.RELEASE_URL).toBe('http://release:4100');
  });

  it('restarts every long-running service when its process exits', () => {
    for (const [name, service] of longRunning) {
      expect([name, service.restart]).toEqual([name, expect.stringMatching(/^(unless-stopped|always|on-failure(:\d+)?)$/)]);
    }
  });

  it('checks each service with a health check that fails when the service is broken, not one any answer passes', () => {
    for (const [name, service] of longRunning) {
      const command = healthCommand(service);
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(command, name).not.toBe('');
      if (command.includes('fetch(')) {
        // An HTTP check must look at the status (r.ok), and ask a health route, not the root
        // that answers 404 (which a bare .then(() => exit(0)) would pass).
        expect(command, name).toMatch(/\.then\(\s*\(?r\)?\s*=>\s*process\.exit\(r\.ok\s*\?\s*0\s*:\s*1\)/);
        expect(command, name).toMatch(/fetch\('http:\/\/127\.0\.0\.1:\d+\/(api\/health|healthz)'\)/);
      } else if (command.startsWith('CMD wget')) {
        // nginx: its own route, which answers only when the configuration loaded
        expect(command, name).toMatch(/^CMD wget -q -O \/dev\/null http:\/\/127\.0\.0\.1(:\d+)?\/nginx-health$/);
      } else {
        expect(command, name).toMatch(/pg_isready|redis-cli ping/);
      }
    }
  });

  it('runs the servers from compiled JavaScript with node, never through a TypeScript loader', () => {
    for (const name of ['api-1', 'release', 'host-1', 'mf-catalog', 'mf-product', 'mf-cart']) {
      const dockerfile = readFileSync(path.join(ROOT, config.services[name]!.build!.dockerfile!), 'utf8');
      const cmd = /^CMD (.+)$/m.exec(dockerfile)?.[1] ?? '';
      expect(JSON.parse(cmd)[0], name).toBe('node');
      expect(cmd, name).toMatch(/\.(m?js)"\s*(,\s*"[^"]*"\s*)*\]$/);
      expect(cmd, name).not.toMatch(/tsx|ts-node|\.ts"/);
    }
    // …and the images carry no dev tools at run time (tsx among them): the host prunes them after
    // its build, the services install in their run stage only their own workspace's production
    // dependencies (nothing of the front-end, nor of each other)
    expect(readFileSync(path.join(ROOT, 'host', 'Dockerfile'), 'utf8'), 'host').toMatch(/npm prune --omit=dev/);
    for (const name of ['api', 'release']) {
      const runStage = readFileSync(path.join(ROOT, name, 'Dockerfile'), 'utf8').split(/^FROM /m).at(-1) ?? '';
      expect(runStage, name).toMatch(new RegExp(`npm ci (--workspace=|-w )@shop/${name} --include-workspace-root=false --omit=dev`));
      expect(runStage, name).not.toMatch(/COPY \. \.|npm (ci|install)(?![^\n]*--workspace=|[^\n]*-w @shop)/);
    }
  });

  it('builds images from the source, not from files generated in a working tree, and rebuilds the release tool per run', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toContain('**/src/graphql/generated.ts');
    expect(ignored).toContain('**/src/graphql/persisted-operations.json');
    expect(ignored).toContain('host/server-dist');
    for (const name of ['host-1', 'mf-catalog', 'mf-product', 'mf-cart']) {
      const dockerfile = readFileSync(path.join(ROOT, config.services[name]!.build!.dockerfile!), 'utf8');
      expect(dockerfile, name).toMatch(/npm run codegen/);
    }
    // the release tool has no image of the source: it runs the checkout it is started in (the
    // CLI runs codegen itself), so a repeated run never releases stale code
    const release = config.services['release-tool']!;
    expect(release.build).toBeUndefined();
    expect(release.volumes).toContain(`${ROOT}:/app:rw`);
    expect((release as { entrypoint?: string[] }).entrypoint?.join(' ')).toContain('scripts/remotes/cli.ts release');
  });

  it('release storage: the release service writes each remote\'s volume, the remote serves it read-only, the release tool only uploads', () => {
    const plane = config.services.release!;
    expect(plane.environment?.RELEASES_DIR).toBe('/releases');
    expect(plane.environment?.API_URL).toBe('http://api-lb:4000');
    for (const [dir, name] of [['mf-catalog', 'mf_catalog'], ['mf-product', 'mf_product'], ['mf-cart', 'mf_cart']] as const) {
      expect(plane.volumes).toContain(`${dir}-releases:/releases/${name}:rw`);
      expect(config.services['api-1']!.volumes?.join(' ') ?? '').not.toContain(`${dir}-releases`);
      expect(config.services[dir]!.volumes).toContain(`${dir}-releases:/releases:ro`);
      expect(config.services['release-tool']!.volumes?.join(' ')).not.toContain(`${dir}-releases`);
    }
    expect(config.services['release-tool']!.environment?.RELEASE_URL).toBe('http://release:4100');
    expect(config.services['release-tool']!.environment).toHaveProperty('RELEASE_TOKEN');
  });

  it('runs the browser smoke before every release: Chromium in the release image (never the API\'s), the public addresses mapped to the services', () => {
    const api = config.services.release!;
    expect(readFileSync(path.join(ROOT, 'release', 'Dockerfile'), 'utf8')).toMatch(/apt-get install -y [^\n]*\bchromium-headless-shell\b/);
    expect(readFileSync(path.join(ROOT, 'api', 'Dockerfile'), 'utf8')).not.toMatch(/chromium/);
    // on unless the shell says RELEASE_SMOKE=off
    expect(api.environment?.RELEASE_SMOKE).toBe('on');
    const publicShop = api.environment?.SMOKE_HOST_URL ?? '';
    expect(publicShop).toMatch(/^https?:\/\//);
    // the smoke's browser reaches the shop's public address and each remote's inside the network
    expect(api.environment?.RELEASE_CHECK_ORIGIN_MAP?.split(',')).toContain(`${publicShop}=http://nginx:80`);
    // one preview secret for the release service (it signs) and the host (it honours the cookie)
    expect(api.environment).toHaveProperty('PREVIEW_SECRET');
    expect(config.services['host-1']?.environment).toHaveProperty('PREVIEW_SECRET');
  });

  it("registers the host build's GraphQL documents when the host starts (its image's entry, with the ops token)", () => {
    expect(readFileSync(path.join(ROOT, 'host', 'Dockerfile'), 'utf8')).toMatch(/^CMD .*host\/server-dist\/checked-main\.js/m);
    expect(config.services['host-1']?.environment).toHaveProperty('OPS_TOKEN');
  });

  it("makes the API believe X-Forwarded-For only from the proxies' fixed addresses on the shop network", () => {
    const raw = config as unknown as {
      networks?: { default?: { ipam?: { config?: { subnet?: string }[] } } };
      services: Record<string, { networks?: { default?: { ipv4_address?: string } } }>;
    };
    const address = (name: string) => raw.services[name]?.networks?.default?.ipv4_address ?? '';
    const [front, apiLb, host1, host2] = ['nginx', 'api-lb', 'host-1', 'host-2'].map(address);
    const subnet = raw.networks?.default?.ipam?.config?.[0]?.subnet ?? '';
    for (const ip of [front, apiLb, host1, host2]) expect(ip?.startsWith(subnet.replace(/\.0\/24$/, '.'))).toBe(true);
    expect(new Set([front, apiLb, host1, host2]).size).toBe(4);
    for (const name of ['api-1', 'api-2']) expect(config.services[name]?.environment?.TRUSTED_PROXIES?.split(',').sort(), name).toEqual([front, apiLb, host1, host2].sort());
    expect(config.services.release?.environment?.TRUSTED_PROXIES?.split(',').sort()).toEqual([front, host1, host2].sort());
  });

  it('activates each remote image’s own build on a first start: the versions the images build, once their servers serve them', () => {
    const release = config.services.release as ComposeService & { depends_on?: Record<string, unknown> };
    const adopt = Object.fromEntries((release.environment?.RELEASE_ADOPT ?? '').split(',').map((pair) => pair.split('=')));
    for (const [name, dir] of [['mf_catalog', 'mf-catalog'], ['mf_product', 'mf-product'], ['mf_cart', 'mf-cart']] as const) {
      const version = (JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string }).version;
      // the folder the image’s build writes: <package version>+<BUILD_ID>
      const build = config.services[dir] as ComposeService & { build?: { args?: Record<string, string> } };
      expect(adopt[name], name).toBe(`${version}+${build.build?.args?.BUILD_ID}`);
      expect(release.depends_on, name).toHaveProperty(dir);
    }
  });
});
