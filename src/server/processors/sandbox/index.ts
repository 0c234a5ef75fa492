/**
 * The sandbox processor's entry in the provider registry: the `sandbox` UI mode, whose card fields
 * are the processor's own page on its origin (no provider hosts, no merchant keys).
 */
import { SIGNATURE_HEADER, verifySignature } from '../../../platform/signature.ts';
import { inboundJson } from '../inbound.ts';
import { BROAD_SETTLEMENT, type ProviderEntry } from '../provider-entry.ts';
import { parseProviderEvent, SandboxProcessorAdapter } from './adapter.ts';

export const sandboxProvider: ProviderEntry = {
  name: 'sandbox',
  kinds: ['sandbox'],
  platform: ({ config, secrets, transport }) => ({
    sandbox: new SandboxProcessorAdapter({ baseUrl: config.processorUrl, secret: secrets.apiSecret, fetch: transport, timeoutMs: config.processorTimeoutMs }),
  }),
  // `x-svc-signature` (Doc 3: `t=…,v1=…` HMAC-SHA256 of `t.body`, 300 s).
  inbound: {
    async verify(raw, ctx) {
      const header = ctx.header(SIGNATURE_HEADER);
      if (!header) return 'missing';
      return ctx.secret && verifySignature(header, [ctx.secret], raw, ctx.nowSeconds) ? inboundJson(raw) : 'invalid';
    },
    parse: parseProviderEvent,
  },
  capabilities: {
    // Doc 3, The sandbox processor: manual capture (and async settlement), partial and repeated
    // refunds, saved cards for merchant-initiated charges, bank challenges. A refund needs a
    // parent (Doc 3 decisions: neither parent is a 400), so no unreferenced refunds; no network
    // tokens, bank debits or payouts are specified for it.
    sandbox: {
      operations: { auth_capture_separation: true, partial_capture: true, partial_refund: true, unreferenced_refund: false, mit: true, network_tokens: false, three_d_secure_2: true, ach: false, payouts_api: false },
      settlementCurrencies: BROAD_SETTLEMENT,
    },
  },
  // It takes and records everything a charge may carry (its transaction's `sent`).
  forwards: { sandbox: { ruleTags: true, names: true, buyerIp: true } },
};
