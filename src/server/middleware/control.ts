/**
 * Guard for the sandbox control API (Doc 3, Sandbox control API). Those routes mint keys, move the
 * clock and rotate any merchant's keys, so only this machine's tests and tools may drive them, not
 * a web page the developer happens to visit:
 * - DNS rebinding points an attacker's name at 127.0.0.1; the browser then sends that name as
 *   `Host`, so only the service's own host and loopback names are served;
 * - a page on another origin sends its `Origin` (server-side callers send none);
 * - a cross-site form can only post form or text bodies, and a JSON `Content-Type` forces a CORS
 *   preflight this service never answers, so every write must declare JSON, even an empty one;
 * - the socket's peer must be this machine (a loopback address), whatever `Host` says: with
 *   `HOST=0.0.0.0` any client on the network could send `Host: localhost` (issue 18, finding 5);
 * - with `SVCPAY_CONTROL_TOKEN` set, every call must carry that token as a bearer, and then a
 *   caller on another machine (a test runner in another container) may drive it;
 * - the service's own webhook sender is a loopback caller too, when a merchant points a
 *   subscription at the service: a request with the sender's mark or a webhook signature is
 *   refused (issue 32, finding 1; the sender also refuses those targets, and each route's strict
 *   body refuses an event envelope).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import type { Config } from '../env.ts';
import { DomainError } from '../domain/errors.ts';
import { isJsonType } from './content-type.ts';
import { clientIp } from './rate-limit.ts';
import { isLoopbackAddress } from '../../platform/loopback.ts';
import { SIGNATURE_HEADER, WEBHOOK_MARK_HEADER } from '../../platform/signature.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a browser sends for a request a page on another site started. */
const CROSS_SITE = new Set(['cross-site', 'same-site']);

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');
// Hashing first gives both sides one length, so the comparison leaks neither content nor length.
const digest = (s: string) => createHash('sha256').update(s).digest();

/** The catalogue's fix for origin_forbidden speaks of checkout endpoints; the control API's callers need this one. */
const CONTROL_FIX = 'Call /_sandbox/ from this machine (localhost, 127.0.0.1 or [::1]) or the service host, from a test or script, not from a web page.';

export function controlGuard(config: Pick<Config, 'publicUrl' | 'controlToken'>) {
  const own = new URL(config.publicUrl);
  const ownPort = own.port || defaultPort(own.protocol);
  const token = config.controlToken === undefined ? undefined : digest(config.controlToken);

  const hostAllowed = (raw: string) => {
    const m = HOST.exec(raw.toLowerCase());
    if (!m) return false;
    const [, name, port] = m;
    return LOOPBACK.has(name!) || (name === own.hostname && (port ?? defaultPort(own.protocol)) === ownPort);
  };

  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.header(WEBHOOK_MARK_HEADER) !== undefined || c.req.header(SIGNATURE_HEADER) !== undefined) {
      throw new DomainError('origin_forbidden', 'The control API refuses webhook deliveries: this request carries a webhook’s mark or signature.', { fix: CONTROL_FIX });
    }
    if (!token && !isLoopbackAddress(clientIp(c))) {
      throw new DomainError('origin_forbidden', 'The control API answers only to callers on this machine, or to callers with SVCPAY_CONTROL_TOKEN.', { fix: CONTROL_FIX });
    }
    // Node's server builds the URL from `Host`; a request made in-process may only have the URL.
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!hostAllowed(host)) throw new DomainError('origin_forbidden', 'The control API answers only to this machine: the Host header names another host.', { fix: CONTROL_FIX });
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    if ((origin !== undefined && origin !== own.origin) || (site !== undefined && CROSS_SITE.has(site))) {
      throw new DomainError('origin_forbidden', 'The control API refuses browser calls from other origins: the Origin header is not the service’s own.', { fix: CONTROL_FIX });
    }
    if (token) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
      if (!match) throw new DomainError('auth_missing_bearer', 'The control API needs `Authorization: Bearer <SVCPAY_CONTROL_TOKEN>`.');
      if (!timingSafeEqual(digest(match[1]!), token)) throw new DomainError('auth_invalid_key', 'The control token is wrong.');
    }
    if (WRITES.has(c.req.method) && !isJsonType(c.req.header('content-type'))) {
      throw new DomainError('unsupported_media_type', 'Control API writes must send `Content-Type: application/json`, even without fields: send `{}`.');
    }
    await next();
  });
}
