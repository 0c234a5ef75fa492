import { describe, expect, it } from 'vitest';
import { WalletDomain, WalletDomainList } from '../../../api/wallet-domains.ts';
import { bearer, testApp } from '../../testing.ts';

const PATH = '/v1/wallet-domains';

async function world(processor?: 'none') {
  const t = await testApp();
  const { keys } = await t.merchant(processor ? { processor } : {});
  const auth = bearer(keys.secret);
  const post = (body: unknown, headers: Record<string, string> = {}) => t.json('POST', PATH, body, { ...auth, ...headers });
  const register = async (domain: string, wallet_type = 'apple_pay') => WalletDomain.parse(await (await post({ domain, wallet_type })).json());
  return { t, keys, auth, post, register };
}

/** A valid-looking name of exactly `n` characters: 63-character labels, then `.com`. */
function long(n: number): string {
  const labels: string[] = [];
  let left = n - 4;
  while (left > 64) {
    labels.push('a'.repeat(63));
    left -= 64;
  }
  return [...labels, 'b'.repeat(left), 'com'].join('.');
}

describe('POST /v1/wallet-domains: the domain rules (Doc 1: 422 wallet_domain_invalid)', () => {
  it.each([
    'https://shop.example.com',
    'shop.example.com/.well-known',
    'shop.example.com:8443',
    '203.0.113.9',
    '[2001:db8::1]',
    '2001:db8::1',
    long(254),
    `${'a'.repeat(64)}.example.com`,
    '-shop.example.com',
    'shop_1.example.com',
    'shop..example.com',
    'localhost',
    'bücher.de',
    '',
  ])('refuses %j', async (domain) => {
    const { t, post } = await world();
    const res = await post({ domain, wallet_type: 'apple_pay' });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('wallet_domain_invalid');
    expect(body.error).toMatch(/^domain/);
    expect((await t.count('wallet_domains'))).toBe(0);
  });

  it('refuses a wallet_type outside apple_pay and google_pay, or a non-string domain, with 422', async () => {
    const { post } = await world();
    for (const body of [{ domain: 'shop.example.com', wallet_type: 'samsung_pay' }, { domain: 42, wallet_type: 'apple_pay' }]) {
      const res = await post(body);
      expect([res.status, (await res.json()).code]).toEqual([422, 'wallet_domain_invalid']);
    }
  });

  it('answers a missing or unknown field with the general 400 codes', async () => {
    const { post } = await world();
    expect((await (await post({ wallet_type: 'apple_pay' })).json()).code).toBe('validation_missing_field');
    expect((await (await post({ domain: 'shop.example.com', wallet_type: 'apple_pay', url: 'x' })).json()).code).toBe('validation_unknown_field');
  });

  it('stores the name lowercase without a trailing dot, and 253 characters are enough', async () => {
    const { post } = await world();
    const res = await post({ domain: 'Shop.Example.COM.', wallet_type: 'google_pay' });
    expect(res.status).toBe(201);
    const w = WalletDomain.parse(await res.json());
    expect(w).toMatchObject({ domain: 'shop.example.com', wallet_type: 'google_pay', status: 'verified', livemode: false, last_verification_error: null });
    expect(long(253)).toHaveLength(253);
    expect((await post({ domain: long(253), wallet_type: 'apple_pay' })).status).toBe(201);
  });
});

describe('POST /v1/wallet-domains: duplicates, idempotency, preconditions', () => {
  it('answers 200 with the existing row when the domain and wallet are already registered', async () => {
    const { t, post } = await world();
    const first = await post({ domain: 'shop.example.com', wallet_type: 'apple_pay' });
    const again = await post({ domain: 'SHOP.example.com', wallet_type: 'apple_pay' });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(await again.json()).toEqual(await first.json());
    expect((await t.count('wallet_domains'))).toBe(1);
  });

  it('replays a request sent again with its Idempotency-Key, and refuses the key with another body', async () => {
    const { t, post } = await world();
    const key = { 'Idempotency-Key': 'register-shop-1' };
    const first = await post({ domain: 'shop.example.com', wallet_type: 'apple_pay' }, key);
    const replay = await post({ wallet_type: 'apple_pay', domain: 'shop.example.com' }, key);
    expect([first.status, replay.status]).toEqual([201, 200]);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
    const other = await post({ domain: 'other.example.com', wallet_type: 'apple_pay' }, key);
    expect([other.status, (await other.json()).code]).toEqual([422, 'idempotency_replay_incompatible']);
    expect((await t.count('wallet_domains'))).toBe(1);
  });

  it('is 409 wallet_domain_no_binder on an account without a payment provider', async () => {
    const { t, post } = await world('none');
    const res = await post({ domain: 'shop.example.com', wallet_type: 'google_pay' });
    expect([res.status, (await res.json()).code]).toEqual([409, 'wallet_domain_no_binder']);
    expect((await t.count('wallet_domains'))).toBe(0);
  });

  it('takes a secret key only', async () => {
    const { t, keys } = await world();
    const res = await t.json('POST', PATH, { domain: 'shop.example.com', wallet_type: 'apple_pay' }, bearer(keys.publishable));
    expect([res.status, (await res.json()).code]).toEqual([403, 'auth_key_type_forbidden']);
  });
});

