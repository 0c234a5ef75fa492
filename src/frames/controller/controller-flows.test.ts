/**
 * The controller's payment flows beyond a plain charge: the bank challenge, createToken, the
 * decline that closes the session, and the error reports. Fields are stand-ins that answer a
 * `field.collect` with a complete card.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PublicChargeResponse } from '../../api/checkout.ts';
import type { PublicToken } from '../../api/tokens.ts';
import type { ApiResult } from '../../client/http.ts';
import { ControllerToPage, PROTOCOL, type BoundFieldToController, type ConfirmResult, type TokenResult } from '../../protocol/messages.ts';
import type { ControllerDeps } from './controller-deps.ts';
import { createController } from './controller.ts';

const CHANNEL = 'chan_0123456789';
const PK = 'vp_pk_test_abc123';
const P = PROTOCOL;
const CARD = { number: '4000000000003220', expMonth: 12, expYear: 2030, cvc: '123' };
const ok = <T>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });
const declined = (retry: PublicChargeResponse['retry']): ApiResult<PublicChargeResponse> =>
  ok({ status: 'failed', sessionId: 'cs_1', error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Declined' }, retry });

function setup(deps: Partial<ControllerDeps> = {}) {
  const toPage = vi.fn<(m: ControllerToPage) => void>((m) => expect(ControllerToPage.safeParse(m).success).toBe(true));
  const charge = vi.fn<ControllerDeps['charge']>(async () => ok({ status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' }));
  const complete = vi.fn<NonNullable<ControllerDeps['complete']>>(async () => ok({ status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' }));
  const vault = vi.fn<NonNullable<ControllerDeps['vault']>>();
  const report = vi.fn();
  const c = createController({
    channel: CHANNEL,
    toPage,
    toFields: () => {},
    pairField: (elementId, bind, onMessage) => ({
      post(m) {
        if (m.type !== 'field.collect' || m.secret !== bind.secret) return;
        const answer: BoundFieldToController = { protocol: P, type: 'field.values', elementId, requestId: m.requestId, valid: true, values: CARD };
        queueMicrotask(() => onMessage(answer));
      },
      close() {},
    }),
    report,
    charge,
    complete,
    vault,
    pageOrigin: 'http://127.0.0.1:4244',
    collectTimeoutMs: 50,
    ...deps,
  });
  c.fromPage({ protocol: P, type: 'init', channel: CHANNEL, publishableKey: PK, sessionId: 'cs_1' });
  c.fromField({ protocol: P, type: 'field.hello', elementId: 'e1', elementType: 'card' });
  const sent = () => toPage.mock.calls.map(([m]) => m);
  let seq = 0;
  /** Sends a confirm and waits for the answer of `type`. */
  async function ask<T extends 'confirm.result' | 'token.result'>(kind: 'payment' | 'token', type: T) {
    const requestId = `r${++seq}`;
    c.fromPage({ protocol: P, type: 'confirm', channel: CHANNEL, requestId, kind });
    await vi.waitFor(() => expect(sent().some((m) => m.type === type && m.requestId === requestId)).toBe(true));
    const found = sent().find((m) => m.type === type && m.requestId === requestId) as unknown as { result: T extends 'token.result' ? TokenResult : ConfirmResult };
    return found.result;
  }
  return { c, toPage, sent, charge, complete, vault, report, ask, confirm: () => ask('payment', 'confirm.result'), token: () => ask('token', 'token.result') };
}

const challenge = ok<PublicChargeResponse>({ status: 'requires_action', sessionId: 'cs_1', retry: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'http://127.0.0.1:4243/challenge/sbx_txn_1' } } });

