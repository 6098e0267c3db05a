import { describe, expect, it } from 'vitest';
import { distinctPorts, freePort } from './stack.ts';

describe('free ports for the services a script starts', () => {
  it('never hands out one port twice, even when the kernel offers it again', async () => {
    const offered = [41000, 41000, 41001, 41000, 41002];
    const next = distinctPorts(async () => offered.shift() as number);
    expect([await next(), await next(), await next()]).toEqual([41000, 41001, 41002]);
  });

  it('says so when no new port comes', async () => {
    const next = distinctPorts(async () => 41000, 3);
    await next();
    await expect(next()).rejects.toThrow('no free port not handed out already after 3 tries');
  });

  it('gives a cluster’s worth of ports, each different', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(40);
  });
});
