/**
 * `return_url` on `POST /v1/payment_intents` (Doc 2): where the bank challenge sends the buyer
 * back. "Absolute HTTPS (localhost accepted for development)": https anywhere in test mode, http
 * only on a loopback host (any port) and only in test mode, https on a public host in live mode.
 * Built on the session redirect rule (Doc 1, `successUrl`), which it tightens: a session's test-mode
 * `successUrl` may be http on any host, a `return_url` may not.
 */
import { DomainError } from '../../../domain/errors.ts';
import { checkRedirectUrl, isLocalHost } from '../../redirect-urls.ts';

/** As for `successUrl` (src/api/sessions.ts). */
export const RETURN_URL_MAX = 2048;

const FIELD = 'return_url';

/** The URL to store (its `href`); throws 400 `validation_error` (not an absolute URL, or not showing its host) or `validation_url_scheme_forbidden`. */
export function checkReturnUrl(url: string, livemode: boolean): string {
  if (url.length > RETURN_URL_MAX) throw new DomainError('validation_error', `${FIELD} is ${url.length} characters; at most ${RETURN_URL_MAX}.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError('validation_error', `${FIELD} must be an absolute URL such as https://shop.example.com/return.`);
  }
  // Doc 1's rule first: http(s) only, showing its host (no user name or password, which would also
  // travel to the bank's page and back in the buyer's browser); live mode https on a public host.
  const href = checkRedirectUrl(url, FIELD, livemode);
  if (parsed.protocol === 'http:' && !isLocalHost(parsed.hostname)) {
    throw new DomainError('validation_url_scheme_forbidden', `${FIELD} must use https; http is accepted only for localhost in test mode.`);
  }
  return href;
}
