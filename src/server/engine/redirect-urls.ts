/**
 * Where the service may send a buyer's browser back to: the session's `successUrl` and
 * `cancelUrl` (Doc 1, POST /v1/sessions) and the intent's `return_url` (Doc 2). One host rule for
 * both: loopback names are for development, so live mode refuses them. A URL is kept as the WHATWG
 * parser's `href`, and one whose parsed origin is not the one it shows is refused (issue 32, finding
 * 10c): `https://shop.example.com\@evil.example/` goes to shop.example.com in a browser, to
 * evil.example in a reader that takes `\` for a plain character, and the merchant's redirectOrigins
 * check, a log or a person reading it each saw a different host.
 */
import { domainToASCII } from 'node:url';
import { DomainError } from '../domain/errors.ts';

/** Loopback names: `localhost` and its subdomains, 127.0.0.1 and [::1]. */
export const isLocalHost = (hostname: string) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost');

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether the string names, before its first `/`, `?` or `#` after `//`, exactly the host the
 * parser found: no user info, no backslash, no whitespace or control character (the parser drops
 * tabs and newlines and trims spaces), no percent-encoded or numeric-shorthand host. Only letter
 * case, an IDN's Unicode spelling and the scheme's default port may differ.
 */
function showsItsHost(raw: string, u: URL): boolean {
  if (/[\u0000-\u0020\u007f\\]/.test(raw) || u.username !== '' || u.password !== '') return false;
  const written = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw)?.[1];
  const parts = written === undefined ? null : /^(.*?)(?::(\d*))?$/.exec(written);
  if (!parts) return false;
  const name = /[^\x00-\x7f]/.test(parts[1]!) ? domainToASCII(parts[1]!) : parts[1]!.toLowerCase();
  const port = parts[2] === undefined || parts[2] === '' || parts[2] === DEFAULT_PORT[u.protocol] ? '' : `:${parts[2]}`;
  return `${name}${port}` === u.host;
}

/**
 * Doc 1: an http(s) URL; live mode needs HTTPS on a public host, localhost only in test mode
 * (else 400 `validation_url_scheme_forbidden`). `url` must already be an absolute URL. Answers the
 * URL to store (its `href`); 400 `validation_error` when the string does not show where it goes:
 * the URL is malformed for this field whatever the mode, not on a scheme or host the mode forbids.
 */
export function checkRedirectUrl(url: string, field: string, livemode: boolean): string;
export function checkRedirectUrl(url: string | undefined, field: string, livemode: boolean): string | undefined;
export function checkRedirectUrl(url: string | undefined, field: string, livemode: boolean) {
  if (url === undefined) return undefined;
  const u = new URL(url);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw new DomainError('validation_url_scheme_forbidden', `${field} must be an http(s) URL.`);
  }
  if (!showsItsHost(url, u)) {
    throw new DomainError('validation_error', `${field} must show the host it goes to: no user name or password, backslash, space, control character or encoded host (it reads as ${u.origin}).`);
  }
  if (livemode && (u.protocol !== 'https:' || isLocalHost(u.hostname))) {
    throw new DomainError('validation_url_scheme_forbidden', `${field} must use https on a public host in live mode.`);
  }
  return u.href;
}
