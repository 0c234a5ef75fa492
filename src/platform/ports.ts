/** Free loopback ports, for starting servers in tests and in `svcpay/testing`. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * Where the ports come from: below the range the OS hands out for `listen(0)` and outgoing
 * connections (Linux: `ip_local_port_range`, 32768 up by default). A port picked here is bound
 * later, often by a child process a second or two on; an ephemeral port could be taken in between
 * by any `listen(0)` or connection on the machine (a parallel test's server, its webhook receiver),
 * and a port freed by a SIGKILL and bound again on restart likewise. Below that range only another
 * caller of this function can take it, and a random pick makes that unlikely.
 */
const LOWEST = 20_000;
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST + 1000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const bind = (port: number) =>
  new Promise<Server | null>((done) => {
    const s = createServer();
    s.once('error', () => done(null));
    s.listen(port, '127.0.0.1', () => done(s));
  });

/** Ports free now, outside the ephemeral range; all held open together so they differ. */
export async function freePorts(count: number): Promise<number[]> {
  const top = ephemeralStart();
  const held: Server[] = [];
  const ports: number[] = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries > 1000) throw new Error(`no ${count} free loopback ports between ${LOWEST} and ${top}`);
    const port = LOWEST + Math.floor(Math.random() * (top - LOWEST));
    if (ports.includes(port)) continue;
    const s = await bind(port);
    if (s) {
      held.push(s);
      ports.push(port);
    }
  }
  await Promise.all(held.map((s) => new Promise((done) => s.close(done))));
  return ports;
}
