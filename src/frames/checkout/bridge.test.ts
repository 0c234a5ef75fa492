import { describe, expect, it, vi } from 'vitest';
import { PROTOCOL } from '../../protocol/messages.ts';
import { fail, fieldsFrame, ok, session } from '../../checkout/test-fixtures.ts';
import { createEmbeddedCheckout, type EmbeddedApi } from './bridge.ts';

const params = { channel: 'chan_0123456789', parentOrigin: 'http://127.0.0.1:4244', publishableKey: 'vp_pk_test_abc', sessionId: 'cs_test_1' };
const READY = ok({ ready: true as const, type: 'sandbox' as const, token: 'sbx_tok_1', environment: 'sandbox' as const, fieldsUrl: 'http://127.0.0.1:4243/fields' });
const completed = (status: 'succeeded' | 'failed', extra = {}) => ok({ status, sessionId: 'cs_test_1', transactionId: 'sbx_txn_1', paymentIntentId: 'vpi_test_1', ...extra });

function setup(overrides: Partial<EmbeddedApi> = {}, challenge?: (url: string, done: (outcome: 'returned' | 'canceled') => void) => void) {
  const api = {
    getPublicSession: vi.fn(async () => ok(session)),
    getEmbedToken: vi.fn(async () => READY),
    completeSession: vi.fn(async () => completed('succeeded')),
    completeCheckout: vi.fn(async () => ok({ status: 'succeeded' as const, sessionId: 'cs_test_1', transactionId: 'sbx_txn_1', redirectUrl: 'http://x/ok' })),
    reportClientError: vi.fn(async () => ok({ ok: true })),
    ...overrides,
  } as unknown as EmbeddedApi & Record<keyof EmbeddedApi, ReturnType<typeof vi.fn>>;
  const posted: unknown[] = [];
  const { checkout, stop } = createEmbeddedCheckout({ params, api, origin: 'http://localhost:4242', post: (m) => posted.push(m), poll: { sleep: async () => {} }, ...(challenge ? { challenge } : {}) });
  checkout.setPoster(() => {});
  return { checkout, api, posted, stop };
}

describe('embedded checkout frame', () => {
  it('polls embed-token with the key, mounts the sandbox fields, and tells the page mounted, then ready', async () => {
    const s = setup();
    await s.checkout.start();
    expect(s.api.getEmbedToken).toHaveBeenCalledWith('cs_test_1', 'vp_pk_test_abc');
    expect(fieldsFrame(s.checkout).url).toMatch(/^http:\/\/127\.0\.0\.1:4243\/fields#token=sbx_tok_1&parentOrigin=http%3A%2F%2Flocalhost%3A4242/);
    expect(s.posted).toEqual([{ type: 'checkout.mounted' }]);
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
    expect(s.posted).toEqual([{ type: 'checkout.mounted' }, { type: 'checkout.ready' }]);
  });

  it('tells the page why a session cannot be mounted, with the server code', async () => {
    const s = setup({ getEmbedToken: vi.fn(async () => fail(409, 'session_wrong_state')) as never });
    await s.checkout.start();
    expect(s.posted).toEqual([{ type: 'checkout.error', error: { code: 'session_wrong_state', message: 'session_wrong_state' } }]);
  });

  it('calls a session that is already paid session_already_completed', async () => {
    const s = setup({ getPublicSession: vi.fn(async () => ok({ ...session, status: 'succeeded' })) as never });
    await s.checkout.start();
    expect(s.posted).toEqual([{ type: 'checkout.error', error: expect.objectContaining({ code: 'session_already_completed' }) }]);
    expect(s.api.getEmbedToken).not.toHaveBeenCalled();
  });

  it('completes through the public endpoint and reports success with the payment intent, without navigating', async () => {
    const s = setup();
    await s.checkout.start();
    await payAndSettle(s, 'approved');
    expect(s.api.completeSession).toHaveBeenCalledWith('cs_test_1', 'sbx_txn_1', 'vp_pk_test_abc', {});
    expect(s.checkout.phase.value).toBe('succeeded');
    expect(s.posted).toContainEqual({ type: 'checkout.result', result: { status: 'succeeded', sessionId: 'cs_test_1', paymentIntentId: 'vpi_test_1' } });
  });

  it('reports a decline with its code and keeps the form open for another attempt', async () => {
    const declined = { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Declined' };
    const s = setup({ completeSession: vi.fn(async () => completed('failed', { error: declined })) as never });
    await s.checkout.start();
    await payAndSettle(s, 'declined');
    const failure = s.posted.find((m) => (m as { type: string }).type === 'checkout.result') as { result: { status: string; error: { code: string; declineCode: string } } };
    expect(failure.result).toMatchObject({ status: 'failed', error: { code: 'card_declined', declineCode: 'insufficient_funds' } });
    // A fresh form for the next attempt.
    expect(s.api.getEmbedToken).toHaveBeenCalledTimes(2);
    expect(s.checkout.phase.value).toBe('ready');
  });

  it('shows the bank check a charge made at complete needs, and ends it with cancel when the buyer closes it', async () => {
    const action = { type: 'redirect_to_url', redirect_to_url: { url: 'http://127.0.0.1:4245/challenge/t1' } };
    const declined = { code: 'card_declined', decline_code: 'authentication_failed', message: 'Declined' };
    const completeSession = vi.fn(async (_s: string, _t: string, _k: string, opts?: { cancel?: boolean }) =>
      opts?.cancel ? completed('failed', { error: declined }) : completed('failed', { status: 'processing', paymentIntentId: null, next_action: action }),
    );
    const opened: string[] = [];
    const s = setup({ completeSession: completeSession as never }, (url, done) => {
      opened.push(url);
      done('canceled');
    });
    await s.checkout.start();
    await payAndSettle(s, 'approved');
    expect(opened).toEqual(['http://127.0.0.1:4245/challenge/t1']);
    expect(completeSession.mock.calls.map((c) => c[3])).toEqual([{}, { cancel: true }]);
    const failure = s.posted.find((m) => (m as { type: string }).type === 'checkout.result') as { result: { status: string; error: { code: string } } };
    expect(failure.result).toMatchObject({ status: 'failed', error: { code: 'card_declined' } });
    expect(s.checkout.phase.value).toBe('ready');
  });

  it('finishes through the hosted page complete when the account switched the public one off', async () => {
    const s = setup({ completeSession: vi.fn(async () => fail(503, 'feature_unavailable')) as never });
    await s.checkout.start();
    await payAndSettle(s, 'approved');
    expect(s.api.completeCheckout).toHaveBeenCalledWith('cs_test_1', 'sbx_txn_1');
    expect(s.checkout.phase.value).toBe('succeeded');
  });
});

/** Drives the processor frame's side: ready, a submit, then its outcome. */
async function payAndSettle(s: ReturnType<typeof setup>, status: 'approved' | 'declined') {
  let requestId = '';
  s.checkout.setPoster((m) => {
    if (m.type === 'sbx.submit') requestId = m.requestId;
  });
  s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
  s.checkout.pay();
  s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId, status, transactionId: 'sbx_txn_1' });
  await vi.waitFor(() => expect(s.checkout.paying.value).toBe(false));
}
