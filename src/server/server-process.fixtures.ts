/**
 * A real server process for the tests that SIGKILL one (durability.test.ts,
 * engine/mirror/store-orders-kill.test.ts): `src/start.ts` on a file database and the given ports,
 * resolved once its ready file is written. The caller kills it; `children` keeps every one started
 * so an `afterAll` can kill what a failed test left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
export const children: ChildProcess[] = [];

/** `ports`: the service's, the processor's, the Stripe stand-in's and the Braintree stand-in's. */
export async function startServerProcess(data: string, ready: string, ports: number[]) {
  const [port, processorPort, stripePort, braintreePort] = ports;
  rmSync(ready, { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
    cwd: root,
    env: { ...process.env, SVCPAY_DATA: data, SVCPAY_READY_FILE: ready, PORT: String(port), HOST: '127.0.0.1', PROCESSOR_PORT: String(processorPort), STRIPE_PORT: String(stripePort), BRAINTREE_PORT: String(braintreePort), SVCPAY_DEMO: 'off', SVCPAY_LOG: 'silent', SVCPAY_RATE_LIMITS: 'off' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  for (let i = 0; i < 300; i++) {
    try {
      return { child, base: `http://127.0.0.1:${port}`, ready: JSON.parse(readFileSync(ready, 'utf8')) as { secretKey: string } };
    } catch {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`server did not start: ${stderr}`);
}
