/**
 * The worked example of docs/contributing.md ("Adding a processor"): `echo`, a provider of the
 * tests' own, added through the registry alone (its entry and a list holding it). registry.test.ts
 * checks its entry in a registry; src/server/scenarios/providers/registry.test.ts reads every field
 * of it through the app (a payment, its webhook check, capabilities, CSP hosts, account keys).
 */
import { z } from 'zod';
import type { ChargeCard } from '../../api/checkout.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../platform/signature.ts';
import type { Merchant, SessionRecord } from '../domain/index.ts';
import { inboundJson } from './inbound.ts';
import { BROAD_SETTLEMENT, type ProviderEntry } from './provider-entry.ts';
import { ProcessorRejectedError, type Processor, type ProcessorTransaction } from './types.ts';

/** A provider that approves every card it is given, keeping its charges in memory. */
export class EchoAdapter implements Processor {
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
  readonly fencesLateCalls = { charge: false, refund: false };
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

/** Where echo's browser code would be: its production hosts, and its stand-in's origin. */
export const ECHO_HOSTS = { script: ['https://js.echo.example'], connect: ['https://api.echo.example'], frame: ['https://frames.echo.example'], img: [] };
export const ECHO_STAND_IN = 'http://127.0.0.1:4299';
/** A merchant's own keys at echo. */
export const ECHO_KEYS = { provider: 'echo', secretKey: 'echo_sk_own1234', webhookSecret: 'echo_whsec_own5678' };

/** Echo's entry: it serves the `sandbox` UI mode in place of the sandbox processor (listed after it). */
export function echoProvider(adapter = new EchoAdapter()): ProviderEntry & { adapter: EchoAdapter } {
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
    hosts: { production: ECHO_HOSTS, standInUrl: () => `${ECHO_STAND_IN}/echo.js` },
    account: {
      keys: z.strictObject({ provider: z.literal('echo'), secretKey: z.string().startsWith('echo_sk_'), webhookSecret: z.string() }),
      kept: (keys) => ({ shown: {}, secrets: { secretKey: String(keys.secretKey), webhookSecret: String(keys.webhookSecret) }, last4: String(keys.secretKey).slice(-4) }),
      // A merchant's own account at echo is echo's one adapter too: echo keeps every charge in memory.
      adapter: () => adapter,
    },
  };
}
