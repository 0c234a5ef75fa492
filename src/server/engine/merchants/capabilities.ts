/**
 * What each processor kind can do (Doc 1, Capability matrix), read by `GET /v1/capabilities` and
 * enforced here, in one place, before any write or provider call (issue 34): the row is the
 * provider's serving the kind (its registry entry, processors/registry.ts), with values a real
 * provider of the kind has; a merchant's own account narrows the currencies to the ones it settles
 * (a Braintree account's merchant accounts), and the merchant's settings fill in what is per account.
 */
import type { Capabilities } from '../../../api/capabilities.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Merchant } from '../../domain/index.ts';
import type { KindCapabilities } from '../../processors/provider-entry.ts';
import type { EngineDeps } from '../deps.ts';

/** Doc 1, Rate limits: `paymentOpsPerKey`, 300 per key per minute, shared by the payment routes. */
export const PAYMENT_OPS_PER_KEY_PER_MINUTE = 300;

type CapabilityDeps = Pick<EngineDeps, 'providers'>;
type CapabilityMerchant = Pick<Merchant, 'processor' | 'settings' | 'providerAccount'>;

/** The row a merchant's payments are held to; a merchant without a processor has none (Doc 3: `binder_unavailable`). */
function rowFor(deps: CapabilityDeps, merchant: Pick<Merchant, 'processor' | 'providerAccount'>): KindCapabilities {
  if (merchant.processor === 'none') throw new DomainError('binder_unavailable');
  const kind = deps.providers.capabilities(merchant.processor);
  const account = merchant.providerAccount;
  const entry = deps.providers.forKind(merchant.processor);
  const own = account && entry?.name === account.provider ? entry.account?.settlementCurrencies?.(account) : null;
  return own ? { ...kind, settlementCurrencies: own } : kind;
}

/** The matrix for a merchant. */
export function capabilitiesFor(deps: CapabilityDeps, merchant: CapabilityMerchant): Capabilities {
  const kind = rowFor(deps, merchant);
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

/**
 * What a payment asks of the merchant's provider, refused before anything is written or sent:
 * `capture_method: manual` needs `auth_capture_separation` (Doc 1: an operation the processor lacks
 * is 501 `endpoint_not_implemented`); a currency outside `settlement_currencies` is 422
 * `capability_not_supported` (Doc 2: a field the provider cannot take is refused before charge), so
 * a buyer never reaches a form that cannot pay and no sale lands in another currency's account;
 * `rule_tags` need a provider that matches them (the kind's forwarding row) or are 422 too.
 */
export function checkPaymentAsk(deps: CapabilityDeps, merchant: Pick<Merchant, 'processor' | 'providerAccount'>, ask: { currency?: string; captureMethod?: string; ruleTags?: Record<string, unknown> }) {
  const row = rowFor(deps, merchant);
  if (ask.ruleTags) checkRuleTags(deps, merchant, Object.keys(ask.ruleTags));
  if (ask.captureMethod === 'manual' && !row.operations.auth_capture_separation) {
    throw new DomainError('endpoint_not_implemented', "This merchant's payment provider does not authorize and capture separately: capture_method manual is not supported; use automatic.");
  }
  const currency = ask.currency?.toUpperCase();
  if (currency !== undefined && !row.settlementCurrencies.includes(currency)) {
    throw new DomainError(
      'capability_not_supported',
      `This merchant's payment provider account does not settle ${currency}; it settles ${row.settlementCurrencies.join(', ')} (GET /v1/capabilities, settlement_currencies). Nothing was created or charged.`,
      { currency },
    );
  }
}

/** Doc 2, rule_tags: "unsupported providers get 422 capability_not_supported before charge"; so is a key the provider cannot keep. */
function checkRuleTags(deps: CapabilityDeps, merchant: Pick<Merchant, 'processor'>, keys: string[]) {
  const forwarding = deps.providers.forwarding(merchant.processor);
  if (!forwarding.ruleTags) {
    throw new DomainError('capability_not_supported', "This merchant's payment provider has no rules that match tags: rule_tags is not supported; send the charge without it. Nothing was created or charged.", { field: 'rule_tags' });
  }
  const max = forwarding.ruleTagKeyMax;
  const long = max === undefined ? undefined : keys.find((k) => k.length > max);
  if (long !== undefined) {
    throw new DomainError('capability_not_supported', `This merchant's payment provider keeps rule tag keys of at most ${max} characters; a key of ${long.length} is not supported. Nothing was created or charged.`, { field: 'rule_tags' });
  }
}

/** Doc 2: `amount_to_capture` below the authorized amount needs `partial_capture`; a refund below the captured amount, `partial_refund`. */
export function checkPartial(deps: CapabilityDeps, merchant: Pick<Merchant, 'processor' | 'providerAccount'>, operation: 'partial_capture' | 'partial_refund') {
  if (rowFor(deps, merchant).operations[operation]) return;
  const field = operation === 'partial_capture' ? 'amount_to_capture below the authorized amount' : 'a refund amount below the captured amount';
  throw new DomainError('capability_not_supported', `This merchant's payment provider does not support ${operation.replace('_', ' ')}s: ${field} is refused; omit the amount for the full one. Nothing moved.`, { operation });
}
