/**
 * Issue 38: after a failed attempt the store says the old fields are being replaced (`renewing`)
 * from the alert until the fresh ones are ready, so the page keeps the buyer's typing out of a form
 * about to go; then the fresh fields are asked to focus their card number.
 */
import { describe, expect, it, vi } from 'vitest';
import { PROTOCOL, type HostToProcessorFrame } from '../protocol/messages.ts';
import { createCheckout } from './checkout-store.ts';
import { fakeApi, fieldsFrame, initOk, ok } from './test-fixtures.ts';

const declined = () =>
  ok({ status: 'failed' as const, sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, error: { code: 'card_declined', decline_code: 'card_declined', message: 'x' } });

/** A checkout whose second `init` (the retry's) answers only when the test says. */
async function declinedWithHeldInit() {
  let answer!: () => void;
  const held = new Promise<void>((r) => (answer = r));
  const initCheckout = vi
    .fn()
    .mockResolvedValueOnce(initOk('tok_a'))
    .mockImplementationOnce(() => held.then(() => initOk('tok_b')));
  const api = fakeApi({ completeCheckout: async () => declined(), initCheckout });
  const checkout = createCheckout({ boot: { sessionId: 'cs_test_1', publishableKey: 'vp_pk_test_abc', locale: null }, api, origin: 'http://localhost:4242', assign: vi.fn(), randomId: () => 'req1' });
  const posted: HostToProcessorFrame[] = [];
  checkout.setPoster((m) => posted.push(m));
  await checkout.start();
  checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
  return { checkout, posted, answer, held };
}

describe('the form after a decline (issue 38)', () => {
  it('is renewing from the decline alert until the fresh fields say ready, and only then', async () => {
    const { checkout, answer, held } = await declinedWithHeldInit();
    expect(checkout.renewing.value).toBe(false);
    const firstKey = fieldsFrame(checkout).key;
    checkout.pay();
    // Paying alone is not renewing: the fields page may be showing the bank's check.
    expect(checkout.renewing.value).toBe(false);
    checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'declined', transactionId: 't', declineCode: 'card_declined' });
    await vi.waitFor(() => expect(checkout.notice.value).toBe('Your card was declined. Try another card.'));
    // The alert shows while the fresh token is on its way: the old fields are still the ones shown.
    expect([checkout.renewing.value, checkout.frameReady.value, fieldsFrame(checkout).key]).toEqual([true, false, firstKey]);

    answer();
    await held;
    await vi.waitFor(() => expect(fieldsFrame(checkout).key).not.toBe(firstKey));
    // Mounted, not yet loaded: still renewing.
    expect(checkout.renewing.value).toBe(true);
    checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
    expect([checkout.renewing.value, checkout.frameReady.value]).toEqual([false, true]);
  });

  it('asks the fields to focus their card number', async () => {
    const { checkout, posted } = await declinedWithHeldInit();
    checkout.focusCard();
    expect(posted).toEqual([{ protocol: PROTOCOL, type: 'sbx.focus' }]);
    // No fields mounted (their frame gone): nothing to ask, nothing thrown.
    checkout.setPoster(null);
    expect(() => checkout.focusCard()).not.toThrow();
  });

  it('is not renewing when the fields only refused the card as typed (they show which input, focused)', async () => {
    const { checkout } = await declinedWithHeldInit();
    checkout.pay();
    checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'invalid' });
    expect([checkout.renewing.value, checkout.paying.value, checkout.frameReady.value]).toEqual([false, false, true]);
  });
});
