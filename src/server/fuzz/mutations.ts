/**
 * Ways a valid request goes wrong: its body (types, sizes, shapes, raw JSON a parser may take
 * differently) and its headers (keys of every wrong kind, lookalike origins, odd idempotency
 * keys, versions, hosts). Each is named so a failure says which one broke the rule.
 */
import fc from 'fast-check';

/** A body as sent: raw text (undefined for none) and what `Content-Type` says (null: no header). */
export interface RawBody {
  raw: string | undefined;
  contentType?: string | null;
}
export interface BodyMutation {
  name: string;
  apply(body: unknown): RawBody;
  /** No route with a body schema may accept this: its schemas are strict and its cap is 256 KB. */
  mustRefuse?: boolean;
}

type Path = (string | number)[];

function paths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  copy[head!] = setAt(copy[head!], rest, next);
  return copy;
}

const objectPaths = (v: unknown) => paths(v).filter((p) => p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], v) instanceof Object);
/** A bodyless route's valid body is `undefined`; its mutations start from an empty text. */
const text = (v: unknown): string => JSON.stringify(v) ?? '';
const json = (v: unknown): RawBody => ({ raw: JSON.stringify(v) });
const KB = 1024;

/** Values of the wrong type, or the right type out of range, for any field. */
const WRONG = [null, true, 0, -1, 1.5, -0, 2 ** 53 + 1, 100_000_000, '', ' ', 'NaN', 'Infinity', '-Infinity', '1e3', '0x10', ' 12 ', '١٢٣', [], {}, [null], { '': '' }];
/** Raw number tokens JSON.parse turns into values JSON.stringify cannot write. */
const RAW_NUMBERS = ['1e309', '-1e309', '1e-400', '123456789012345678901234567890', '-0', '0.0000001', '1E2'];

