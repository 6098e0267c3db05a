/**
 * `npm start`'s services and their supervisor: each service runs in its own process group, its
 * output goes to the terminal (prefixed) or a log file, and a supervised one is restarted with
 * backoff after an unexpected exit, until a crash loop makes the supervisor give up.
 *
 * Hand-written on purpose: no kept Node library does process-group supervision with this policy
 * (backoff, a crash-loop window, leaving a copy started by hand alone) in a few lines; pm2 and
 * the like would own the processes and their logs, which `npm start` and the tests read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

export type LogMode = 'inherit' | { dir: string };

/** running · restarting (a restart is due) · exited (unsupervised) · given up (crash loop) · stopped (on purpose) */
export type ServiceState = 'running' | 'restarting' | 'exited' | 'given up' | 'stopped';

export interface Service {
  name: string;
  /** The running process; a supervised service gets a new one on each restart. */
  readonly child: ChildProcess;
  readonly state: ServiceState;
  /** Restarts the process whenever it exits unexpectedly (see RestartPolicy); again: replaces the policy. */
  supervise(policy: RestartPolicy): void;
  stop(): Promise<void>;
}

/**
 * How a supervised service is restarted: after an unexpected exit, wait `initialDelayMs`,
 * doubling per crash up to `maxDelayMs`; more than `maxRestarts` restarts within `windowMs`
 * is a crash loop, and `onGiveUp` is called instead of another restart.
 */
export interface RestartPolicy {
  initialDelayMs?: number;
  maxDelayMs?: number;
  maxRestarts?: number;
  windowMs?: number;
  /** Polled after a restart; "answers again" is logged once it returns 2xx. */
  readyUrl?: string;
  log?: (line: string) => void;
  onGiveUp(reason: string): void;
}

interface ServiceOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  log: LogMode;
}

/**
 * EX_CONFIG of sysexits.h: the service says it cannot start until someone changes what it was
 * given (the API and the release service exit so on a PGlite data folder they must not open).
 * Restarting cannot help, so the supervisor gives up at once.
 */
export const EXIT_NEEDS_OPERATOR = 78;

/** True for the reason given when a service exited EXIT_NEEDS_OPERATOR. */
export const needsOperator = (reason: string) => reason.includes('cannot start until its setup is fixed');

function exitReason(code: number | null, signal: NodeJS.Signals | null, lastError: string): string {
  const how = signal ? `killed by ${signal}` : `exit code ${code}`;
  return lastError ? `${how}; last error line: ${lastError}` : how;
}

function killGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** A child's output: appended to its log file, or to the terminal with `[name] ` before each line. */
function forwardOutput(child: ChildProcess, name: string, file: NodeJS.WritableStream | null): void {
  if (file) {
    child.stdout!.pipe(file, { end: false });
    child.stderr!.pipe(file, { end: false });
    return;
  }
  const forward = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  forward(child.stdout!, process.stdout);
  forward(child.stderr!, process.stderr);
}

export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

