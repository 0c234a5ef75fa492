/**
 * Where the service may send a buyer's browser back to: the session's `successUrl` and
 * `cancelUrl` (Doc 1, POST /v1/sessions) and the intent's `return_url` (Doc 2). One host rule for
 * both: loopback names are for development, so live mode refuses them.
 */
import { DomainError } from '../domain/errors.ts';

/** Loopback names: `localhost` and its subdomains, 127.0.0.1 and [::1]. */
export const isLocalHost = (hostname: string) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost');

/**
 * Doc 1: an http(s) URL; live mode needs HTTPS on a public host, localhost only in test mode
 * (else 400 `validation_url_scheme_forbidden`). `url` must already be an absolute URL.
 */
export function checkRedirectUrl(url: string | undefined, field: string, livemode: boolean) {
  if (url === undefined) return;
  const u = new URL(url);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw new DomainError('validation_url_scheme_forbidden', `${field} must be an http(s) URL.`);
  }
  if (livemode && (u.protocol !== 'https:' || isLocalHost(u.hostname))) {
    throw new DomainError('validation_url_scheme_forbidden', `${field} must use https on a public host in live mode.`);
  }
}
