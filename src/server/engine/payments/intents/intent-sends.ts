/**
 * What a payment intent's charge carries to the provider beyond the money (Doc 2; issue 34, "What
 * the spec says to send"), decided once from the merchant's kind's forwarding row
 * (processors/provider-entry.ts, `KindForwarding`): the statement descriptor resolved for this
 * intent, as the provider takes it; `rule_tags`; the charge's `first_name` / `last_name` (a combined
 * name is never split); the buyer's IP, never for a merchant-initiated charge. The create answer's
 * `resolved_descriptor` and `buyer_ip_address_forwarded` are read from the same result, so they say
 * what was sent.
 */
import type { CreatePaymentIntentBody } from '../../../../api/payment-intents.ts';
import type { ChargeExtras } from '../../../processors/charge-extras.ts';
import type { Merchant, PaymentIntentRecord } from '../../../domain/index.ts';
import type { EngineDeps } from '../../deps.ts';
import { resolveDescriptor, type ResolvedDescriptor } from '../../descriptors/descriptors.ts';

export interface IntentSends {
  extras: ChargeExtras;
  resolvedDescriptor: ResolvedDescriptor;
  /** Absent when no IP was sent; true only when it reaches the provider. */
  buyerIpForwarded: boolean | undefined;
}

export function intentSends(
  deps: Pick<EngineDeps, 'config' | 'providers'>,
  merchant: Pick<Merchant, 'processor' | 'settings'>,
  body: CreatePaymentIntentBody,
  intent: Pick<PaymentIntentRecord, 'id' | 'metadata'>,
): IntentSends {
  const row = deps.providers.forwarding(merchant.processor);
  const resolved = resolveDescriptor({
    settings: merchant.settings.descriptor,
    processor: merchant.processor,
    intentId: intent.id,
    metadata: intent.metadata,
    killSwitch: !deps.config.descriptorPassthrough,
  });
  const descriptor = resolved.kind === 'skipped' ? null : row.descriptor ? row.descriptor(resolved) : resolved;
  const resolvedDescriptor: ResolvedDescriptor = resolved.kind === 'skipped' ? resolved : (descriptor ?? { kind: 'skipped', reason: 'invalid_for_provider' });
  // Doc 2: no buyer is present at a merchant-initiated charge, so no buyer IP goes with it.
  const buyerIp = row.buyerIp && body.mit === undefined ? (body.buyer_ip_address ?? null) : null;
  const extras: ChargeExtras = {
    descriptor,
    // Validated by checkRequest (validateRuleTags): string values only.
    ruleTags: row.ruleTags ? ((body.rule_tags as Record<string, string> | undefined) ?? null) : null,
    firstName: row.names ? (body.first_name ?? body.buyer?.first_name ?? null) : null,
    lastName: row.names ? (body.last_name ?? body.buyer?.last_name ?? null) : null,
    buyerIp,
  };
  return { extras, resolvedDescriptor, buyerIpForwarded: body.buyer_ip_address === undefined ? undefined : buyerIp !== null };
}
