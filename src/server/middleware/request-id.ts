/** `X-Request-Id` on every response (Doc 1, Global conventions), and one access-log line. */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import type { Logger } from '../log.ts';
import { newId } from '../ids.ts';

const INBOUND = /^[A-Za-z0-9_.-]{8,128}$/;

export const requestId = (log: Logger) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const inbound = c.req.header('x-request-id');
    const id = inbound && INBOUND.test(inbound) ? inbound : newId.requestId();
    c.set('requestId', id);
    // Before the handler, not after: a header added to a finished response makes
    // @hono/node-server rebuild it as a full web Response (bench/profile-api.ts measured it).
    c.header('X-Request-Id', id);
    const started = performance.now();
    await next();
    log.info(`${c.req.method} ${c.req.path} ${c.res.status}`, {
      requestId: id,
      ms: Math.round(performance.now() - started),
    });
  });
