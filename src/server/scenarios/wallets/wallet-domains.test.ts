import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.ts';
import { testApp } from '../../testing.ts';
import type { NewMerchant } from '../../engine/merchants/merchants.ts';
import type { AuthContext, WalletDomainRecord } from '../../domain/index.ts';
import {
  associationFile,
  listWalletDomains,
  readWalletDomain,
  registerWalletDomain,
  removeWalletDomain,
  verifyWalletDomain,
} from '../../engine/wallets/wallet-domains.ts';

async function world(input: NewMerchant = {}) {
  const t = await testApp();
  const account = async (m: NewMerchant = {}): Promise<AuthContext> => {
    const { merchant } = await t.merchant(m);
    return { merchant, keyType: 'secret', livemode: merchant.environment === 'live', keyId: merchant.id };
  };
  const auth = await account(input);
  const deps = t.deps;
  const register = (domain: string, wallet_type: 'apple_pay' | 'google_pay' = 'apple_pay', who = auth) => registerWalletDomain(deps, who, { domain, wallet_type });
  return { t, deps, auth, account, register };
}

/** The DomainError code a promise rejects with. */
async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
  throw new Error('expected an DomainError, got a result');
}

describe('register', () => {
  it('verifies a Google Pay row at once and leaves an Apple Pay row pending until verify', async () => {
    const { register } = await world();
    const g = (await register('shop.example.com', 'google_pay')).record;
    expect(g).toMatchObject({ status: 'verified', lastVerificationError: null, walletType: 'google_pay' });
    expect(g.verifiedAt).toBe(g.createdAt);
    const a = (await register('shop.example.com', 'apple_pay')).record;
    expect(a).toMatchObject({ status: 'pending', verifiedAt: null, lastVerificationError: null, lastVerificationAt: null });
    expect(a.id).toMatch(/^vp_wd_test_[A-Za-z0-9]{24}$/);
  });

  it('fails verification of a name public DNS never resolves, saying why', async () => {
    const { register } = await world();
    for (const domain of ['shop.test', 'pay.example', 'x.invalid', 'app.localhost', 'printer.local', 'a.home.arpa']) {
      const w = (await register(domain, 'google_pay')).record;
      expect(w.status, domain).toBe('failed');
      expect(w.lastVerificationError, domain).toMatch(/public DNS never resolves \(RFC \d+\)/);
      expect(w.verifiedAt).toBeNull();
    }
    expect((await register('example.com', 'google_pay')).record.status).toBe('verified');
  });

  it('answers an existing registration of the same domain and wallet instead of a second row', async () => {
    const { t, register } = await world();
    const first = await register('shop.example.com');
    const again = await register('SHOP.Example.com.');
    expect(first.created).toBe(true);
    expect(again).toEqual({ record: first.record, created: false });
    expect((await register('shop.example.com', 'google_pay')).created).toBe(true);
    expect((await t.count('wallet_domains'))).toBe(2);
  });

  it('refuses a bad domain with wallet_domain_invalid and writes nothing', async () => {
    const { t, register } = await world();
    expect(await codeOf(register('https://shop.example.com'))).toBe('wallet_domain_invalid');
    expect(await codeOf(register('10.0.0.1'))).toBe('wallet_domain_invalid');
    expect((await t.count('wallet_domains'))).toBe(0);
  });

  it('needs a wallet-capable processor: 409 wallet_domain_no_binder for processor none', async () => {
    const { t, register } = await world({ processor: 'none' });
    expect(await codeOf(register('shop.example.com'))).toBe('wallet_domain_no_binder');
    expect((await t.count('wallet_domains'))).toBe(0);
  });
});

describe('remove (soft delete)', () => {
  it('keeps the row with removed_at, hides it from every read, and a second remove is 404', async () => {
    const { t, deps, auth, register } = await world();
    const { record } = await register('shop.example.com');
    await removeWalletDomain(deps, auth, record.id);
    const row = (await t.query('SELECT removed_at, status FROM wallet_domains WHERE id = ?', record.id))[0] as { removed_at: string; status: string };
    expect(Math.abs(Date.parse(row.removed_at) - deps.clock.nowMs())).toBeLessThan(5_000);
    expect(row.status).toBe('pending');
    expect(await codeOf(readWalletDomain(deps, auth, record.id))).toBe('wallet_domain_not_found');
    expect(await codeOf(removeWalletDomain(deps, auth, record.id))).toBe('wallet_domain_not_found');
    expect(await codeOf(verifyWalletDomain(deps, auth, record.id))).toBe('wallet_domain_not_found');
    expect(await codeOf(associationFile(deps, auth, record.id))).toBe('wallet_domain_not_found');
    expect((await listWalletDomains(deps, auth, {})).data).toEqual([]);
  });

  it('lets the domain be registered again, as a new row', async () => {
    const { t, deps, auth, register } = await world();
    const old = (await register('shop.example.com')).record;
    await removeWalletDomain(deps, auth, old.id);
    const fresh = await register('shop.example.com');
    expect(fresh.created).toBe(true);
    expect(fresh.record.id).not.toBe(old.id);
    expect((await t.count('wallet_domains'))).toBe(2);
  });
});