describe('GET and DELETE', () => {
  it('lists newest first with a limit, reads one, removes it softly, and 404s it afterwards', async () => {
    const { t, auth, register } = await world();
    const a = await register('a.example.com');
    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 1 });
    const b = await register('b.example.com');
    const list = WalletDomainList.parse(await (await t.json('GET', `${PATH}?limit=1`, undefined, auth)).json());
    expect(list).toEqual({ data: [b], has_more: true });
    expect(await (await t.json('GET', `${PATH}/${a.id}`, undefined, auth)).json()).toEqual(a);

    const del = await t.json('DELETE', `${PATH}/${a.id}`, undefined, auth);
    expect([del.status, await del.json()]).toEqual([200, { id: a.id, deleted: true }]);
    expect((await t.count('wallet_domains'))).toBe(2);
    for (const [method, path] of [['GET', `${PATH}/${a.id}`], ['DELETE', `${PATH}/${a.id}`], ['POST', `${PATH}/${a.id}/verify`], ['GET', `${PATH}/${a.id}/file`]] as const) {
      const res = await t.json(method, path, undefined, auth);
      expect([res.status, (await res.json()).code], `${method} ${path}`).toEqual([404, 'wallet_domain_not_found']);
    }
    expect((await (await t.json('GET', PATH, undefined, auth)).json()).data).toEqual([b]);
  });

  it("answers 404 for another merchant's row", async () => {
    const { t, register } = await world();
    const mine = await register('a.example.com');
    const { keys } = await t.merchant();
    const res = await t.json('GET', `${PATH}/${mine.id}`, undefined, bearer(keys.secret));
    expect([res.status, (await res.json()).code]).toEqual([404, 'wallet_domain_not_found']);
  });

  it('refuses a limit outside 1 to 100', async () => {
    const { t, auth } = await world();
    for (const limit of ['0', '101', 'x']) expect((await t.json('GET', `${PATH}?limit=${limit}`, undefined, auth)).status).toBe(400);
  });
});

describe('POST /v1/wallet-domains/{id}/verify', () => {
  it('verifies, then refuses a re-run within 30 seconds of service clock with Retry-After', async () => {
    const { t, auth, register } = await world();
    const w = await register('shop.example.com');
    const verify = () => t.json('POST', `${PATH}/${w.id}/verify`, undefined, auth);
    const ok = await verify();
    expect([ok.status, (await ok.json()).status]).toEqual([200, 'verified']);

    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 20 });
    const limited = await verify();
    const body = await limited.json();
    expect([limited.status, body.code, limited.headers.get('retry-after'), body.retryAfterSeconds]).toEqual([429, 'wallet_domain_rate_limited', '10', 10]);
    expect(body.selfHeal.actions[0].retryAfterSeconds).toBe(10);

    await t.json('POST', '/_sandbox/clock', { advanceSeconds: 10 });
    expect((await verify()).status).toBe(200);
  });

  it('reports a failed verification with its reason', async () => {
    const { t, auth, register } = await world();
    const w = await register('pay.invalid');
    const res = await t.json('POST', `${PATH}/${w.id}/verify`, undefined, auth);
    const body = WalletDomain.parse(await res.json());
    expect(body.status).toBe('failed');
    expect(body.last_verification_error).toMatch(/\.invalid.*RFC 6761/);
  });
});

describe('GET /v1/wallet-domains/{id}/file', () => {
  it('serves the Apple Pay file as text/plain, and 404 wallet_domain_wrong_type for Google Pay', async () => {
    const { t, auth, register } = await world();
    const apple = await register('shop.example.com', 'apple_pay');
    const res = await t.json('GET', `${PATH}/${apple.id}/file`, undefined, auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^[0-9A-F]{64,}\n$/);
    expect(JSON.parse(Buffer.from(text.trim(), 'hex').toString('utf8'))).toMatchObject({ issuer: 'svcpay-sandbox', mode: 'test' });

    const google = await register('shop.example.com', 'google_pay');
    const wrong = await t.json('GET', `${PATH}/${google.id}/file`, undefined, auth);
    expect([wrong.status, (await wrong.json()).code]).toEqual([404, 'wallet_domain_wrong_type']);
  });
});
