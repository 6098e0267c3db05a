// Guards the production topology file: it parses, and it has every service the shop needs.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/stack.ts';

describe('docker-compose.yml', () => {
  it('is valid for docker-compose and runs PostgreSQL, the API, the host and each remote', () => {
    const services = execFileSync('docker-compose', ['config', '--services'], { cwd: ROOT, encoding: 'utf8' })
      .trim()
      .split('\n')
      .sort();
    expect(services).toEqual(['api', 'host', 'mf-cart', 'mf-catalog', 'mf-product', 'postgres', 'release']);
  });

  it('keeps each remote\'s releases on a volume, lets the host read the API registry, and checks every service\'s health', () => {
    const config = execFileSync('docker-compose', ['config'], { cwd: ROOT, encoding: 'utf8' });
    for (const remote of ['mf-catalog', 'mf-product', 'mf-cart']) expect(config).toContain(`${remote}-releases:/releases`);
    expect(config).not.toContain('REGISTRY_JSON');
    expect(config).not.toContain('REGISTRY_FILE');
    expect(config).toMatch(/release:[\s\S]*profiles:[\s\S]*- release/);
    expect(config.match(/healthcheck:/g)?.length).toBe(6);
  });
});