describe('scoping', () => {
  it("never shows another merchant's rows, or the other mode's rows of the same merchant", async () => {
    const { deps, auth, account, register } = await world();
    const other = await account();
    const theirs = (await register('their.example.com', 'apple_pay', other)).record;
    // A live row of the same merchant, written straight to the store: a test key must not reach it.
    const live: WalletDomainRecord = { ...theirs, id: 'vp_wd_live_sameMerchantLiveRow000000', merchantId: auth.merchant.id, livemode: true, domain: 'live.example.com' };
    await deps.store.tx((r) => r.walletDomains.insert(live));
    for (const id of [theirs.id, live.id]) {
      expect(await codeOf(readWalletDomain(deps, auth, id))).toBe('wallet_domain_not_found');
      expect(await codeOf(verifyWalletDomain(deps, auth, id))).toBe('wallet_domain_not_found');
      expect(await codeOf(associationFile(deps, auth, id))).toBe('wallet_domain_not_found');
      expect(await codeOf(removeWalletDomain(deps, auth, id))).toBe('wallet_domain_not_found');
      expect(await codeOf(listWalletDomains(deps, auth, { startingAfter: id }))).toBe('validation_error');
    }
    expect((await listWalletDomains(deps, auth, {})).data).toEqual([]);
    // Same domain in the other mode is no duplicate of this one.
    expect((await register('live.example.com')).created).toBe(true);
    expect((await readWalletDomain(deps, { ...auth, livemode: true }, live.id)).domain).toBe('live.example.com');
  });
});

describe('verify', () => {
  it('runs at most once per row per 30 seconds of service clock, counted from the last run', async () => {
    const { deps, auth, register } = await world();
    const { record } = await register('shop.example.com');
    const first = await verifyWalletDomain(deps, auth, record.id);
    expect(first).toMatchObject({ status: 'verified', lastVerificationError: null });
    let refused: unknown;
    await verifyWalletDomain(deps, auth, record.id).catch((e: unknown) => (refused = e));
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('wallet_domain_rate_limited');
    expect((refused as DomainError).extra.retryAfterSeconds).toBe(30);
    await deps.clock.advance(29);
    expect(await codeOf(verifyWalletDomain(deps, auth, record.id))).toBe('wallet_domain_rate_limited');
    await deps.clock.advance(1);
    const again = await verifyWalletDomain(deps, auth, record.id);
    expect(Date.parse(again.verifiedAt!) - Date.parse(first.verifiedAt!)).toBeGreaterThanOrEqual(30_000);
  });

  it("counts a Google Pay registration's own run, and keeps each row's window apart", async () => {
    const { deps, auth, register } = await world();
    const g = (await register('shop.example.com', 'google_pay')).record;
    const a = (await register('shop.example.com', 'apple_pay')).record;
    expect(await codeOf(verifyWalletDomain(deps, auth, g.id))).toBe('wallet_domain_rate_limited');
    expect((await verifyWalletDomain(deps, auth, a.id)).status).toBe('verified');
  });

  it('needs a wallet-capable processor at verify time too', async () => {
    const { deps, auth, register } = await world();
    const { record } = await register('shop.example.com');
    expect(await codeOf(verifyWalletDomain(deps, { ...auth, merchant: { ...auth.merchant, processor: 'none' } }, record.id))).toBe('wallet_domain_no_binder');
  });

  it('records a failed run with its reason', async () => {
    const { deps, auth, register } = await world();
    const { record } = await register('checkout.test');
    const w = await verifyWalletDomain(deps, auth, record.id);
    expect(w.status).toBe('failed');
    expect(w.lastVerificationError).toContain('https://checkout.test/.well-known/apple-developer-merchantid-domain-association');
    expect((await readWalletDomain(deps, auth, record.id)).status).toBe('failed');
  });
});

describe('list', () => {
  it('pages newest first with has_more and starting_after', async () => {
    const { deps, auth, register } = await world();
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      ids.push((await register(`s${n}.example.com`)).record.id);
      await deps.clock.advance(1);
    }
    const newest = [...ids].reverse();
    const p1 = await listWalletDomains(deps, auth, { limit: 2 });
    expect(p1.data.map((w) => w.id)).toEqual(newest.slice(0, 2));
    expect(p1.hasMore).toBe(true);
    const p2 = await listWalletDomains(deps, auth, { limit: 2, startingAfter: p1.data[1]!.id });
    expect(p2.data.map((w) => w.id)).toEqual(newest.slice(2, 4));
    const p3 = await listWalletDomains(deps, auth, { limit: 2, startingAfter: p2.data[1]!.id });
    expect(p3).toMatchObject({ hasMore: false });
    expect(p3.data.map((w) => w.id)).toEqual(newest.slice(4));
    expect((await listWalletDomains(deps, auth, {})).data).toHaveLength(5);
  });
});

describe('association file', () => {
  it('is fixed per merchant and mode, hex like the real file, and only for Apple Pay rows', async () => {
    const { deps, auth, account, register } = await world();
    const a1 = (await register('a.example.com')).record;
    const a2 = (await register('b.example.com')).record;
    const file = await associationFile(deps, auth, a1.id);
    expect(file).toMatch(/^[0-9A-F]+\n$/);
    expect(await associationFile(deps, auth, a2.id)).toBe(file);
    const other = await account();
    const theirs = (await register('a.example.com', 'apple_pay', other)).record;
    expect(await associationFile(deps, other, theirs.id)).not.toBe(file);
    const g = (await register('a.example.com', 'google_pay')).record;
    expect(await codeOf(associationFile(deps, auth, g.id))).toBe('wallet_domain_wrong_type');
  });
});
