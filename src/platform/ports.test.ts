import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { freePorts } from './ports.ts';

const ephemeralStart = () => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
};

it('gives distinct free ports below the range the OS hands out to listen(0), so no other server on the machine takes one before it is bound', async () => {
  const ports = await freePorts(6);
  expect(new Set(ports).size).toBe(6);
  for (const port of ports) expect(port).toBeLessThan(ephemeralStart());
  // Each is free: it binds.
  for (const port of ports) {
    const s = createServer();
    await new Promise<void>((done, fail) => s.once('error', fail).listen(port, '127.0.0.1', done));
    await new Promise((done) => s.close(done));
  }
});

it('never gives a port that is in use', async () => {
  const taken = await Promise.all(Array.from({ length: 20 }, async () => {
    const s = createServer();
    const [port] = await freePorts(1);
    await new Promise<void>((done) => s.listen(port, '127.0.0.1', done));
    return { s, port: port! };
  }));
  const again = await freePorts(50);
  for (const { port } of taken) expect(again).not.toContain(port);
  await Promise.all(taken.map(({ s }) => new Promise((done) => s.close(done))));
});
