/**
 * What each processor kind can do (Doc 1, Capability matrix): one table, read by
 * `GET /v1/capabilities`. Values are those a real provider of the kind has; the merchant's own
 * settings fill in what is per account.
 */
import type { Capabilities } from '../../../api/capabilities.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Merchant, ProcessorKind } from '../../domain/index.ts';

type Operations = Omit<Capabilities['supported_operations'], 'dispute_reporting' | 'void_after_capture'>;

interface KindCapabilities {
  operations: Operations;
  settlementCurrencies: readonly string[];
}

/** Doc 1, Rate limits: `paymentOpsPerKey`, 300 per key per minute, shared by the payment routes. */
export const PAYMENT_OPS_PER_KEY_PER_MINUTE = 300;

const BROAD_SETTLEMENT = ['AUD', 'CAD', 'CHF', 'DKK', 'EUR', 'GBP', 'HKD', 'JPY', 'NOK', 'NZD', 'SEK', 'SGD', 'USD'] as const;

const table: Record<Exclude<ProcessorKind, 'none'>, KindCapabilities> = {
  // Doc 3, The sandbox processor: manual capture (and async settlement), partial and repeated
  // refunds, saved cards for merchant-initiated charges, bank challenges. A refund needs a
  // parent (Doc 3 decisions: neither parent is a 400), so no unreferenced refunds; no network
  // tokens, bank debits or payouts are specified for it.
  sandbox: {
    operations: { auth_capture_separation: true, partial_capture: true, partial_refund: true, unreferenced_refund: false, mit: true, network_tokens: false, three_d_secure_2: true, ach: false, payouts_api: false },
    settlementCurrencies: BROAD_SETTLEMENT,
  },
  // A card-element provider (Stripe-like): separate capture with partial amounts, MIT, network
  // tokens, 3-D Secure 2, US bank debits and a payouts API; refunds always reference a charge.
  card_element: {
    operations: { auth_capture_separation: true, partial_capture: true, partial_refund: true, unreferenced_refund: false, mit: true, network_tokens: true, three_d_secure_2: true, ach: true, payouts_api: true },
    settlementCurrencies: BROAD_SETTLEMENT,
  },
  // A hosted-fields gateway (Braintree-like): authorize then submit for (partial) settlement,
  // vaulted MIT, network tokens, 3-D Secure 2 and US bank debits; no payouts API, and detached
  // credits are off on an ordinary account.
  hosted_fields: {
    operations: { auth_capture_separation: true, partial_capture: true, partial_refund: true, unreferenced_refund: false, mit: true, network_tokens: true, three_d_secure_2: true, ach: true, payouts_api: false },
    settlementCurrencies: BROAD_SETTLEMENT,
  },
  // The same gateway used vault-first: the card is stored before the charge, same operations.
  vault_hosted_fields: {
    operations: { auth_capture_separation: true, partial_capture: true, partial_refund: true, unreferenced_refund: false, mit: true, network_tokens: true, three_d_secure_2: true, ach: true, payouts_api: false },
    settlementCurrencies: BROAD_SETTLEMENT,
  },
  // An agent that charges through its own endpoint (`chargeEndpoint` at init): sale only, one
  // settlement currency; it reports 3-D Secure and accepts refunds of its own charges.
  agent_hosted_fields: {
    operations: { auth_capture_separation: false, partial_capture: false, partial_refund: true, unreferenced_refund: false, mit: false, network_tokens: false, three_d_secure_2: true, ach: false, payouts_api: false },
    settlementCurrencies: ['USD'],
  },
};

/** The matrix for a merchant; a merchant without a processor has none (Doc 3: `binder_unavailable`). */
export function capabilitiesFor(merchant: Pick<Merchant, 'processor' | 'settings'>): Capabilities {
  if (merchant.processor === 'none') throw new DomainError('binder_unavailable');
  const kind = table[merchant.processor];
  return {
    supported_operations: {
      ...kind.operations,
      // Doc 1, Capability matrix: every processor answers `not_supported`; refund instead.
      void_after_capture: 'not_supported',
      dispute_reporting: merchant.settings.disputeReporting,
    },
    settlement_currencies: [...kind.settlementCurrencies],
    rate_limits: { payment_intents_per_minute: PAYMENT_OPS_PER_KEY_PER_MINUTE },
  };
}
