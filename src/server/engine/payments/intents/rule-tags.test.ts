import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/errors.ts';
import { validateRuleTags } from './rule-tags.ts';

/** The DomainError a call throws, or a failure when it does not throw one. */
function refusal(tags: unknown): DomainError {
  try {
    validateRuleTags(tags);
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(tags)}`);
}

describe('validateRuleTags (Doc 2, rule_tags)', () => {
  it('returns the tags to forward when every rule holds, limits included', () => {
    const tags = { segment: 'vip', tier: '3', ['k'.repeat(64)]: 'v'.repeat(80), 'campaign-id': 'HighValueCustomer2024Tier1', order: 'ORD-2024-000123' };
    expect(validateRuleTags(tags)).toEqual(tags);
    expect(validateRuleTags({})).toEqual({});
  });

  it.each([null, 'vip', 42, ['vip'], true])('refuses %j: not an object', (tags) => {
    const e = refusal(tags);
    expect(e.code).toBe('validation_error');
    expect(e.message).toMatch(/rule_tags must be an object/);
  });

  it('refuses more than 5 keys', () => {
    expect(refusal({ a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' }).message).toMatch(/6 keys; at most 5/);
  });

  it('refuses an empty key, a key over 64 characters, an empty value and a value over 80, naming the key', () => {
    expect(refusal({ '': 'x' }).message).toMatch(/must not be empty/);
    expect(refusal({ ['k'.repeat(65)]: 'x' }).message).toMatch(/65 characters; at most 64/);
    expect(refusal({ segment: '' }).message).toMatch(/^rule_tags\.segment must not be empty/);
    expect(refusal({ segment: '   ' }).message).toMatch(/^rule_tags\.segment must not be empty/);
    expect(refusal({ segment: 'v'.repeat(81) }).message).toMatch(/^rule_tags\.segment is 81 characters; at most 80/);
  });

  it('refuses a JSON number and says to send it as a numeric string', () => {
    const e = refusal({ tier: 3 });
    expect(e.code).toBe('validation_error');
    expect(e.message).toBe('rule_tags.tier is a number; send numbers as numeric strings (for example "42").');
    expect(validateRuleTags({ tier: '3' })).toEqual({ tier: '3' });
  });

  it.each([true, null, { nested: 'x' }, ['x']])('refuses a %j value: values are strings', (value) => {
    expect(refusal({ flag: value }).message).toMatch(/^rule_tags\.flag must be a string/);
  });

  it.each(['svcpay_tier', 'SVCPAY', 'vp_segment', 'VP-segment', 'amount', 'Currency', 'merchant_id', 'merchant-id', 'livemode', 'payment_intent_id', 'session_id', 'id'])(
    'refuses the reserved key %j',
    (key) => {
      expect(refusal({ [key]: 'x' }).message).toMatch(/the key is reserved/);
    },
  );

  it.each(['amount_band', 'my_vp_tag', 'currency_group'])('accepts %j, which only resembles a reserved key', (key) => {
    expect(validateRuleTags({ [key]: 'x' })).toEqual({ [key]: 'x' });
  });

  it.each([
    ['jane@example.com', /email address/],
    ['contact: a.b+c@shop.example.co.uk', /email address/],
    ['vp_sk_test_abc123', /API key/],
    ['vp_pk_live_abc123', /API key/],
    ['sk_live_abc', /API key/],
    ['sk_test_abc', /API key/],
    ['whsec_abc', /API key/],
    ['Bearer abc.def', /secret or token/],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig', /secret or token/],
    ['AKIAIOSFODNN7EXAMPLE', /secret or token/],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123', /secret or token/],
    ['password=hunter2', /secret or token/],
    ['api_key: 1234', /secret or token/],
    ['zc9Wbs1a1lhR+KbIpsaCp0a1', /secret or token/],
    ['a1B2c3D4e5F6g7H8i9J0k1L2', /secret or token/],
    ['0123456789abcdef0123456789abcdef01234567', /secret or token/],
    ['4242424242424242', /card number/],
    ['card 4242 4242 4242 4242', /card number/],
    ['5555-5555-5555-4444', /card number/],
    // Issue 32, finding 6: the same card number in other scripts' digits.
    ['４２４２４２４２４２４２４２４２', /card number/],
    ['٤٢٤٢ ٤٢٤٢ ۴۲۴۲ ४२४२', /card number/],
  ])('refuses the value %j without echoing it', (value, reason) => {
    const e = refusal({ segment: value });
    expect(e.code).toBe('validation_error');
    expect(e.message).toMatch(/^rule_tags\.segment /);
    expect(e.message).toMatch(reason);
    expect(e.message).not.toContain(value);
  });

  it.each(['ORD-2024-ABCdef123456789xyz', 'Spring_Sale_2024_Campaign', 'CheckoutFlowVariantB_2025_Q3', '550e8400-e29b-41d4-a716-446655440000', '1234567890123', 'support at shop'])(
    'accepts the ordinary value %j',
    (value) => {
      expect(validateRuleTags({ segment: value })).toEqual({ segment: value });
    },
  );

  it('names a key that is not a plain identifier in quotes', () => {
    expect(refusal({ 'my tag': 3 }).message).toMatch(/^rule_tags\["my tag"\] is a number/);
  });

  it('keeps a __proto__ key as a plain tag instead of changing the returned object', () => {
    const tags = JSON.parse('{"__proto__":"x"}') as unknown;
    const out = validateRuleTags(tags);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
  });
});
