/**
 * Resolve hooks for the API bench's experiments (bench/api-variants.ts). Each experiment replaces
 * one import of the server's with a file here that wraps the real package:
 *
 * - `node-server-options`: `@hono/node-server`'s serve() gets the options in BENCH_NODE_SERVER_OPTIONS (JSON).
 * - `sqlite-sync-normal`: the store's `synchronous = FULL` becomes NORMAL (the cost of an fsync per commit).
 *
 * Two earlier experiments (Content-Length-first body limit, headers set before the handler)
 * measured a 1.7x create throughput and landed in src/server/middleware.
 *
 * The wrappers import the real package themselves, so imports from this folder are left alone.
 */
const experiments = new Set((process.env.BENCH_EXPERIMENT ?? '').split(',').filter(Boolean));
const swaps = {
  '@hono/node-server': experiments.has('node-server-options') ? new URL('./node-server.mjs', import.meta.url).href : null,
  'better-sqlite3': experiments.has('sqlite-sync-normal') ? new URL('./sqlite-sync-normal.mjs', import.meta.url).href : null,
};
const here = new URL('.', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const fromHere = (context.parentURL ?? '').startsWith(here);
  const swap = swaps[specifier];
  if (swap && !fromHere) return { url: swap, shortCircuit: true };
  return nextResolve(specifier, context);
}
