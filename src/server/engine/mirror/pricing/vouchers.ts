/**
 * Store-priced vouchers (Document 2): a raw `mirror` block on an intent may name a voucher code the
 * store prices (on accounts with `settings.storeVouchers`; never on sessions, never on platform A).
 * Before the charge the store prices the basket with the code: a code it refuses, an amount that
 * differs from its own, or a store that cannot price now refuse the intent before money moves.
 * The price it gives is kept in the spec, and the lines less it must not come to more than the charge.
 */
import { DomainError } from '../../../domain/errors.ts';
import type { MirrorSpec } from '../../../domain/mirror.ts';
import type { EngineDeps } from '../../deps.ts';
import { checkItemised, itemisedOf } from '../raw-block.ts';

export async function priceVoucher(deps: Pick<EngineDeps, 'stores'>, spec: MirrorSpec, charge: { amount: number; currency: string }): Promise<MirrorSpec> {
  const voucher = spec.voucher;
  if (!voucher) return spec;
  const shipping = spec.shipping?.amount ?? 0;
  const q = await deps.stores[spec.platform].quote(spec.store, { currency: charge.currency, lines: spec.lines, shipping, voucherCode: voucher.code });
  switch (q.kind) {
    case 'priced':
      break;
    case 'voucher_refused':
      throw new DomainError('mirror_voucher_rejected', `${spec.store} does not honour the voucher ${voucher.code}.`);
    case 'unavailable':
      throw new DomainError('mirror_voucher_unverifiable', `${spec.store} could not price the voucher now (${q.message}); retry the same request shortly.`);
    case 'currency':
      throw new DomainError('mirror_currency_mismatch', `${spec.store} sells in ${q.storeCurrency}, not ${charge.currency}.`, { order_currency: q.storeCurrency.toLowerCase() });
    case 'refused':
      throw new DomainError('mirror_voucher_rejected', `${spec.store} could not price this basket with the voucher: ${q.message}`);
  }
  if (voucher.amount !== null && voucher.amount !== q.discount) {
    throw new DomainError('mirror_voucher_amount_mismatch', `The voucher ${voucher.code} takes ${q.discount} off at ${spec.store}, not ${voucher.amount}.`, { voucher_amount: q.discount });
  }
  checkItemised(itemisedOf(spec.lines, shipping, q.discount), charge.amount);
  return { ...spec, voucher: { code: voucher.code, amount: q.discount } };
}
