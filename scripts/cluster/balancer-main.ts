/**
 * The balancer as a process of its own (compose.yaml): BALANCER_PORT (4242), BALANCER_HOST
 * (`localhost`: both loopback families; `0.0.0.0` in a container), BALANCER_UPSTREAMS (the
 * instances, comma-separated URLs).
 */
import { startBalancer } from './balancer.ts';

const upstreams = (process.env.BALANCER_UPSTREAMS ?? '').split(',').map((u) => u.trim()).filter(Boolean);
const port = Number(process.env.BALANCER_PORT ?? 4242);
if (!upstreams.length || !upstreams.every((u) => URL.canParse(u)) || !Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write('svcpay balancer: set BALANCER_UPSTREAMS to the instances (comma-separated URLs) and BALANCER_PORT to a port\n');
  process.exit(1);
}
const balancer = await startBalancer({ port, host: process.env.BALANCER_HOST ?? 'localhost', upstreams });
process.stdout.write(`svcpay balancer on ${balancer.url} → ${upstreams.join(', ')}\n`);
const stop = () => void balancer.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
