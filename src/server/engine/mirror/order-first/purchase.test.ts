/**
 * What one purchase is on an order-before-charge account (Document 2; issue 20): a session, or a
 * direct intent's basket without its prices. Two charges of one purchase share one store order;
 * two purchases never do.
 */
import { describe, expect, it } from 'vitest';
import type { MirrorSpec } from '../../../domain/mirror.ts';
import { purchaseIdOf } from './before-charge.ts';
import { MUG_SPEC } from './spec.fixtures.ts';

const SPEC: MirrorSpec = { ...MUG_SPEC, lines: [{ ...MUG_SPEC.lines[0]!, unitAmount: 1000 }], shipping: { amount: 500, label: 'Standard' }, customer: { email: 'ada@example.com', firstName: null, lastName: null } };
const id = (spec: Partial<MirrorSpec>, sessionId: string | null = null, merchant = 'm_1', livemode = false) => purchaseIdOf(merchant, livemode, { ...SPEC, ...spec }, sessionId);

describe('purchaseIdOf', () => {
  it('is the same for the same basket at other prices (a retry at the store’s prices attaches)', () => {
    expect(id({})).toMatch(/^ofp_[0-9a-f]{32}$/);
    expect(id({ lines: [{ ...SPEC.lines[0]!, unitAmount: 1200 }], shipping: { amount: 900, label: 'Standard' } })).toBe(id({}));
    expect(id({ customer: { email: 'ada@example.com', firstName: 'Ada', lastName: null } })).toBe(id({}));
  });

  it('differs with what is bought, for whom, where, with which codes and metadata, and by merchant and mode', () => {
    const line = SPEC.lines[0]!;
    const others = [
      id({ lines: [{ ...line, quantity: 2 }] }),
      id({ lines: [{ ...line, variantId: '8' }] }),
      id({ lines: [{ ...line, sku: 'MUG-1' }] }),
      id({ lines: [{ ...line, productRef: 'mug' }] }),
      id({ lines: [{ ...line, name: 'Cup' }] }),
      id({ lines: [line, line] }),
      id({ shipping: { amount: 500, label: 'Express' } }),
      id({ customer: { email: 'bob@example.com', firstName: null, lastName: null } }),
      id({ customer: null }),
      id({ coupon: { code: 'TEN', amount: null } }),
      id({ coupon: { code: 'FIVE', amount: null } }),
      id({ voucher: { code: 'SAVE5', amount: 500 } }),
      id({ voucher: { code: 'SAVE9', amount: 500 } }),
      id({ metadata: { cart: 'c-2' } }),
      id({ store: 'c.example.com' }),
      id({ platform: 'platform_a' }),
      id({}, null, 'm_2'),
      id({}, null, 'm_1', true),
    ];
    expect(new Set([id({}), ...others]).size).toBe(others.length + 1);
  });

  it('is the session, whatever its basket, for a charge that pays one', () => {
    expect(id({ lines: [{ ...SPEC.lines[0]!, quantity: 3 }] }, 'cs_1')).toBe(id({}, 'cs_1'));
    expect(id({}, 'cs_1')).not.toBe(id({}, 'cs_2'));
    expect(id({}, 'cs_1')).not.toBe(id({}));
  });
});
