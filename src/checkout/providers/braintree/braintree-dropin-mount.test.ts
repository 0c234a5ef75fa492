/** How the checkout reads Drop-in's refusals (braintree-dropin-mount.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DROPIN_SCRIPT, DROPIN_VERSION, dropinError } from './braintree-dropin-mount.ts';

const dropinErr = (cause?: unknown) => Object.assign(new Error('x'), { name: 'DropinError', _braintreeWebError: cause });

describe('a Drop-in refusal as the checkout reads it', () => {
  it('nothing chosen, a card form to fix, or the bank check closed: Drop-in shows why, the buyer goes on (invalid)', () => {
    expect(dropinError(dropinErr())).toEqual({ status: 'invalid' });
    expect(dropinError(dropinErr({ code: 'HOSTED_FIELDS_FIELDS_INVALID' }))).toEqual({ status: 'invalid' });
    expect(dropinError(dropinErr({ code: 'HOSTED_FIELDS_FIELDS_EMPTY' }))).toEqual({ status: 'invalid' });
    expect(dropinError(dropinErr({ code: 'THREEDS_CARDINAL_SDK_CANCELED' }))).toEqual({ status: 'invalid' });
  });

  it('a failed tokenization, a failed lookup or anything not Drop-in’s is an error', () => {
    expect(dropinError(dropinErr({ code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR' }))).toEqual({ status: 'error' });
    expect(dropinError(dropinErr({ code: 'THREEDS_LOOKUP_ERROR' }))).toEqual({ status: 'error' });
    expect(dropinError(new TypeError('Failed to fetch'))).toEqual({ status: 'error' });
    expect(dropinError(null)).toEqual({ status: 'error' });
  });
});

describe('Braintree’s own Drop-in in production', () => {
  it('is the release of the braintree-web-drop-in package this project depends on, from Braintree’s CDN', () => {
    const installed = JSON.parse(readFileSync(new URL('../../../../node_modules/braintree-web-drop-in/package.json', import.meta.url), 'utf8')) as { version: string };
    expect(DROPIN_VERSION).toBe(installed.version);
    expect(DROPIN_SCRIPT).toBe(`https://js.braintreegateway.com/web/dropin/${installed.version}/js/dropin.min.js`);
  });
});
