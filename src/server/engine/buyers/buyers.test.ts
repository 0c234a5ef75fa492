import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.ts';
import { validateChargeBuyer } from './buyers.ts';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
  throw new Error('expected an DomainError, got a result');
}

describe('validateChargeBuyer: the rules that need no store', () => {
  it('names no buyer when no buyer field is sent', () => {
    expect(validateChargeBuyer({})).toEqual({ identity: null, echo: undefined });
  });

  it('takes the identity from the flat fields alone', () => {
    expect(validateChargeBuyer({ buyer_id: 'cust_1', buyer_email: 'a@example.com' }).identity).toEqual({ externalId: 'cust_1', email: 'a@example.com' });
  });

  it('refuses a nested buyer with no identity, directly or through the flat fields (400 validation_error)', () => {
    expect(codeOf(() => validateChargeBuyer({ buyer: { name: 'Ann', phone: '555 0100' } }))).toBe('validation_error');
    expect(validateChargeBuyer({ buyer_id: 'cust_1', buyer: { name: 'Ann' } }).identity).toEqual({ externalId: 'cust_1', email: null });
    expect(validateChargeBuyer({ buyer_email: 'a@example.com', buyer: { name: 'Ann' } }).identity).toEqual({ externalId: null, email: 'a@example.com' });
  });

  it('accepts equal duplicate values and refuses differing ones', () => {
    expect(validateChargeBuyer({ buyer_id: 'cust_1', buyer: { external_id: 'cust_1' } }).identity?.externalId).toBe('cust_1');
    expect(validateChargeBuyer({ buyer_email: 'A@example.com', buyer: { email: 'a@EXAMPLE.com' } }).identity?.email).toBe('a@EXAMPLE.com');
    expect(codeOf(() => validateChargeBuyer({ buyer_id: 'cust_1', buyer: { external_id: 'cust_2' } }))).toBe('validation_error');
    expect(codeOf(() => validateChargeBuyer({ buyer_email: 'a@example.com', buyer: { email: 'b@example.com' } }))).toBe('validation_error');
  });

  it('echoes the nested buyer as sent, metadata scrubbed; refuses buyer.metadata over its own 8 KB', () => {
    const buyer = { external_id: 'cust_1', first_name: 'Ann', metadata: { plan: 'pro', email: 'x@example.com' } };
    expect(validateChargeBuyer({ buyer }).echo).toEqual({ external_id: 'cust_1', first_name: 'Ann', metadata: { plan: 'pro' } });
    expect(validateChargeBuyer({ buyer: { email: 'a@example.com' } }).echo).toEqual({ email: 'a@example.com' });
    expect(codeOf(() => validateChargeBuyer({ buyer: { external_id: 'c', metadata: { blob: 'x'.repeat(8200) } } }))).toBe('validation_error');
  });
});
