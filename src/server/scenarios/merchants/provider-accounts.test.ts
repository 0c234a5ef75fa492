/**
 * A merchant's own provider keys through the control API (issue 19, "Configuration for real
 * accounts"): taken only when they fit the merchant's processor and mode, sealed at rest, shown back
 * without the secret, and a refused request changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.ts';
import { keysProblem, providerSecrets, setProviderAccount } from '../../engine/merchants/provider-accounts.ts';
import type { ProviderAccountKeys } from '../../domain/index.ts';

const STRIPE = { provider: 'stripe', secretKey: 'sk_test_OwnSecretKey000111', publishableKey: 'pk_test_OwnPublishable222', webhookSecret: 'whsec_OwnEndpoint333' };
const BRAINTREE = { provider: 'braintree', merchantId: 'shop_gateway', publicKey: 'pub4444', privateKey: 'PrivateKey5555', merchantAccounts: { usd: 'shop_usd' } };

async function control() {
  const t = await testApp();
  const call = async (method: string, path: string, body: unknown) => {
    const res = await t.json(method, path, body);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const stored = (id: string) => t.store.db.prepare('SELECT provider_account FROM merchants WHERE id = ?').pluck().get(id) as string | null;
  return { t, call, stored };
}

describe('a merchant’s own provider keys', () => {
  it('are taken with the merchant, shown back without the secret, and kept sealed', async () => {
    const { t, call, stored } = await control();
    const made = await call('POST', '/_sandbox/merchants', { processor: 'card_element', providerAccount: STRIPE });
    expect(made.status).toBe(201);
    expect(made.body.providerAccount).toEqual({
      provider: 'stripe',
      environment: 'production',
      publishableKey: STRIPE.publishableKey,
      secretLast4: '0111',
      webhookUrl: `http://localhost:4242/api/webhooks/stripe_${made.body.id}`,
      updatedAt: expect.any(String),
    });
    const shown = JSON.stringify(made.body);
    expect(shown).not.toContain(STRIPE.secretKey);
    expect(shown).not.toContain(STRIPE.webhookSecret);
    // At rest: the public half readable, the secret half sealed.
    const row = stored(made.body.id)!;
    expect(row).toContain(STRIPE.publishableKey);
    expect(row).not.toContain(STRIPE.secretKey);
    expect(row).not.toContain(STRIPE.webhookSecret);
    expect(JSON.parse(row).secretsSealed).toMatch(/^v2\./);
    // Nothing of them reaches the log.
    expect(t.logLines.join('\n')).not.toContain(STRIPE.secretKey);
  });

  it('are replaced and removed with PATCH; the merchant then pays through the platform’s account again', async () => {
    const { call, stored } = await control();
    const { body } = await call('POST', '/_sandbox/merchants', { processor: 'hosted_fields' });
    expect(body.providerAccount).toBeNull();
    const set = await call('PATCH', `/_sandbox/merchants/${body.id}`, { providerAccount: BRAINTREE });
    expect(set.status).toBe(200);
    expect(set.body.providerAccount).toMatchObject({ provider: 'braintree', merchantId: 'shop_gateway', publicKey: 'pub4444', merchantAccounts: { usd: 'shop_usd' }, secretLast4: '5555' });
    expect(JSON.stringify(set.body)).not.toContain(BRAINTREE.privateKey);
    const removed = await call('PATCH', `/_sandbox/merchants/${body.id}`, { providerAccount: null });
    expect(removed.body.providerAccount).toBeNull();
    expect(stored(body.id)).toBeNull();
  });

  it('refuses keys of another provider, of the other mode, or for a merchant with no provider, and makes or changes nothing', async () => {
    const { t, call, stored } = await control();
    const before = (await t.count('merchants'));
    const refused = [
      await call('POST', '/_sandbox/merchants', { processor: 'hosted_fields', providerAccount: STRIPE }),
      await call('POST', '/_sandbox/merchants', { providerAccount: STRIPE }),
      await call('POST', '/_sandbox/merchants', { processor: 'card_element', providerAccount: { ...STRIPE, secretKey: 'sk_live_OwnSecretKey000111' } }),
      await call('POST', '/_sandbox/merchants', { processor: 'card_element', environment: 'live', providerAccount: STRIPE }),
      await call('POST', '/_sandbox/merchants', { processor: 'card_element', providerAccount: { ...STRIPE, secretKey: 'pk_test_notASecret000' } }),
    ];
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(5).fill([400, 'validation_error']));
    expect(refused[0]!.body.error).toContain('pays through braintree, not stripe');
    expect(refused[2]!.body.error).toContain('takes Stripe test-mode keys');
    expect((await t.count('merchants'))).toBe(before);
    // A PATCH whose keys are refused leaves the settings it also sent unchanged.
    const { body } = await call('POST', '/_sandbox/merchants', { processor: 'card_element', settings: { displayName: 'Before' } });
    const patch = await call('PATCH', `/_sandbox/merchants/${body.id}`, { settings: { displayName: 'After' }, providerAccount: BRAINTREE });
    expect(patch.status).toBe(400);
    expect((await t.store.read.merchants.get(body.id))!.settings.displayName).toBe('Before');
    expect(stored(body.id)).toBeNull();
    // A live merchant takes live keys.
    const live = await call('POST', '/_sandbox/merchants', {
      processor: 'card_element',
      environment: 'live',
      settings: { onboarded: true },
      providerAccount: { ...STRIPE, secretKey: 'sk_live_OwnSecretKey000111', publishableKey: 'pk_live_OwnPublishable222' },
    });
    expect(live.status).toBe(201);
  });
});

describe('setting provider keys in the engine', () => {
  it('refuses an unknown merchant and keys it cannot use, changing nothing; opens only what it sealed', async () => {
    const { t, stored } = await control();
    await expect(setProviderAccount(t.deps, 'nobody', STRIPE as ProviderAccountKeys)).rejects.toMatchObject({ code: 'route_not_found' });
    const m = (await t.merchant({ processor: 'hosted_fields' })).merchant;
    await expect(setProviderAccount(t.deps, m.id, STRIPE as ProviderAccountKeys)).rejects.toMatchObject({ code: 'validation_error' });
    expect(stored(m.id)).toBeNull();
    expect(() => providerSecrets(t.deps, m)).toThrow(/no provider account/);
    const set = await setProviderAccount(t.deps, m.id, BRAINTREE as ProviderAccountKeys);
    expect(providerSecrets(t.deps, set)).toEqual({ privateKey: BRAINTREE.privateKey });
    expect(keysProblem(t.deps, { processor: 'sandbox', environment: 'sandbox' }, STRIPE as ProviderAccountKeys)).toMatch(/pays through no provider account/);
    expect(keysProblem(t.deps, { processor: 'card_element', environment: 'sandbox' }, STRIPE as ProviderAccountKeys)).toBeNull();
  });
});
