/**
 * `charge.failed` carries the issuer's raw decline code (Doc 2, `network_decline_code`; issue 35):
 * each declining test card of the sandbox answers its ISO 8583 code (docs/qa.md, test cards), a
 * merchant rule's block none, as the merchant reads the events back.
 */
import { describe, expect, it } from 'vitest';
import { world } from '../../payment-intents/fixtures.ts';
import { networkDeclineCodes } from '../declines.fixtures.ts';

describe('the sandbox processor: network_decline_code', () => {
  it('is the card’s ISO 8583 code on charge.failed and payment_intent.failed, null for a rule’s block', async () => {
    const w = await world();
    for (const ref of ['tok_sandbox_visa_9995', 'tok_sandbox_visa_0127', 'tok_sandbox_visa_0033']) {
      expect((await w.payJson(await w.vault(ref))).body).toMatchObject({ status: 'failed' });
    }
    expect(await networkDeclineCodes(w.t, w.merchantId, w.keys.secret)).toEqual([
      ['charge.failed', '51'],
      ['payment_intent.failed', '51'],
      ['charge.failed', 'N7'],
      ['payment_intent.failed', 'N7'],
      ['charge.failed', null],
      ['payment_intent.failed', null],
    ]);
  });
});