describe('controller: bank challenge', () => {
  it('sends the page origin with the charge, asks the page to show the challenge, and after the return asks the service for the outcome', async () => {
    const t = setup();
    t.charge.mockResolvedValueOnce(challenge);
    const pending = t.confirm();
    await vi.waitFor(() => expect(t.sent().some((m) => m.type === 'confirm.challenge')).toBe(true));
    expect(t.charge.mock.calls[0]![2]).toMatchObject({ pageOrigin: 'http://127.0.0.1:4244' });
    const shown = t.sent().find((m) => m.type === 'confirm.challenge')!;
    expect(shown).toMatchObject({ url: 'http://127.0.0.1:4243/challenge/sbx_txn_1', label: 'Confirm your payment with your bank', cancel: 'Cancel' });
    expect(t.complete).not.toHaveBeenCalled();
    t.c.fromPage({ protocol: P, type: 'challenge.done', channel: CHANNEL, requestId: 'r1', outcome: 'returned' });
    expect(await pending).toEqual({ status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' });
    expect(t.complete).toHaveBeenCalledWith('cs_1', PK, {});
  });

  it('a canceled challenge asks the service to end it and resolves authentication_canceled', async () => {
    const t = setup();
    t.charge.mockResolvedValueOnce(challenge);
    t.complete.mockResolvedValueOnce(declined({ allowed: true, attempts_remaining: 1 }));
    const pending = t.confirm();
    await vi.waitFor(() => expect(t.sent().some((m) => m.type === 'confirm.challenge')).toBe(true));
    t.c.fromPage({ protocol: P, type: 'challenge.done', channel: CHANNEL, requestId: 'r1', outcome: 'canceled' });
    const result = await pending;
    expect(t.complete).toHaveBeenCalledWith('cs_1', PK, { cancel: true });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'authentication_canceled' }, retry: { allowed: true } });
    // Retry allowed: the next confirm charges again.
    expect((await t.confirm()).status).toBe('succeeded');
    expect(t.charge).toHaveBeenCalledTimes(2);
  });

  it('a charge still processing resolves processing', async () => {
    const t = setup();
    t.charge.mockResolvedValueOnce(ok({ status: 'processing', sessionId: 'cs_1', retry: null }));
    expect(await t.confirm()).toMatchObject({ status: 'processing', sessionId: 'cs_1' });
  });
});

describe('controller: retry and a closed session', () => {
  it('after a decline that allows no retry, later confirms answer session_failed without calling the service', async () => {
    const t = setup();
    t.charge.mockResolvedValueOnce(declined(null));
    const first = await t.confirm();
    expect(first).toMatchObject({ status: 'failed', error: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds. Try another card.' } });
    const second = await t.confirm();
    expect(second).toMatchObject({ status: 'failed', error: { code: 'session_failed' } });
    expect(t.charge).toHaveBeenCalledTimes(1);
  });

  it('while retry is allowed, the next confirm charges again; after a success, none does', async () => {
    const t = setup();
    t.charge.mockResolvedValueOnce(declined({ allowed: true, attempts_remaining: 1 }));
    expect((await t.confirm()).retry).toEqual({ allowed: true, attempts_remaining: 1 });
    expect((await t.confirm()).status).toBe('succeeded');
    expect(await t.confirm()).toMatchObject({ status: 'failed', error: { code: 'session_already_completed' } });
    expect(t.charge).toHaveBeenCalledTimes(2);
  });
});

describe('controller: createToken', () => {
  it('vaults the collected card and answers the token in camelCase, never the card', async () => {
    const t = setup();
    t.vault.mockResolvedValueOnce(ok<PublicToken>({ id: 'vp_pmt_1', card: { brand: 'visa', last4: '3220', exp_month: 12, exp_year: 2030 } }));
    const result = await t.token();
    expect(t.vault).toHaveBeenCalledWith(PK, { sessionId: 'cs_1', card: CARD });
    expect(result).toEqual({ token: { id: 'vp_pmt_1', card: { brand: 'visa', last4: '3220', expMonth: 12, expYear: 2030 } } });
    expect(JSON.stringify(t.sent())).not.toContain(CARD.number);
    expect(t.charge).not.toHaveBeenCalled();
  });

  it('answers { error } for a refusal, and reports an unexpected answer as an error event', async () => {
    const t = setup();
    t.vault.mockResolvedValueOnce({ ok: false, status: 409, error: { error: 'Paid', code: 'session_already_completed', fix: '', docs: '', selfHeal: { retryable: false, nextAction: '', llmHint: '' } } });
    expect(await t.token()).toEqual({ error: { code: 'session_already_completed', message: 'Paid' } });
    t.vault.mockResolvedValueOnce({ ok: false, status: 200, error: { error: 'shape', code: 'unexpected_response', fix: '', docs: '', selfHeal: { retryable: false, nextAction: '', llmHint: '' } } });
    expect((await t.token()).error?.code).toBe('unexpected_response');
    expect(t.sent().find((m) => m.type === 'controller.error')).toMatchObject({ error: { code: 'unexpected_response' } });
    expect(t.report).toHaveBeenCalledWith('unexpected_response', expect.objectContaining({ where: 'controller.vault' }), 'cs_1');
  });
});

describe('controller: errors', () => {
  it('an exception while confirming is reported, told to the page, and resolves internal_error', async () => {
    const t = setup({ charge: async () => Promise.reject(new TypeError('boom')) });
    expect(await t.confirm()).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
    expect(t.report).toHaveBeenCalledWith('internal_error', { where: 'controller.confirm', name: 'TypeError' }, 'cs_1');
    expect(t.sent().find((m) => m.type === 'controller.error')).toMatchObject({ error: { code: 'internal_error' } });
  });
});