/** Mutations that take the valid body and a choice made by fast-check. */
export const bodyMutation: fc.Arbitrary<BodyMutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.constantFrom(...WRONG)).map(([i, w]) => ({
    name: `wrong type ${JSON.stringify(w)}`,
    apply: (b: unknown) => {
      const ps = paths(b);
      return json(setAt(b, ps[i % ps.length]!, w));
    },
  })),
  // Issue 37: text PostgreSQL's text type refuses (a NUL) or that is not Unicode (a lone surrogate), in a value or a key.
  fc.tuple(fc.nat(), fc.constantFrom('x\u0000y', '\u0000', '\ud800', 'a\udc00')).map(([i, bad]) => ({
    name: `string no store keeps ${JSON.stringify(bad)}`,
    apply: (b: unknown) => {
      const ps = paths(b).filter((p) => typeof p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], b) === 'string');
      return json(setAt(b, ps.length ? ps[i % ps.length]! : [], bad));
    },
  })),
  fc.tuple(fc.nat(), fc.constantFrom('k\u0000', '\ud800')).map(([i, bad]) => ({
    name: `key no store keeps ${JSON.stringify(bad)}`,
    apply: (b: unknown) => {
      const os = objectPaths(b).filter((p) => !Array.isArray(p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], b)));
      if (!os.length) return json(b);
      const at = os[i % os.length]!;
      return json(setAt(b, at, { ...(at.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], b) as object), [bad]: 'v' }));
    },
  })),
  fc.tuple(fc.nat(), fc.constantFrom(...RAW_NUMBERS)).map(([i, n]) => ({
    name: `raw number ${n}`,
    apply: (b: unknown) => {
      const ps = paths(b).filter((p) => p.length > 0);
      if (!ps.length) return { raw: n };
      return { raw: JSON.stringify(setAt(b, ps[i % ps.length]!, 'ZZnumZZ')).replace('"ZZnumZZ"', n) };
    },
  })),
  fc.nat().map((i) => ({
    name: 'huge string (100 KB)',
    apply: (b: unknown) => {
      const ps = paths(b);
      return json(setAt(b, ps[i % ps.length]!, 'x'.repeat(100 * KB)));
    },
  })),
  fc.tuple(fc.nat(), fc.constantFrom('extra', 'Amount', 'AMOUNT', '__proto__', 'constructor', 'prototype', 'toString', '', 'a.b')).map(([i, k]) => ({
    name: `unknown field ${k}`,
    // Built as raw text: `{ __proto__: x }` in an object literal would set the prototype, not a key.
    apply: (b: unknown) => {
      const os = objectPaths(b).filter((p) => {
        const o = p.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], b);
        return !Array.isArray(o);
      });
      if (!os.length) return json(b);
      const at = os[i % os.length]!;
      const withMarker = setAt(b, at, { ...(at.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], b) as object), ZZkeyZZ: 0 });
      return { raw: JSON.stringify(withMarker).replace('"ZZkeyZZ":0', `${JSON.stringify(k)}:{"polluted":true,"amount":1}`) };
    },
  })),
  fc.tuple(fc.nat(), fc.constantFrom(1000, 20_000)).map(([i, depth]) => ({
    name: `nested ${depth} levels`,
    apply: (b: unknown) => {
      const ps = paths(b);
      return { raw: JSON.stringify(setAt(b, ps[i % ps.length]!, 'ZZdeepZZ')).replace('"ZZdeepZZ"', '['.repeat(depth) + ']'.repeat(depth)) };
    },
  })),
  fc.constantFrom<unknown>(null, [], [{}], 'text', 0, true).map((root) => ({ name: `root ${JSON.stringify(root)}`, apply: () => json(root), mustRefuse: true })),
  fc.constantFrom('extra', '__proto__', 'constructor', 'Amount').map((k) => ({
    name: `unknown top-level field ${k}`,
    apply: (b: unknown) => {
      const rest = b && typeof b === 'object' && !Array.isArray(b) ? text(b).slice(1) : '}';
      return { raw: `{${JSON.stringify(k)}:1${rest === '}' ? '' : ','}${rest}` };
    },
    mustRefuse: true,
  })),
  fc.nat().map((i) => ({
    name: 'array where an object goes',
    apply: (b: unknown) => {
      const os = objectPaths(b);
      return json(setAt(b, os.length ? os[i % os.length]! : [], [b ?? {}]));
    },
  })),
  fc.constantFrom('number', 'cvc').map((field) => ({
    name: `card ${field} as a JSON number`,
    apply: (b: unknown) => {
      const raw = text(b);
      return { raw: raw.replace(new RegExp(`"${field}":"(\\d+)"`), `"${field}":$1`) };
    },
  })),
  fc.nat().map((i) => ({
    name: 'duplicate key',
    apply: (b: unknown) => {
      const raw = text(b);
      const keys = raw.match(/"[A-Za-z_]+":/g) ?? [];
      if (!keys.length) return { raw };
      const k = keys[i % keys.length]!;
      return { raw: raw.replace(k, `${k}"dup",${k}`).replace(/^\{/, `{${k}null,`) };
    },
  })),
  fc.constantFrom(
    (r: string) => r.slice(0, Math.max(1, r.length - 1)),
    (r: string) => r.replace(/\}$/, ',}'),
    (r: string) => r.replace(/"/g, "'"),
    (r: string) => `\uFEFF${r}`,
    (r: string) => `/* c */${r}`,
    (r: string) => `${r}${r}`,
    () => '',
    () => '   ',
    () => 'null',
    () => '"\\ud800"',
    () => '{"a":"\\u0000"}',
    () => 'amount=1&currency=usd',
  ).map((f) => ({ name: `malformed JSON ${String(f).slice(0, 40)}`, apply: (b: unknown) => ({ raw: f(text(b)) }) })),
  fc.constantFrom((r: string) => r.replace(/\}$/, ',}'), (r: string) => `/* c */${r}`, (r: string) => `${r}${r}`, () => 'amount=1&currency=usd', () => '{"a":').map((f) => ({
    name: `not JSON ${String(f).slice(0, 40)}`,
    apply: (b: unknown) => ({ raw: f(text(b) || '{}') }),
    mustRefuse: true,
  })),
  fc.constantFrom(5 * KB, 257 * KB, 300 * KB).map((size) => ({
    name: `body of ${size / KB} KB`,
    mustRefuse: size > 256 * KB,
    apply: (b: unknown) => {
      const raw = text(b);
      return { raw: raw.startsWith('{') && raw.length > 2 ? `{"pad":"${'p'.repeat(size)}",${raw.slice(1)}` : `{"pad":"${'p'.repeat(size)}"}` };
    },
  })),
  fc
    .constantFrom<string | null>(null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/json; charset=utf-16', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/json, text/plain', 'application/jsonx', '')
    .map((contentType) => ({ name: `Content-Type ${contentType}`, apply: (b: unknown) => ({ raw: text(b), contentType }) })),
);

