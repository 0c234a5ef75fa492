/** `@hono/node-server` with extra serve() options from BENCH_NODE_SERVER_OPTIONS (hooks.mjs). */
import { serve as realServe } from '@hono/node-server';

export * from '@hono/node-server';

const extra = JSON.parse(process.env.BENCH_NODE_SERVER_OPTIONS ?? '{}');

export function serve(options, listening) {
  return realServe({ ...options, ...extra }, listening);
}
