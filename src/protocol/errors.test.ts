import { describe, expect, it } from 'vitest';
import { hasMessage } from '../locales/index.ts';
import { browserErrors, faultOf } from './errors.ts';

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
});