/** Query strings the routes do not take, or take with values out of their enums. */
export const oddQuery = fc.constantFrom('?dry_run=yes', '?dry_run=true&dry_run=false', '?deep=TRUE', '?deep=1&deep=true', '?a=%ZZ', '?__proto__=1', `?q=${'x'.repeat(8000)}`, '?%00=%00', '?external_id=%00', '?email=a%00%40b.co', '?starting_after=%00', '?limit=%00');

/** How the headers of a request are varied: which key, which scheme, which extras. */
export type KeyCase = 'right' | 'none' | 'wrong-type' | 'live' | 'expired' | 'inactive' | 'no-processor' | 'other-merchant' | 'malformed' | 'too-long';
export const keyCase: fc.Arbitrary<KeyCase> = fc.constantFrom('right', 'none', 'wrong-type', 'live', 'expired', 'inactive', 'no-processor', 'other-merchant', 'malformed', 'too-long');
export const scheme: fc.Arbitrary<(key: string) => string> = fc.constantFrom(
  (k: string) => `Bearer ${k}`,
  (k: string) => `bearer ${k}`,
  (k: string) => `Bearer   ${k}  `,
  (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`,
  (k: string) => `Token ${k}`,
  (k: string) => k,
  (k: string) => `Bearer ${k} extra`,
  (k: string) => `Bearer ${k}, Bearer ${k}`,
  () => 'Bearer',
  () => '',
  (k: string) => `Bearer ${k}é`,
);

/** Extra headers, each alone: lookalike origins, idempotency keys, versions, hosts, injections. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constantFrom('http://localhost:4242.evil.test', 'http://localhost:42420', 'https://localhost:4242', 'http://LOCALHOST:4242', 'null', 'http://localhost:4242/', 'http://127.0.0.1:4242', 'http://localhost:4242, http://evil.test', '').map((o) => ({ Origin: o })),
  fc.constantFrom('', 'a'.repeat(255), 'a'.repeat(256), '\u0001\u007f', 'é', ' k ', 'k1', 'k2', '../../etc', '"quoted"').map((k) => ({ 'Idempotency-Key': k })),
  fc.constantFrom('garbage', '', '1999-01-01', '2026-04-14', '9999-99-99', 'x'.repeat(2000), '2026-04-14; DROP TABLE sessions').map((v) => ({ 'Svc-Pay-Version': v })),
  fc.constantFrom('evil.test', 'localhost:4242', 'localhost.evil.test', '127.0.0.1:1', '[::1]:4242', 'LOCALHOST', 'localhost:99999', 'a b').map((h) => ({ Host: h })),
  fc.constantFrom<Record<string, string>>(
    { 'X-Forwarded-For': '127.0.0.1' },
    { 'X-Forwarded-Host': 'evil.test' },
    { 'Idempotency-Key': 'k%0d%0aSet-Cookie:%20x=1' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { 'Content-Length': '0' },
    { 'Transfer-Encoding': 'chunked' },
    { Accept: 'text/html' },
    { 'Accept-Encoding': 'br, gzip' },
  ),
);
