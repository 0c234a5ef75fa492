import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import checkoutFr from '../locales/checkout.fr.json';
import fr from '../locales/fr.json';
import { PROTOCOL, type HostToProcessorFrame } from '../protocol/messages.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { createCheckout } from './checkout-store.ts';
import { fail, fakeApi, fieldsFrame, initOk, ok, session } from './test-fixtures.ts';

const boot = { sessionId: 'cs_test_1', publishableKey: 'vp_pk_test_abc', locale: null };

function setup(api = fakeApi(), extra: Partial<CheckoutDeps> = {}) {
  const assign = vi.fn();
  let n = 0;
  const checkout = createCheckout({ boot, api, origin: 'http://localhost:4242', assign, randomId: () => `req${++n}`, completeBackoff: [0, 0], ...extra });
  const posted: HostToProcessorFrame[] = [];
  checkout.setPoster((m) => posted.push(m));
  return { checkout, api, assign, posted };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function ready(s: ReturnType<typeof setup>) {
  await s.checkout.start();
  s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
}

describe('hosted checkout flow', () => {
  it('shows not found without a publishable key', async () => {
    const api = fakeApi();
    const { checkout } = setup(api, { boot: { ...boot, publishableKey: null } });
    await checkout.start();
    expect(checkout.phase.value).toBe('not_found');
    expect(api.getPublicSession).not.toHaveBeenCalled();
  });

  it('loads the session, inits and builds the fields URL', async () => {
    const s = setup();
    await s.checkout.start();
    expect(s.api.getPublicSession).toHaveBeenCalledWith('cs_test_1', 'vp_pk_test_abc');
    expect(s.api.initCheckout).toHaveBeenCalledWith('cs_test_1');
    expect(s.checkout.phase.value).toBe('ready');
    const frame = fieldsFrame(s.checkout);
    expect(frame.origin).toBe('http://127.0.0.1:4243');
    const hash = new URLSearchParams(new URL(frame.url).hash.slice(1));
    expect(frame.url.startsWith('http://127.0.0.1:4243/fields#')).toBe(true);
    expect(Object.fromEntries(hash)).toEqual({ token: 'sbx_tok_1', parentOrigin: 'http://localhost:4242', locale: 'en' });
  });

  it('shows success for a paid session and expired for an expired one', async () => {
    const paid = setup(fakeApi({ getPublicSession: async () => ok({ ...session, status: 'succeeded' }) }));
    await paid.checkout.start();
    expect(paid.checkout.phase.value).toBe('paid_already');
    expect(paid.api.initCheckout).not.toHaveBeenCalled();

    const late = setup(fakeApi({ getPublicSession: async () => ok({ ...session, expiresAt: '2000-01-01T00:00:00Z' }) }));
    await late.checkout.start();
    expect(late.checkout.phase.value).toBe('expired');
  });

  it.each([
    [410, 'session_expired', 'expired'],
    [404, 'session_not_found', 'not_found'],
    [409, 'session_already_completed', 'paid_already'],
    [409, 'session_wrong_state', 'failed'],
    [409, 'charge_in_progress', 'processing'],
    [500, 'internal_error', 'error'],
  ] as const)('maps init %i %s to %s', async (status, code, phase) => {
    const s = setup(fakeApi({ initCheckout: async () => fail(status, code) }));
    await s.checkout.start();
    expect(s.checkout.phase.value).toBe(phase);
    if (phase === 'error') expect(s.api.reportClientError).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 'cs_test_1', context: expect.objectContaining({ status: 500 }) }));
  });

  it('retries from the error state', async () => {
    const api = fakeApi({ getPublicSession: vi.fn().mockResolvedValueOnce(fail(503, 'unavailable')).mockResolvedValue(ok(session)) });
    const s = setup(api);
    await s.checkout.start();
    expect(s.checkout.phase.value).toBe('error');
    s.checkout.retry();
    await flush();
    expect(s.checkout.phase.value).toBe('ready');
  });

  it('waits for the frame before paying, then submits once', async () => {
    const s = setup();
    await s.checkout.start();
    s.checkout.pay();
    expect(s.posted).toEqual([]);
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
    s.checkout.pay();
    s.checkout.pay();
    expect(s.posted).toEqual([{ protocol: PROTOCOL, type: 'sbx.submit', requestId: 'req1' }]);
    expect(s.checkout.paying.value).toBe(true);
  });

  it('completes an approval and redirects after the success panel', async () => {
    const s = setup();
    await ready(s);
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 'sbx_txn_1' });
    await flush();
    expect(s.api.completeCheckout).toHaveBeenCalledWith('cs_test_1', 'sbx_txn_1', undefined);
    expect(s.checkout.phase.value).toBe('succeeded');
    expect(s.assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1500);
    expect(s.assign).toHaveBeenCalledWith('http://127.0.0.1:4244/thanks');
  });

  it('hands a transaction waiting for the bank to complete, which says what comes next', async () => {
    const s = setup();
    await ready(s);
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'requires_action', transactionId: 'sbx_txn_3ds' });
    await flush();
    expect(s.api.completeCheckout).toHaveBeenCalledWith('cs_test_1', 'sbx_txn_3ds', undefined);
  });

  it('does not redirect without a redirect URL', async () => {
    const s = setup(fakeApi({ completeCheckout: async () => ok({ status: 'succeeded', sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null }) }));
    await ready(s);
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 't' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.checkout.phase.value).toBe('succeeded');
    expect(s.assign).not.toHaveBeenCalled();
  });

  it('shows the decline wording and mounts a fresh frame with a new token', async () => {
    const api = fakeApi({
      completeCheckout: async () =>
        ok({ status: 'failed', sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, error: { code: 'card_declined', decline_code: 'card_declined', message: 'x' } }),
      initCheckout: vi.fn().mockResolvedValueOnce(initOk('tok_a')).mockResolvedValueOnce(initOk('tok_b')),
    });
    const s = setup(api);
    await ready(s);
    const firstKey = fieldsFrame(s.checkout).key;
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'declined', transactionId: 't', declineCode: 'card_declined' });
    await flush();
    expect(s.checkout.notice.value).toBe('Your card was declined. Try another card.');
    expect(s.checkout.paying.value).toBe(false);
    expect(s.checkout.phase.value).toBe('ready');
    expect(fieldsFrame(s.checkout).key).not.toBe(firstKey);
    expect(fieldsFrame(s.checkout).url).toContain('token=tok_b');
    expect(s.checkout.frameReady.value).toBe(false);
  });

  it('hides fraud decline codes behind the generic wording', async () => {
    const s = setup(
      fakeApi({
        completeCheckout: async () =>
          ok({ status: 'failed', sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null, error: { code: 'card_declined', decline_code: 'stolen_card', message: 'x' } }),
      }),
    );
    await ready(s);
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'declined', transactionId: 't' });
    await flush();
    expect(s.checkout.notice.value).toBe('Your card was declined. Try another card.');
  });

  it('lets the fields show their own errors on invalid', async () => {
    const s = setup();
    await ready(s);
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'invalid' });
    expect(s.checkout.paying.value).toBe(false);
    expect(s.checkout.notice.value).toBeNull();
    expect(s.api.completeCheckout).not.toHaveBeenCalled();
  });

  it('ignores results for another request', async () => {
    const s = setup();
    await ready(s);
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'other', status: 'approved', transactionId: 't' });
    await flush();
    expect(s.api.completeCheckout).not.toHaveBeenCalled();
    expect(s.checkout.paying.value).toBe(true);
  });

  it('retries complete after a network failure instead of charging again', async () => {
    const api = fakeApi({
      completeCheckout: vi
        .fn()
        .mockResolvedValueOnce(fail(0, 'network_error'))
        .mockResolvedValue(ok({ status: 'succeeded', sessionId: 'cs_test_1', transactionId: 't', redirectUrl: null })),
    });
    const s = setup(api);
    await ready(s);
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 't' });
    await vi.advanceTimersByTimeAsync(10);
    expect(api.completeCheckout).toHaveBeenCalledTimes(2);
    expect(s.checkout.phase.value).toBe('succeeded');
  });

  it('treats complete 409 already completed as paid already (another payment settled the session first)', async () => {
    const s = setup(fakeApi({ completeCheckout: async () => fail(409, 'session_already_completed') }));
    await ready(s);
    s.checkout.pay();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 't' });
    await flush();
    expect(s.checkout.phase.value).toBe('paid_already');
  });

  it('gives up waiting for the fields frame and reports it', async () => {
    const s = setup(undefined, { submitTimeout: 1000 });
    await ready(s);
    s.checkout.pay();
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.checkout.paying.value).toBe(false);
    expect(s.checkout.notice.value).toBe('We could not process your payment. Try again.');
    expect(s.api.reportClientError).toHaveBeenCalledWith(expect.objectContaining({ message: 'hosted: fields_timeout' }));
  });

  it('stops waiting while the fields page shows the bank check, then completes with its result (issue 18, finding 11)', async () => {
    const s = setup(undefined, { submitTimeout: 1000 });
    await ready(s);
    s.checkout.pay();
    // Another request's notice changes nothing; this one's stops the clock.
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.challenge', requestId: 'other' });
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.challenge', requestId: 'req1' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(s.checkout.paying.value).toBe(true);
    expect(s.api.reportClientError).not.toHaveBeenCalled();
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 't' });
    await flush();
    expect(s.api.completeCheckout).toHaveBeenCalledWith(expect.any(String), 't', undefined);
  });

  it('loads the session language before the page shows anything in it', async () => {
    // Fresh modules: the test setup has already loaded every language in the shared ones.
    vi.resetModules();
    const locales = await import('../locales/checkout.ts');
    const fresh = await import('./checkout-store.ts');
    expect(locales.t('fr', 'status.pay_error')).toBe('We could not process your payment. Try again.');
    const checkout = fresh.createCheckout({
      boot,
      api: fakeApi({ getPublicSession: async () => ok({ ...session, locale: 'fr' }) }),
      origin: 'http://localhost:4242',
      assign: vi.fn(),
      submitTimeout: 1000,
    });
    checkout.setPoster(() => undefined);
    await checkout.start();
    expect(checkout.session.value?.locale).toBe('fr');
    expect(locales.t(checkout.locale.value, 'checkout.pay_with_card')).toBe(checkoutFr['checkout.pay_with_card']);
    checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
    checkout.pay();
    await vi.advanceTimersByTimeAsync(1000);
    expect(checkout.notice.value).toBe(fr['status.pay_error']);
  });

  it('uses the session locale for the fields and the wording', async () => {
    const s = setup(fakeApi({ getPublicSession: async () => ok({ ...session, locale: 'fr-FR' }) }));
    await s.checkout.start();
    expect(s.checkout.locale.value).toBe('fr');
    expect(fieldsFrame(s.checkout).url).toContain('locale=fr-FR');
  });
});

