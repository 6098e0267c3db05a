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
    expect(services).toEqual(['api', 'host', 'mf-cart', 'mf-catalog', 'mf-product', 'postgres']);
  });

  it('points the host registry at the remote services and gives every service a health check', () => {
    const config = execFileSync('docker-compose', ['config'], { cwd: ROOT, encoding: 'utf8' });
    for (const port of [3001, 3002, 3003]) expect(config).toContain(`:${port}/0.1.0-compose/mf-manifest.json`);
    expect(config.match(/healthcheck:/g)?.length).toBe(6);
  });
});
