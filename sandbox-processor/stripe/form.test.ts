import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './form.ts';

describe('Stripe form bodies', () => {
  it('reads nesting, indexed lists and plain fields as the SDK writes them', () => {
    const body = 'amount=2500&currency=usd&metadata[svcpay_reference]=att_1&metadata[note]=a%20b&expand[0]=latest_charge&expand[1]=payment_method&payment_method_options[card][request_three_d_secure]=any';
    expect(parseStripeForm(body)).toEqual({
      amount: '2500',
      currency: 'usd',
      metadata: { svcpay_reference: 'att_1', note: 'a b' },
      expand: ['latest_charge', 'payment_method'],
      payment_method_options: { card: { request_three_d_secure: 'any' } },
    });
  });
  it('drops keys that would reach an object prototype', () => {
    const parsed = parseStripeForm('__proto__[polluted]=1&metadata[__proto__][x]=1&a=1');
    expect(parsed).toEqual({ a: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
