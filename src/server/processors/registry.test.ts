/**
 * The provider registry, and the worked example of docs/contributing.md ("Adding a processor"): a
 * provider of the test's own, `echo`, added through the registry alone (its entry and a list
 * holding it), pays a session end to end through the app.
 */
import { describe, expect, it } from 'vitest';
import { initTypes } from '../../vocab/processors.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../platform/signature.ts';
import { bearer, SERVICE, testApp } from '../testing.ts';
import { futureExpiry } from '../../card/test-cards.ts';
import type { Merchant, SessionRecord } from '../domain/index.ts';
import type { ChargeCard } from '../../api/checkout.ts';
import { inboundJson } from './inbound.ts';
import { BROAD_SETTLEMENT, type ProviderEntry } from './provider-entry.ts';
import { PROVIDERS, providerRegistry, providers } from './registry.ts';
import { ProcessorRejectedError, type Processor, type ProcessorTransaction } from './types.ts';

/** A provider that approves every card it is given, keeping its charges in memory. */
class EchoAdapter implements Processor {
  readonly charges = new Map<string, ProcessorTransaction>();

  async charge(merchant: Merchant, session: SessionRecord, card: ChargeCard, opts: { reference?: string } = {}): Promise<ProcessorTransaction> {
    const t: ProcessorTransaction = {
      id: `echo_${this.charges.size + 1}`,
      status: 'approved',
      declineCode: null,
      amount: session.amount,
      currency: session.currency,
      sessionId: session.id,
      merchantId: merchant.id,
      card: { brand: 'visa', last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear },
      avsResult: null,
      cvvResult: null,
      reference: opts.reference ?? null,
      capture: session.captureMethod === 'manual' ? 'none' : 'settled',
      capturedAmount: session.captureMethod === 'manual' ? 0 : session.amount,
      settlesAt: null,
    };
    this.charges.set(t.id, t);
    return t;
  }
  async verifyTransaction(_m: Merchant, id: string) {
    return this.charges.get(id) ?? null;
  }
  async lookup(_m: Merchant, reference: string) {
    return [...this.charges.values()].find((t) => t.reference === reference) ?? null;
  }
  async cancelChallenge(m: Merchant, id: string) {
    const t = await this.verifyTransaction(m, id);
    if (!t) throw new ProcessorRejectedError('not_found', 'Echo does not know this payment.');
    return t;
  }
  googlePayGateway(merchant: Merchant) {
    return { gateway: 'echo', gatewayMerchantId: merchant.id };
  }
  async runDue() {
    return 0;
  }
  // Nothing to revoke or fence: echo makes no browser forms and answers every call.
  async revokeClientToken() {}
  async fence() {}
  // Echo takes cards through svcpay's own fields only (charge at submit).
  readonly #refuse = async (): Promise<never> => {
    throw new ProcessorRejectedError('unsupported', 'Echo takes cards through svcpay’s own fields only.');
  };
  clientInit = this.#refuse;
  chargeWallet = this.#refuse;
  appleMerchantSession = this.#refuse;
  vault = this.#refuse;
  chargeVaulted = this.#refuse;
  capture = this.#refuse;
  void = this.#refuse;
  refund = this.#refuse;
  refundLookup = this.#refuse;
}

/** Echo's entry: it serves the `sandbox` UI mode in place of the sandbox processor (listed after it). */
function echoProvider(adapter = new EchoAdapter()): ProviderEntry & { adapter: EchoAdapter } {
  return {
    adapter,
    name: 'echo',
    kinds: ['sandbox'],
    platform: () => ({ sandbox: adapter }),
    // Its events are signed like the sandbox processor's; each names one of its charges.
    inbound: {
      async verify(raw, ctx) {
        const header = ctx.header(SIGNATURE_HEADER);
        if (!header) return 'missing';
        return ctx.secret && verifySignature(header, [ctx.secret], raw, ctx.nowSeconds) ? inboundJson(raw) : 'invalid';
      },
      parse(json) {
        const e = json as { id?: string; charge?: string };
        const t = e.charge ? adapter.charges.get(e.charge) : undefined;
        return e.id && t ? { id: e.id, type: 'transaction.updated', transaction: t } : null;
      },
    },
    capabilities: {
      sandbox: {
        operations: { auth_capture_separation: false, partial_capture: false, partial_refund: false, unreferenced_refund: false, mit: false, network_tokens: false, three_d_secure_2: false, ach: false, payouts_api: false },
        settlementCurrencies: BROAD_SETTLEMENT,
      },
    },
  };
}

describe('the provider registry', () => {
  it('serves every UI mode of the vocabulary by exactly one provider, each named once', () => {
    const served = PROVIDERS.flatMap((p) => p.kinds);
    expect([...served].sort()).toEqual([...initTypes].sort());
    expect(new Set(PROVIDERS.map((p) => p.name)).size).toBe(PROVIDERS.length);
    for (const kind of initTypes) expect(providers.capabilities(kind)).toBe(providers.forKind(kind)!.capabilities[kind]);
  });

  it('names a provider’s gateway, and a merchant’s own account’s only for a provider that takes keys', () => {
    const id = '0b5e5a1c-2f7d-4a43-9a43-5c7f9f1e2b3a';
    expect(providers.inbound('stripe')).toMatchObject({ provider: { name: 'stripe' }, owner: null });
    expect(providers.inbound(`braintree_${id}`)).toMatchObject({ provider: { name: 'braintree' }, owner: id });
    expect(providers.inbound(`sandbox_${id}`)).toBeNull();
    expect(providers.inbound('paypal')).toBeNull();
  });

  it('lets a list add a provider that takes a UI mode over, with its gateway and capabilities', () => {
    const echo = echoProvider();
    const withEcho = providerRegistry([...PROVIDERS, echo]);
    expect(withEcho.forKind('sandbox')).toBe(echo);
    expect(withEcho.forKind('card_element')!.name).toBe('stripe');
    expect(withEcho.inbound('echo')!.gateway).toBe(echo.inbound);
    expect(withEcho.capabilities('sandbox').operations.mit).toBe(false);
    expect(providers.capabilities('sandbox').operations.mit).toBe(true);
  });

  it('pays a session through a provider added by the registry alone, end to end through the app', async () => {
    const echo = echoProvider();
    const t = await testApp({}, { providers: [...PROVIDERS, echo] });
    expect(t.processor).toBe(echo.adapter);
    const m = await t.merchant();
    const made = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true }, bearer(m.keys.secret));
    const session = (await made.json()) as { id: string };
    const { month, year } = futureExpiry();
    const card = { number: '4000000000000002', expMonth: month, expYear: year, cvc: '123' };
    const paid = await t.json('POST', `/v1/public/sessions/${session.id}/charge`, { card }, { ...bearer(m.keys.publishable), Origin: SERVICE });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', sessionId: session.id });
    // A card the sandbox declines (4000…0002) is approved by echo: the charge went to echo alone.
    expect([...echo.adapter.charges.values()]).toEqual([expect.objectContaining({ amount: 2500, sessionId: session.id, card: expect.objectContaining({ last4: '0002' }) })]);
    const read = await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json();
    expect(read).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });
});
