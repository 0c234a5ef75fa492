/** Issue 10: the hosted page's bank challenge and the states a session can be in when it opens. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL } from '../protocol/messages.ts';
import type { ChallengeOutcome, CheckoutDeps } from './checkout-deps.ts';
import { createCheckout } from './checkout-store.ts';
import { settledPhase } from './session-phase.ts';
import { fail, fakeApi, initOk, ok, session } from './test-fixtures.ts';

const boot = { sessionId: 'cs_test_1', publishableKey: 'vp_pk_test_abc', locale: null };
const BANK = 'http://127.0.0.1:4243/challenge/sbx_txn_1';
const waiting = ok({ status: 'processing' as const, sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url: BANK } } });
const paid = ok({ status: 'succeeded' as const, sessionId: 'cs_test_1', transactionId: 't', redirectUrl: 'http://127.0.0.1:4244/thanks', paymentStatus: 'paid' as const });
const declined = ok({
  status: 'failed' as const,
  sessionId: 'cs_test_1',
  transactionId: 't',
  redirectUrl: null,
  error: { code: 'card_declined', decline_code: 'card_declined', message: 'x' },
});

function setup(api = fakeApi(), extra: Partial<CheckoutDeps> = {}) {
  const dialogs: { url: string; done: (o: ChallengeOutcome) => void }[] = [];
  const checkout = createCheckout({
    boot,
    api,
    origin: 'http://localhost:4242',
    assign: vi.fn(),
    randomId: () => 'req1',
    completeBackoff: [0, 0],
    challenge: (url, done) => dialogs.push({ url, done }),
    ...extra,
  });
  checkout.setPoster(() => undefined);
  return { checkout, api, dialogs };
}

async function payOnce(s: ReturnType<typeof setup>) {
  await s.checkout.start();
  s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
  s.checkout.pay();
  s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 't' });
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('bank challenge (3-D Secure) on the hosted page', () => {
  it('opens the bank page when complete answers next_action, and completes again once the bank sent the buyer back', async () => {
    const s = setup(fakeApi({ completeCheckout: vi.fn().mockResolvedValueOnce(waiting).mockResolvedValueOnce(paid) }));
    await payOnce(s);
    expect(s.dialogs.map((d) => d.url)).toEqual([BANK]);
    expect(s.checkout.phase.value).toBe('ready');
    expect(s.checkout.paying.value).toBe(true);
    s.dialogs[0]!.done('returned');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.api.completeCheckout).toHaveBeenLastCalledWith('cs_test_1', 't', undefined);
    expect(s.checkout.phase.value).toBe('succeeded');
  });

  it('a failed challenge shows the decline and a fresh form for another card', async () => {
    const s = setup(fakeApi({ completeCheckout: vi.fn().mockResolvedValueOnce(waiting).mockResolvedValueOnce(declined) }));
    await payOnce(s);
    s.dialogs[0]!.done('returned');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.checkout.notice.value).toMatch(/declined/i);
    expect(s.checkout.paying.value).toBe(false);
    expect(s.api.initCheckout).toHaveBeenCalledTimes(2);
  });

  it('closing the dialog cancels the challenge at the service and says nothing was charged', async () => {
    const s = setup(fakeApi({ completeCheckout: vi.fn().mockResolvedValueOnce(waiting).mockResolvedValueOnce(declined) }));
    await payOnce(s);
    s.dialogs[0]!.done('canceled');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.api.completeCheckout).toHaveBeenLastCalledWith('cs_test_1', 't', undefined, '', { cancel: true });
    expect(s.checkout.notice.value).toBe("You closed your bank's check, so nothing was charged. Try again or use another card.");
    expect(s.checkout.phase.value).toBe('ready');
  });

  it('a bank still waiting after the dialog closed is processing, not a second dialog', async () => {
    const s = setup(fakeApi({ completeCheckout: vi.fn().mockResolvedValue(waiting) }));
    await payOnce(s);
    s.dialogs[0]!.done('returned');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.dialogs).toHaveLength(1);
    expect(s.checkout.phase.value).toBe('processing');
  });

  it('without a dialog the attempt fails visibly rather than hanging', async () => {
    const s = setup(fakeApi({ completeCheckout: vi.fn().mockResolvedValue(waiting) }), { challenge: undefined });
    await payOnce(s);
    expect(s.checkout.paying.value).toBe(false);
    expect(s.checkout.notice.value).toBeTruthy();
  });
});

describe('states', () => {
  it('an authorized manual-capture payment is held, then redirects', async () => {
    const s = setup(fakeApi({ completeCheckout: async () => ok({ ...paid.data, paymentStatus: 'held' as const }) }));
    await payOnce(s);
    expect(s.checkout.phase.value).toBe('held');
    expect(s.checkout.redirectUrl.value).toBe('http://127.0.0.1:4244/thanks');
  });

  it('a decline with no attempt left ends in failed: the next form is refused', async () => {
    const s = setup(fakeApi({ completeCheckout: async () => declined, initCheckout: vi.fn().mockResolvedValueOnce(initOk()).mockResolvedValue(fail(409, 'session_wrong_state')) }));
    await payOnce(s);
    expect(s.checkout.phase.value).toBe('failed');
  });

  it.each([
    [{ status: 'succeeded', paymentStatus: 'paid' }, 'paid_already'],
    [{ status: 'succeeded', paymentStatus: 'held' }, 'held'],
    [{ status: 'succeeded', paymentStatus: 'cancelled' }, 'cancelled'],
    [{ status: 'failed', paymentStatus: 'unpaid', retry: { allowed: false, attempts_remaining: 0 } }, 'failed'],
    [{ status: 'failed', paymentStatus: 'unpaid', retry: null }, null],
    [{ status: 'pending', paymentStatus: 'unpaid', retry: { allowed: true, attempts_remaining: 1 } }, null],
  ] as const)('a session opened as %o shows %s', async (state, phase) => {
    expect(settledPhase({ ...session, ...state })).toBe(phase);
    const s = setup(fakeApi({ getPublicSession: async () => ok({ ...session, ...state }) }));
    await s.checkout.start();
    expect(s.checkout.phase.value).toBe(phase ?? 'ready');
    expect(s.api.initCheckout).toHaveBeenCalledTimes(phase ? 0 : 1);
  });
});

describe('a payment still being made', () => {
  it('shows processing when complete says a payment of the session is still being made (a provider answer lost), never an error', async () => {
    const s = setup(fakeApi({ completeCheckout: async () => fail(409, 'charge_in_progress') }));
    await payOnce(s);
    expect(s.checkout.phase.value).toBe('processing');
    expect(s.checkout.paying.value).toBe(false);
    expect(s.api.reportClientError).not.toHaveBeenCalled();
  });
});
