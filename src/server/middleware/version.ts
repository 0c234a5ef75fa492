/**
 * Doc 1, Versioning 1-3: one supported version; an omitted or unknown value falls back to it,
 * and every response names the version applied and the newest.
 */
import { createMiddleware } from 'hono/factory';

export const API_VERSION = '2026-04-14';

export const version = () =>
  createMiddleware(async (c, next) => {
    // Set before the handler for the same reason as X-Request-Id (request-id.ts).
    c.header('Svc-Pay-Version', API_VERSION);
    c.header('Svc-Pay-Latest-Version', API_VERSION);
    await next();
  });
