/**
 * What each processor kind can do (Doc 1, Capability matrix), read by `GET /v1/capabilities`: the
 * row is the provider's serving the kind (its registry entry, processors/registry.ts), with values
 * a real provider of the kind has; the merchant's own settings fill in what is per account.
 */
import type { Capabilities } from '../../../api/capabilities.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Merchant } from '../../domain/index.ts';
import type { EngineDeps } from '../deps.ts';

/** Doc 1, Rate limits: `paymentOpsPerKey`, 300 per key per minute, shared by the payment routes. */
export const PAYMENT_OPS_PER_KEY_PER_MINUTE = 300;

/** The matrix for a merchant; a merchant without a processor has none (Doc 3: `binder_unavailable`). */
export function capabilitiesFor(deps: Pick<EngineDeps, 'providers'>, merchant: Pick<Merchant, 'processor' | 'settings'>): Capabilities {
  if (merchant.processor === 'none') throw new DomainError('binder_unavailable');
  const kind = deps.providers.capabilities(merchant.processor);
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
