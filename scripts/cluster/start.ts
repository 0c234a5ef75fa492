/**
 * `npm run start:cluster` (issue 21): PostgreSQL, the sandbox processor alone, two instances and a
 * balancer on the public address, on this machine (./cluster.ts). Ctrl-C stops everything and
 * removes the throwaway database.
 *
 * Ports: PORT (the balancer, 4242), PROCESSOR_PORT (4243), DEMO_PORT (4244), STRIPE_PORT (4245),
 * BRAINTREE_PORT (4246), SVCPAY_INSTANCE_PORTS (4250,4251: one per instance). SVCPAY_DATABASE_URL
 * uses that database instead of a throwaway one; SVCPAY_DEMO=off leaves the demo shop out.
 */
import { startSvcPayCluster } from './cluster.ts';

const port = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name}=${raw} is not a port`);
  return n;
};

async function main() {
  const instancePorts = (process.env.SVCPAY_INSTANCE_PORTS ?? '4250,4251').split(',').map((p, i) => {
    const n = Number(p.trim());
    if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`SVCPAY_INSTANCE_PORTS: entry ${i + 1} (${p}) is not a port`);
    return n;
  });
  process.stdout.write(`Starting PostgreSQL${process.env.SVCPAY_DATABASE_URL ? ' (given)' : ' (throwaway)'}, the sandbox processor and ${instancePorts.length} instances…\n`);
  const cluster = await startSvcPayCluster({
    databaseUrl: process.env.SVCPAY_DATABASE_URL,
    demo: process.env.SVCPAY_DEMO !== 'off',
    ports: { public: port('PORT', 4242), processor: port('PROCESSOR_PORT', 4243), demo: port('DEMO_PORT', 4244), stripe: port('STRIPE_PORT', 4245), braintree: port('BRAINTREE_PORT', 4246), instances: instancePorts },
  });
  const rows: [string, string][] = [
    ['service', `${cluster.serviceUrl} (balancer)`],
    ...cluster.instances.map((i): [string, string] => [i.name, `${i.url}  pid ${i.child.pid}  log ${i.logFile}`]),
    ['sandbox processor', `${cluster.processorUrl}  log ${cluster.processorLog}`],
    ['database', cluster.databaseUrl],
    ['demo shop', process.env.SVCPAY_DEMO === 'off' ? '(off)' : cluster.demoUrl],
    ['secret key', cluster.secretKey],
    ['publishable key', cluster.publishableKey],
    ['hosted checkout', cluster.checkoutUrl],
  ];
  process.stdout.write(['', 'svcpay cluster', ...rows.map(([k, v]) => `  ${k.padEnd(18)} ${v}`), '', 'Ctrl-C stops every process and removes the throwaway database.', ''].join('\n'));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // An instance that dies is said at once; the balancer sends its requests to the others.
  for (const i of cluster.instances) i.child.once('exit', (code, signal) => !stopping && process.stderr.write(`${i.name} exited (${signal ?? code}); the balancer sends to the others. Its log: ${i.logFile}\n`));
}

main().catch((err: unknown) => {
  process.stderr.write(`svcpay cluster failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
