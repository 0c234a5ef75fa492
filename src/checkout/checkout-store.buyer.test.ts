/**
 * Issue 22: the hosted page saves what the buyer typed on the session before the card is charged.
 * The fields frame is asked to charge only once the save succeeded; a failed save charges nothing
 * and says so (or, when the session can take no payment now, shows what became of it).
 * Issue 35: when init hands out no form (the session lacks details it requires), the page asks
 * for the details first, saves them, and only then gets and mounts the form.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL, type HostToProcessorFrame } from '../protocol/messages.ts';
import { createCheckout } from './checkout-store.ts';
import { fail, fakeApi, fieldsFrame, initOk, ok } from './test-fixtures.ts';

const boot = { sessionId: 'cs_test_1', publishableKey: 'vp_pk_test_abc', locale: null };
const details = { email: 'ada@example.com', phone: '+14155550100' };

async function ready(api = fakeApi()) {
  const checkout = createCheckout({ boot, api, origin: 'http://localhost:4242', assign: vi.fn(), randomId: () => 'req1', completeBackoff: [0, 0] });
  const posted: HostToProcessorFrame[] = [];
  checkout.setPoster((m) => posted.push(m));
  await checkout.start();
  checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
  checkout.setBuyerForm(() => details);
  return { checkout, api, posted };
}

const SUBMIT = { protocol: PROTOCOL, type: 'sbx.submit', requestId: 'req1' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('buyer details saved before the charge (issue 22)', () => {
  it('asks the fields frame to charge only once the session holds the details', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const s = await ready(fakeApi({ saveBuyerDetails: () => new Promise((r) => (answer = r)) }));
    s.checkout.pay();
    await vi.advanceTimersByTimeAsync(0);
    // The save has not answered (a slow network, a closed tab): nothing is charged.
    expect(s.posted).toEqual([]);
    expect(s.checkout.paying.value).toBe(true);
    answer(ok({ sessionId: 'cs_test_1', saved: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.posted).toEqual([SUBMIT]);
  });

  it.each([
    ['the network', 0, 'network_error'],
    ['the service', 503, 'service_unavailable'],
    ['a check of the details', 422, 'required_fields_missing'],
  ])('charges nothing when %s fails the save, shows the error and lets the buyer pay again', async (_what, status, code) => {
    const save = vi.fn(async () => fail(status, code));
    const s = await ready(fakeApi({ saveBuyerDetails: save }));
    s.checkout.pay();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.posted).toEqual([]);
    expect(s.checkout.paying.value).toBe(false);
    expect(s.checkout.phase.value).toBe('ready');
    expect(s.checkout.notice.value).toBe('We could not process your payment. Try again.');
    expect(s.api.completeCheckout).not.toHaveBeenCalled();
    save.mockImplementation(async () => ok({ sessionId: 'cs_test_1', saved: true }) as never);
    s.checkout.pay();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.posted).toEqual([SUBMIT]);
  });

  it('shows what became of a session that can take no payment now, and charges nothing', async () => {
    const s = await ready(fakeApi({ saveBuyerDetails: async () => fail(409, 'session_already_completed') }));
    s.checkout.pay();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.posted).toEqual([]);
    expect(s.checkout.phase.value).toBe('paid_already');
  });
});

describe('details first, when init hands out no form (issue 35)', () => {
  const missing = () => fail(422, 'required_fields_missing');

  async function detailsFirst(api: ReturnType<typeof fakeApi>) {
    const checkout = createCheckout({ boot, api, origin: 'http://localhost:4242', assign: vi.fn(), randomId: () => 'req1' });
    const posted: HostToProcessorFrame[] = [];
    checkout.setPoster((m) => posted.push(m));
    checkout.setBuyerForm(() => details);
    await checkout.start();
    return { checkout, posted };
  }

  it('shows the buyer details without card fields; Continue saves them, then init hands out the form and it mounts', async () => {
    const init = vi.fn().mockResolvedValueOnce(missing()).mockResolvedValue(initOk('sbx_tok_2'));
    const api = fakeApi({ initCheckout: init });
    const { checkout, posted } = await detailsFirst(api);
    expect([checkout.phase.value, checkout.detailsFirst.value, checkout.fields.value]).toEqual(['ready', true, null]);
    expect(checkout.notice.value).toBeNull();

    checkout.pay();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.saveBuyerDetails).toHaveBeenCalledWith('cs_test_1', details);
    expect(init).toHaveBeenCalledTimes(2);
    expect([checkout.phase.value, checkout.detailsFirst.value, checkout.paying.value]).toEqual(['ready', false, false]);
    expect(fieldsFrame(checkout).url).toContain('token=sbx_tok_2');
    // Continue charged nothing: the buyer types the card and pays.
    expect(posted).toEqual([]);
    checkout.onFrameMessage({ protocol: PROTOCOL, type: 'sbx.ready' });
    checkout.pay();
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toEqual([SUBMIT]);
  });

  it('a save that fails asks for no form and charges nothing; the buyer may continue again', async () => {
    const init = vi.fn(async () => missing());
    const save = vi.fn(async () => fail(503, 'service_unavailable'));
    const { checkout, posted } = await detailsFirst(fakeApi({ initCheckout: init, saveBuyerDetails: save }));
    checkout.pay();
    await vi.advanceTimersByTimeAsync(0);
    expect(init).toHaveBeenCalledTimes(1);
    expect([checkout.detailsFirst.value, checkout.paying.value, checkout.notice.value]).toEqual([true, false, 'We could not process your payment. Try again.']);
    expect(posted).toEqual([]);
  });

  it('the embedded checkout, which has no save, shows the refusal as before', async () => {
    const api = fakeApi({ initCheckout: async () => missing() });
    delete (api as Partial<typeof api>).saveBuyerDetails;
    const { checkout } = await detailsFirst(api);
    expect([checkout.phase.value, checkout.detailsFirst.value]).toEqual(['error', false]);
  });
});
