/**
 * Resolve hooks for the API bench's experiments (bench/api-variants.ts). Each experiment replaces
 * one import of the server's with a file here that wraps the real package:
 *
 * - `node-server-options`: `@hono/node-server`'s serve() gets the options in BENCH_NODE_SERVER_OPTIONS (JSON).
 * - `body-limit-header`: `hono/body-limit` trusts Content-Length before touching `c.req.raw.body`.
 *
 * The wrappers import the real package themselves, so imports from this folder are left alone.
 */
const experiments = new Set((process.env.BENCH_EXPERIMENT ?? '').split(',').filter(Boolean));
const swaps = {
  '@hono/node-server': experiments.has('node-server-options') ? new URL('./node-server.mjs', import.meta.url).href : null,
  'hono/body-limit': experiments.has('body-limit-header') ? new URL('./body-limit.mjs', import.meta.url).href : null,
};
const here = new URL('.', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const swap = swaps[specifier];
  if (swap && !(context.parentURL ?? '').startsWith(here)) return { url: swap, shortCircuit: true };
  return nextResolve(specifier, context);
}
