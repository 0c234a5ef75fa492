/**
 * A real server process for the tests that SIGKILL one (durability.test.ts,
 * engine/mirror/store-orders-kill.test.ts, scenarios/providers/money-path/sigkill.test.ts):
 * `src/start.ts` on a file database and the given ports, resolved once its ready file is written;
 * and the sandbox processor with the Stripe and Braintree stand-ins alone (`src/processor-start.ts`),
 * so what the provider holds outlives a killed service. The caller kills them; `children` keeps
 * every one started so an `afterAll` can kill what a failed test left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
export const children: ChildProcess[] = [];

/**
 * `ports`: the service's, the processor's, the Stripe stand-in's and the Braintree stand-in's.
 * `env`: more of its environment (`SVCPAY_PROCESSOR_URL` and the shared secret: a processor
 * started by `startProcessorProcess`).
 */
export async function startServerProcess(data: string, ready: string, ports: number[], env: Record<string, string> = {}) {
  const [port, processorPort, stripePort, braintreePort] = ports;
  const { child, ready: info } = await spawnReady('src/start.ts', ready, { SVCPAY_DATA: data, PORT: String(port), HOST: '127.0.0.1', PROCESSOR_PORT: String(processorPort), STRIPE_PORT: String(stripePort), BRAINTREE_PORT: String(braintreePort), SVCPAY_DEMO: 'off', ...env });
  return { child, base: `http://127.0.0.1:${port}`, ready: info as { secretKey: string } };
}

/** The processor and both stand-ins in a process of their own on `ports` (as startServerProcess), their records in `data`, their events sent to `serviceUrl`. */
export async function startProcessorProcess(data: string, ready: string, ports: number[], secret: string, serviceUrl: string) {
  const [, processorPort, stripePort, braintreePort] = ports;
  const env = { SVCPAY_PROCESSOR_DATA: data, SVCPAY_PROCESSOR_SECRET: secret, SVCPAY_SERVICE_URL: serviceUrl, PROCESSOR_PORT: String(processorPort), STRIPE_PORT: String(stripePort), BRAINTREE_PORT: String(braintreePort) };
  return (await spawnReady('src/processor-start.ts', ready, env)).child;
}

async function spawnReady(entry: string, ready: string, env: Record<string, string>) {
  rmSync(ready, { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, SVCPAY_READY_FILE: ready, SVCPAY_LOG: 'silent', SVCPAY_RATE_LIMITS: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  for (let i = 0; i < 300; i++) {
    try {
      return { child, ready: JSON.parse(readFileSync(ready, 'utf8')) as Record<string, string> };
    } catch {
      if (child.exitCode !== null) throw new Error(`${entry} exited: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${entry} did not start: ${stderr}`);
}