describe('buyer details (issue 10)', () => {
  const details = { email: 'ada@example.com', shippingAddress: { country: 'US', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' } };

  it('charges nothing while the buyer form says a detail is missing or wrong', async () => {
    const s = setup();
    await ready(s);
    const form = vi.fn(() => null);
    s.checkout.setBuyerForm(form);
    s.checkout.pay();
    expect(form).toHaveBeenCalledOnce();
    expect(s.posted).toEqual([]);
    expect(s.checkout.paying.value).toBe(false);
  });

  it('pays once the details are right and saved on the session (issue 22); complete need not carry them', async () => {
    const s = setup();
    await ready(s);
    s.checkout.setBuyerForm(() => details);
    s.checkout.pay();
    await flush();
    expect(s.api.saveBuyerDetails).toHaveBeenCalledWith('cs_test_1', details);
    expect(s.posted).toEqual([{ protocol: PROTOCOL, type: 'sbx.submit', requestId: 'req1' }]);
    s.checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.result', requestId: 'req1', status: 'approved', transactionId: 'sbx_txn_1' });
    await flush();
    expect(s.api.completeCheckout).toHaveBeenCalledWith('cs_test_1', 'sbx_txn_1', undefined);
    expect(s.checkout.phase.value).toBe('succeeded');
  });
});
