/** Free loopback ports, for starting servers in tests and in `svcpay/testing`. */
import { createServer } from 'node:net';

/** Ports the OS says are free now; all held open together so they differ. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<ReturnType<typeof createServer>>((done, fail) => {
      const s = createServer();
      s.once('error', fail);
      s.listen(0, '127.0.0.1', () => done(s));
    })),
  );
  const ports = servers.map((s) => {
    const address = s.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}
