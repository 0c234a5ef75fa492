/**
 * Instances behind one load balancer (issue 21): the rate limits' per-IP buckets and the control
 * API's loopback check need the buyer's address, not the balancer's. With SVCPAY_TRUSTED_PROXIES
 * set, a request whose peer is one of them is counted for the client its X-Forwarded-For names
 * (src/platform/forwarded.ts); any other request, for its peer, whatever headers it sends.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { forwardedClient, trustedProxies } from '../../platform/forwarded.ts';
import { peerAddress } from './rate-limit.ts';

export function clientAddress(trusted: string[]) {
  const isTrusted = trustedProxies(trusted);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (trusted.length) c.set('clientIp', forwardedClient(peerAddress(c), c.req.header('x-forwarded-for'), isTrusted));
    await next();
  });
}
