/**
 * Resolve hooks for the API bench's experiments (bench/api-variants.ts). Each experiment replaces
 * one import of the server's with a file here that wraps the real package:
 *
 * - `node-server-options`: `@hono/node-server`'s serve() gets the options in BENCH_NODE_SERVER_OPTIONS (JSON).
 * - `body-limit-header`: `hono/body-limit` trusts Content-Length before touching `c.req.raw.body`.
 * - `sqlite-sync-normal`: the store's `synchronous = FULL` becomes NORMAL (the cost of an fsync per commit).
 * - `headers-before-next`: svcpay's version and request-id middleware set their headers before
 *   the handler runs instead of after, so the handler's Response is never rebuilt.
 *
 * The wrappers import the real package themselves, so imports from this folder are left alone.
 */
const experiments = new Set((process.env.BENCH_EXPERIMENT ?? '').split(',').filter(Boolean));
const swaps = {
  '@hono/node-server': experiments.has('node-server-options') ? new URL('./node-server.mjs', import.meta.url).href : null,
  'hono/body-limit': experiments.has('body-limit-header') ? new URL('./body-limit.mjs', import.meta.url).href : null,
  'better-sqlite3': experiments.has('sqlite-sync-normal') ? new URL('./sqlite-sync-normal.mjs', import.meta.url).href : null,
};
/** svcpay's own modules, matched on the resolved URL's ending. */
const ownSwaps = experiments.has('headers-before-next')
  ? {
      '/src/server/middleware/version.ts': new URL('./version.ts', import.meta.url).href,
      '/src/server/middleware/request-id.ts': new URL('./request-id.ts', import.meta.url).href,
    }
  : {};
const here = new URL('.', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const fromHere = (context.parentURL ?? '').startsWith(here);
  const swap = swaps[specifier];
  if (swap && !fromHere) return { url: swap, shortCircuit: true };
  const resolved = await nextResolve(specifier, context);
  const own = Object.entries(ownSwaps).find(([ending]) => resolved.url.endsWith(ending));
  return own && !fromHere ? { ...resolved, url: own[1] } : resolved;
}
