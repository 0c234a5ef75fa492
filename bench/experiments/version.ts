/**
 * src/server/middleware/version.ts with its headers set before the handler (hooks.mjs,
 * `headers-before-next`). Set after, `c.header()` reaches into the finished Response's headers,
 * which makes @hono/node-server turn its lightweight Response into a full undici one and stream
 * the body out through web streams instead of writing the string it already has.
 */
import { createMiddleware } from 'hono/factory';

export { API_VERSION } from '../../src/server/middleware/version.ts';
import { API_VERSION } from '../../src/server/middleware/version.ts';

export const version = () =>
  createMiddleware(async (c, next) => {
    c.header('Svc-Pay-Version', API_VERSION);
    c.header('Svc-Pay-Latest-Version', API_VERSION);
    await next();
  });
