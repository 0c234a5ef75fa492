/** src/server/middleware/request-id.ts with X-Request-Id set before the handler (see version.ts here). */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../src/server/context.ts';
import type { Logger } from '../../src/server/log.ts';
import { newId } from '../../src/server/ids.ts';

const INBOUND = /^[A-Za-z0-9_.-]{8,128}$/;

export const requestId = (log: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const inbound = c.req.header('x-request-id');
    const id = inbound && INBOUND.test(inbound) ? inbound : newId.requestId();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    const started = performance.now();
    await next();
    log.info(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status}`, {
      requestId: id,
      ms: Math.round(performance.now() - started),
    });
  });