class SupervisedProcess implements Service {
  child!: ChildProcess;
  state: ServiceState = 'running';
  private exited!: Promise<void>;
  private file: NodeJS.WritableStream | null = null;
  private policy: RestartPolicy | null = null;
  private restartTimer: NodeJS.Timeout | undefined;
  /** When each restart within the policy's window happened. */
  private restarts: number[] = [];
  /** The last line the process wrote to stderr: said when it crashes. */
  private lastError = '';

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly options: ServiceOptions,
  ) {
    if (options.log !== 'inherit') {
      mkdirSync(options.log.dir, { recursive: true });
      this.file = createWriteStream(path.join(options.log.dir, `${name}.log`), { flags: 'a' });
    }
    this.spawnChild();
  }

  private spawnChild(): void {
    const child = spawn(this.command, this.args, {
      cwd: this.options.cwd ?? path.resolve(import.meta.dirname, '..', '..'),
      env: { ...process.env, ...this.options.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.state = 'running';
    this.lastError = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const line = chunk.toString().trim().split('\n').filter(Boolean).pop();
      if (line) this.lastError = line.slice(0, 300);
    });
    forwardOutput(child, this.name, this.file);
    this.exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.once('exit', (code, signal) => this.onExit(child, code, signal));
  }

  supervise(policy: RestartPolicy): void {
    this.policy = policy;
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.state === 'stopped' || child !== this.child) return;
    const policy = this.policy;
    if (!policy) {
      this.state = 'exited';
      return;
    }
    // Whatever the dead process started (its group) goes too, so the new one finds its port
    // and files (the API's PGlite lock) free.
    killGroup(child.pid!, 'SIGKILL');
    const reason = exitReason(code, signal, this.lastError);
    if (code === EXIT_NEEDS_OPERATOR) {
      this.state = 'given up';
      policy.onGiveUp(`${this.name} cannot start until its setup is fixed (${reason}), so it is not restarted`);
      return;
    }
    const windowMs = policy.windowMs ?? 60_000;
    const maxRestarts = policy.maxRestarts ?? 5;
    const now = Date.now();
    while (this.restarts.length && this.restarts[0]! <= now - windowMs) this.restarts.shift();
    if (this.restarts.length >= maxRestarts) {
      this.state = 'given up';
      policy.onGiveUp(
        `${this.name} stopped unexpectedly (${reason}) after ${this.restarts.length} restarts within ${windowMs / 1000} s`,
      );
      return;
    }
    const delay = Math.min(policy.maxDelayMs ?? 10_000, (policy.initialDelayMs ?? 500) * 2 ** this.restarts.length);
    this.restarts.push(now);
    this.state = 'restarting';
    this.logLine(
      `${this.name} stopped unexpectedly (${reason}); restarting it in ${delay / 1000} s (restart ${this.restarts.length} of ${maxRestarts} allowed within ${windowMs / 1000} s)`,
    );
    this.restartTimer = setTimeout(() => void this.restart(windowMs), delay);
  }

  private logLine(line: string): void {
    (this.policy?.log ?? ((l: string) => console.error(l)))(line);
  }

  private async restart(windowMs: number): Promise<void> {
    this.restartTimer = undefined;
    const readyUrl = this.policy?.readyUrl;
    // Someone started it again by hand meanwhile (the README runbook's command): a second copy
    // would only find its port taken, so the supervisor leaves it to them.
    if (this.state === 'restarting' && readyUrl && (await answers(readyUrl))) {
      this.state = 'exited';
      this.logLine(`${this.name} answers at ${readyUrl} again, started by something else: the supervisor leaves it alone`);
      return;
    }
    if (this.state !== 'restarting') return;
    const started = Date.now();
    this.spawnChild();
    if (readyUrl) {
      waitForHttp(readyUrl, this, windowMs).then(
        () => this.logLine(`${this.name} answers again (${((Date.now() - started) / 1000).toFixed(1)} s after the restart)`),
        () => {},
      );
    }
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    clearTimeout(this.restartTimer);
    const current = this.child;
    if (current.exitCode !== null || current.signalCode !== null) return;
    if (!killGroup(current.pid!, 'SIGTERM')) return;
    const timer = setTimeout(() => killGroup(current.pid!, 'SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Spawns a process in its own group so that stopping it also stops whatever it started. */
export function startService(name: string, command: string, args: string[], options: ServiceOptions): Service {
  return new SupervisedProcess(name, command, args, options);
}

/**
 * Resolves when `url` answers 2xx (any status with `anyStatus`). A supervised service that
 * crashes meanwhile is waited for through its restart; rejects when the service exited
 * unsupervised, the supervisor gave up on it or it was stopped, or after `timeoutMs`.
 */
export async function waitForHttp(url: string, service: Service, timeoutMs = 90_000, anyStatus = false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { child, state } = service;
    if (state === 'given up') throw new Error(`${service.name}: the supervisor gave up on it before it was ready`);
    if (state === 'stopped') throw new Error(`${service.name} was stopped before it was ready`);
    if (state === 'exited')
      throw new Error(`${service.name} exited with code ${child.exitCode} before it was ready`);
    if (child.exitCode === null && child.signalCode === null) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (response.ok || anyStatus) return;
      } catch {
        // not up yet
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${service.name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}
