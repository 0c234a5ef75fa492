/**
 * The bad-input half of the Prism traffic (issue 35): every operation of the contract, read from
 * the /openapi.json the service serves, is called the ways a careless or hostile client calls it:
 * no key, a wrong key, the other kind of key, unknown ids, an empty body, an unknown field,
 * malformed JSON, a text body (415) and an oversized one (413). Each answer is validated by Prism
 * like any other; nothing here knows what the service should answer.
 */
import type { Driver } from './prism-driver.ts';

export interface Operation {
  method: string;
  /** The contract's path template, `/v1/sessions/{sessionId}`. */
  path: string;
  /** Which keys the operation takes: `secretKey`, `publishableKey`, or none. */
  keys: string[];
  /** A write (bad bodies are sent to every write: the service answers 413 and 415 there). */
  hasBody: boolean;
  /** The contract describes a request body. */
  takesBody: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operations(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const keys = [...new Set<string>((op.security ?? doc.security ?? []).flatMap((s: Record<string, unknown>) => Object.keys(s)))];
      out.push({ method: method.toUpperCase(), path, keys, hasBody: method !== 'get' || Boolean(op.requestBody), takesBody: Boolean(op.requestBody) });
    }
  }
  return out;
}

/** An id of the right shape that names nothing. */
function unknownId(path: string, param: string): string {
  if (param === 'sessionId') return 'vp_cs_test_0000000000000000';
  if (param === 'gatewayId') return 'sandbox';
  const table: [RegExp, string][] = [
    [/payment_intents/, 'vpi_test_0000000000000000'],
    [/wallet-domains/, 'vp_wd_test_0000000000000000'],
    [/webhook_subscriptions/, 'vp_whs_test_0000000000000000'],
    [/webhook_events/, 'vp_evt_test_0000000000000000'],
    [/tokens/, 'vp_pmt_test_0000000000000000'],
    [/buyers/, 'vp_buyer_test_0000000000000000'],
  ];
  return table.find(([re]) => re.test(path))?.[1] ?? 'unknown_0000';
}

export function fill(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? unknownId(path, name)));
}

export interface Keys {
  secret: string;
  publishable: string;
}

const WRONG: Keys = { secret: 'vp_sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', publishable: 'vp_pk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };

/** The key a valid call of the operation sends (the secret one when it takes either). */
export function keyFor(op: Operation, keys: Keys): string | undefined {
  if (op.keys.includes('secretKey')) return keys.secret;
  if (op.keys.includes('publishableKey')) return keys.publishable;
  return undefined;
}

/**
 * One Idempotency-Key per kind of key, spent on a telemetry post that succeeds: sent again to any
 * other route, it names another request (Document 1: `422 idempotency_replay_incompatible`).
 */
async function spentKeys(d: Driver, keys: Keys, origin: string): Promise<Record<string, string>> {
  const spent = { [keys.secret]: `prism-spent-sk-${process.pid}`, [keys.publishable]: `prism-spent-pk-${process.pid}` };
  const body = { event: 'prism_sweep', sdk: { name: 'prism', version: '1.0.0' } };
  await d.call('POST', '/v1/sdk-telemetry', { key: keys.secret, body, headers: { 'Idempotency-Key': spent[keys.secret]! }, label: 'sweep: spend a key' });
  await d.call('POST', '/v1/public/telemetry/browser', { key: keys.publishable, body, headers: { Origin: origin, 'Idempotency-Key': spent[keys.publishable]! }, label: 'sweep: spend a key' });
  return spent;
}

export async function sweep(d: Driver, ops: Operation[], keys: Keys, origin: string, resetLimits: () => Promise<void>): Promise<void> {
  const oversize = { pad: 'x'.repeat(1_200_000) };
  const spent = await spentKeys(d, keys, origin);
  for (const op of ops) {
    const path = fill(op.path);
    const key = keyFor(op, keys);
    const headers = { Origin: origin };
    const call = (label: string, opts: Parameters<Driver['call']>[2] = {}) =>
      d.call(op.method, path, { headers, ...opts, label: `sweep: ${label}` });
    if (key) {
      await call('no key');
      await call('wrong key', { key: key === keys.secret ? WRONG.secret : WRONG.publishable });
      if (op.keys.length === 1) await call('the other kind of key', { key: key === keys.secret ? keys.publishable : keys.secret });
      await call('a malformed bearer', { headers: { ...headers, Authorization: 'Basic Zm9vOmJhcg==' } });
    } else {
      await call('no Origin', { headers: {} });
    }
    await call('valid key, unknown ids, empty body', { key, body: op.takesBody ? {} : undefined });
    await call('an unknown API version', { key, body: op.takesBody ? {} : undefined, headers: { ...headers, 'Svc-Pay-Version': '1999-01-01' } });
    if (op.method !== 'GET' && key) await call('an Idempotency-Key of 300 characters', { key, body: op.takesBody ? {} : undefined, headers: { ...headers, 'Idempotency-Key': 'k'.repeat(300) } });
    if (op.method === 'POST' && key) {
      // The same Idempotency-Key five times at once: the later ones find the first still running.
      const same = { ...headers, 'Idempotency-Key': `prism-burst-${op.method}-${op.path}` };
      await Promise.all([1, 2, 3, 4, 5].map(() => call('the same Idempotency-Key five times at once', { key, body: op.takesBody ? {} : undefined, headers: same })));
      await call('an Idempotency-Key spent on another route', { key, body: op.takesBody ? {} : undefined, headers: { ...headers, 'Idempotency-Key': spent[key]! } });
    }
    await d.call(op.method, `${path}?zz_unknown=1&limit=abc`, { headers, key, body: op.takesBody ? {} : undefined, label: 'sweep: unknown query parameters' });
    if (op.hasBody) {
      await call('an unknown field', { key, body: { zz_unknown_field: 1 } });
      await call('malformed JSON', { key, body: '{"amount": ' });
      await call('a JSON array body', { key, body: '[1,2]' });
      await call('text/plain body', { key, body: 'hello', headers: { ...headers, 'Content-Type': 'text/plain' } });
      await call('oversized body', { key, body: oversize });
    }
    // Each operation starts with fresh rate-limit windows, so a refusal is the route's own answer.
    await resetLimits();
  }
}
