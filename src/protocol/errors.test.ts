import { describe, expect, it } from 'vitest';
import { hasMessage } from '../locales/index.ts';
import { browserCode, browserErrors, faultOf } from './errors.ts';

describe('browser error catalogue', () => {
  it('gives every code a locale key that exists', () => {
    for (const [code, entry] of Object.entries(browserErrors)) expect(hasMessage(entry.key), code).toBe(true);
  });

  it('classifies known and unknown codes', () => {
    expect(faultOf('card_declined').type).toBe('BUYER');
    // A processor's refusal of the card (422 since issue 35) is worded for the buyer, as a decline.
    expect(faultOf('provider_request_rejected', 422)).toEqual({ type: 'BUYER', key: 'decline.default' });
    expect(faultOf('network_error').type).toBe('NETWORK');
    expect(faultOf('charge_at_submit_not_enabled').type).toBe('MERCHANT');
    expect(faultOf('something_new', 409).type).toBe('MERCHANT');
    expect(faultOf('something_new', 503).type).toBe('INTERNAL');
    expect(faultOf('http_502').type).toBe('INTERNAL');
    expect(faultOf('toString').type).toBe('MERCHANT');
  });

  it('names Doc 2’s buyer_required_for_saved_card frame_buyer_required_for_saved_card, distinct from frame_consent_requires_buyer; other codes keep their name', () => {
    expect(browserCode('buyer_required_for_saved_card')).toBe('frame_buyer_required_for_saved_card');
    expect(browserCode('frame_buyer_required_for_saved_card')).not.toBe(browserCode('frame_consent_requires_buyer'));
    expect(faultOf(browserCode('buyer_required_for_saved_card'), 422)).toEqual({ type: 'MERCHANT', key: 'status.pay_error' });
    expect(browserCode('card_declined')).toBe('card_declined');
    expect(browserCode('toString')).toBe('toString');
  });
});
