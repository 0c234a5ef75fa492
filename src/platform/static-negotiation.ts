/**
 * The two request headers a static answer depends on: Accept-Encoding (RFC 9110 12.5.3) and
 * If-None-Match (RFC 9110 13.1.2). Pure functions, so the rules are tested without a server.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** q-value of each coding the header names; a malformed q counts as 0 (not acceptable). */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'q') continue;
      q = value !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    weights.set(name.toLowerCase(), q);
  }
  return weights;
}

/**
 * The encoding to send: of the ones we hold, the highest q above 0, brotli winning ties (it is
 * the smaller), then gzip. Identity wins only when the client ranks it strictly above both;
 * it is always the fallback. No header means identity: a client that says nothing may not decode.
 */
export function chooseEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  if (!header) return 'identity';
  const weights = parseAcceptEncoding(header);
  const star = weights.get('*');
  const q = (name: string) => weights.get(name) ?? star ?? 0;
  let best: Encoding = 'identity';
  let bestQ = 0;
  if (available.br && q('br') > bestQ) [best, bestQ] = ['br', q('br')];
  if (available.gzip && q('gzip') > bestQ) [best, bestQ] = ['gzip', q('gzip')];
  if (best !== 'identity' && weights.has('identity') && weights.get('identity')! > bestQ) return 'identity';
  return best;
}

/**
 * Whether If-None-Match names `etag` (or is `*`). Weak comparison, as RFC 9110 13.1.2 asks for
 * this header: a `W/` prefix on the client's copy does not stop the match.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const tags = header.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => tag.replace(/^W\//, '') === etag);
}
