/**
 * A URL as an operator may read it: in a log line, a start banner or an error message. Every
 * secret it carries is masked: the userinfo password and every query parameter named like one
 * (`password`, `sslpassword`, `passfile`, `sslkey`, `token`, `secret`, `api_key`…; libpq and most
 * drivers take credentials there as well as in the userinfo). Issue 32, finding 8: a database URL
 * with `?password=` was printed whole on a failed start.
 */
const SECRET_NAME = /pass|secret|token|key|auth|credential|signature/i;
const MASK = '***';

/** The URL with its secrets masked; `(not a URL)` for what does not parse, which may be a secret itself. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '(not a URL)';
  }
  if (u.password) u.password = MASK;
  for (const name of new Set(u.searchParams.keys())) {
    if (SECRET_NAME.test(name)) u.searchParams.set(name, MASK);
  }
  return u.toString();
}

/**
 * `text` (a driver's error message, say) with `url` and each of its secrets masked where they
 * appear, as given or percent-decoded. Secrets under 4 characters are left: masking every `x` of
 * a message would make it unreadable, and such a value protects nothing.
 */
export function redactUrlSecrets(text: string, url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return text.split(url).join('(not a URL)');
  }
  const secrets = [u.password, ...[...u.searchParams].filter(([name]) => SECRET_NAME.test(name)).map(([, value]) => value)];
  let out = text.split(url).join(redactUrl(url));
  for (const secret of new Set(secrets.flatMap((s) => [s, safeDecode(s)]))) {
    if (secret.length >= 4) out = out.split(secret).join(MASK);
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
