/**
 * `hono/body-limit` that decides from the Content-Length header when there is one (hooks.mjs).
 * hono's own first reads `c.req.raw.body`, which makes @hono/node-server build a full undici
 * Request (with an AbortController and a web ReadableStream) for every request, GETs included,
 * and sends the later `c.req.json()` down the slow stream path instead of its buffered fast path.
 */
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

export function bodyLimit(options) {
  const streamed = honoBodyLimit(options);
  const tooLarge = options.onError ?? ((c) => c.text('Payload Too Large', 413));
  return async function bodyLimit(c, next) {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > options.maxSize ? tooLarge(c) : next();
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return streamed(c, next);
  };
}
