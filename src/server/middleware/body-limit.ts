/**
 * hono's bodyLimit, with the one thing a refusal needs on a real socket: `Connection: close`.
 *
 * A 413 goes out before the client has finished sending (with a Content-Length above the cap,
 * before any of the body is read), and the answer says the socket stays open. @hono/node-server
 * then tries to drain the rest of the body, but on this path the drain stalls and the socket is
 * dropped or left wedged: the client's next request on it fails with "socket hang up" or never
 * gets an answer (body-limit.test.ts). Draining ourselves would mean reading, on
 * purpose, the bytes the cap exists to refuse, for as long as the client cares to send them.
 * Closing is what RFC 9110 15.5.14 allows for a 413: the header tells the client not to reuse
 * the socket, and its next request opens a fresh one.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export function limitBody(maxSize: number, refuse: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const onError = (c: Context) => {
    c.header('Connection', 'close');
    return refuse(c);
  };
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    // With a Content-Length the decision needs no byte of the body (Node's parser holds the body
    // to exactly that length). hono's bodyLimit reads `c.req.raw.body` whatever the request,
    // which makes @hono/node-server build a full web Request per call: a third of the CPU of a
    // session create (bench/profile-api.ts). Only chunked bodies are counted as they stream.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > maxSize ? onError(c) : next();
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return streamed(c, next);
  };
}
