// `npm start`'s supervisor (startService(...).supervise): a service that dies is started again
// with backoff, and a crash loop gives up instead of restarting for ever.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COMPILED_CONDITIONS,
  freePort,
  ROOT,
  SERVER_ENTRIES,
  type Service,
  startService,
  waitForHttp,
} from './stack.ts';

const started: Service[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-supervisor-'));
  dirs.push(dir);
  return dir;
}

/** A tiny HTTP service that answers its own pid. */
const PID_SERVER = `require('node:http').createServer((q, s) => s.end(String(process.pid))).listen(Number(process.env.PORT), '127.0.0.1')`;

async function pidAt(url: string): Promise<number> {
  return Number(await (await fetch(url)).text());
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('supervisor', () => {
  it('restarts a service killed with SIGKILL, says which and why, and it answers again', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const lines: string[] = [];
    let gaveUp = '';
    const service = startService('tiny', process.execPath, ['-e', PID_SERVER], {
      env: { PORT: String(port) },
      log: { dir: tempDir() },
    });
    started.push(service);
    await waitForHttp(url, service, 10_000);
    service.supervise({ initialDelayMs: 100, readyUrl: url, log: (l) => lines.push(l), onGiveUp: (r) => (gaveUp = r) });

    const first = await pidAt(url);
    expect(first).toBe(service.child.pid);
    process.kill(first, 'SIGKILL');
    await until(() => lines.some((l) => l.includes('answers again')), 10_000);
    const second = await pidAt(url);
    expect(second).not.toBe(first);
    expect(second).toBe(service.child.pid);
    expect(lines[0]).toMatch(/^tiny stopped unexpectedly \(killed by SIGKILL\); restarting it in 0\.1 s/);

    // and again: the second crash waits twice as long
    process.kill(second, 'SIGKILL');
    await until(() => lines.filter((l) => l.includes('answers again')).length === 2, 10_000);
    expect(lines.find((l, i) => i > 0 && l.includes('stopped unexpectedly'))).toMatch(
      /restarting it in 0\.2 s \(restart 2 of 5/,
    );
    expect(await pidAt(url)).not.toBe(second);
    expect(gaveUp).toBe('');
  });

  it('gives up on a crash loop with the reason, and starts nothing more', async () => {
    const lines: string[] = [];
    let gaveUp = '';
    const script = "console.error('Error: cannot read the catalogue'); process.exit(3)";
    const service = startService('crashy', process.execPath, ['-e', script], { log: { dir: tempDir() } });
    started.push(service);
    service.supervise({
      initialDelayMs: 20,
      maxRestarts: 3,
      windowMs: 30_000,
      log: (l) => lines.push(l),
      onGiveUp: (r) => (gaveUp = r),
    });
    await until(() => gaveUp !== '', 10_000);
    expect(lines.map((l) => /in ([\d.]+) s/.exec(l)?.[1])).toEqual(['0.02', '0.04', '0.08']);
    expect(gaveUp).toMatch(
      /^crashy stopped unexpectedly \(exit code 3; last error line: Error: cannot read the catalogue\) after 3 restarts within 30 s/,
    );
    const pid = service.child.pid;
    await new Promise((r) => setTimeout(r, 300));
    expect(service.child.pid).toBe(pid);
    expect(lines).toHaveLength(3);
  });

  it('gives up at once, without restarts, on a service that exits 78: it cannot start until its setup is fixed', async () => {
    const lines: string[] = [];
    let gaveUp = '';
    const script = "console.error('The PGlite data folder /x is damaged (PG_VERSION is missing)'); process.exit(78)";
    const service = startService('stuck', process.execPath, ['-e', script], { log: { dir: tempDir() } });
    started.push(service);
    service.supervise({ initialDelayMs: 20, log: (l) => lines.push(l), onGiveUp: (r) => (gaveUp = r) });
    await until(() => gaveUp !== '', 10_000);
    expect(gaveUp).toBe(
      'stuck cannot start until its setup is fixed (exit code 78; last error line: The PGlite data folder /x is damaged (PG_VERSION is missing)), so it is not restarted',
    );
    expect(lines).toEqual([]);
    expect(service.state).toBe('given up');
  });

  it('does not restart a service that was stopped on purpose', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const service = startService('tiny', process.execPath, ['-e', PID_SERVER], {
      env: { PORT: String(port) },
      log: { dir: tempDir() },
    });
    await waitForHttp(`http://127.0.0.1:${port}/`, service, 10_000);
    service.supervise({ initialDelayMs: 20, log: (l) => lines.push(l), onGiveUp: () => lines.push('gave up') });
    await service.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(lines).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  // The real host server, run from its production build as `npm start` runs it (needs `npm run build`).
  const built = existsSync(path.join(ROOT, SERVER_ENTRIES.host)) && existsSync(path.join(ROOT, 'host/dist/index.html'));
  it.skipIf(!built)('brings the compiled host server back after kill -9', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/healthz`;
    const logDir = tempDir();
    const lines: string[] = [];
    const host = startService('host', process.execPath, ['--enable-source-maps', SERVER_ENTRIES.host], {
      env: { HOST_PORT: String(port), API_URL: `http://127.0.0.1:${await freePort()}`, REGISTRY_JSON: '{}' },
      log: { dir: logDir },
    });
    started.push(host);
    await waitForHttp(url, host, 20_000);
    host.supervise({ initialDelayMs: 100, readyUrl: url, log: (l) => lines.push(l), onGiveUp: () => {} });
    const first = host.child.pid!;
    process.kill(first, 'SIGKILL');
    await until(() => lines.some((l) => l.includes('answers again')), 20_000);
    expect((await fetch(url)).status).toBe(200);
    expect(host.child.pid).not.toBe(first);
    // plain node on the compiled bundle: no TypeScript loader in the process
    expect(readFileSync(`/proc/${host.child.pid}/cmdline`, 'utf8')).not.toMatch(/tsx|\.ts\0/);
  });

  // The real API on PGlite: the lock its killed process left behind must not stop the restart.
  it.skipIf(!existsSync(path.join(ROOT, SERVER_ENTRIES.api)))(
    'restarts the compiled API after kill -9, taking over its stale PGlite lock',
    async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/api/health`;
      const dir = tempDir();
      const lines: string[] = [];
      const api = startService(
        'api',
        process.execPath,
        ['--enable-source-maps', ...COMPILED_CONDITIONS, SERVER_ENTRIES.api],
        {
          env: { API_PORT: String(port), PGLITE_DIR: path.join(dir, 'pglite'), OPS_TOKEN: '', DATABASE_URL: '' },
          log: { dir },
        },
      );
      started.push(api);
      await waitForHttp(url, api, 90_000);
      api.supervise({ initialDelayMs: 100, readyUrl: url, log: (l) => lines.push(l), onGiveUp: (r) => lines.push(r) });
      const first = api.child.pid!;
      expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8').trim()).toBe(String(first));
      process.kill(first, 'SIGKILL');
      await until(() => lines.some((l) => l.includes('answers again') || l.includes('after')), 90_000);
      expect(lines.join('\n')).not.toMatch(/in use by process/);
      expect((await fetch(url)).status).toBe(200);
      expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8').trim()).toBe(String(api.child.pid));
    },
    120_000,
  );
});
