/**
 * The hosted checkout's address space (Doc 3: `checkoutUrl` = `{public url}/pay/{sessionId}`):
 * the page itself is pages/index.ts's `GET /pay/{sessionId}`. Any other request under `/pay` (no
 * id, a trailing slash or a further segment, another method: a merchant who built the address
 * instead of using `checkoutUrl`, or posts a form to it) reached a checkout address that serves no
 * checkout: Doc 1's 404 `checkout_address_not_found`, not the generic `route_not_found`. Mounted
 * after the page routes, so the page's own route always wins.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';

export function checkoutAddressRoutes() {
  const r = new Hono<AppEnv>();
  // The path is not echoed: it is whatever the caller built.
  const refuse = (): never => {
    throw new DomainError('checkout_address_not_found', "This address serves no checkout: a checkout is served at GET /pay/{sessionId}, the session's checkoutUrl exactly as returned.");
  };
  r.all('/pay', refuse);
  r.all('/pay/*', refuse);
  return r;
}
