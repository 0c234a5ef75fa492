import { describe, expect, it, vi } from 'vitest';
import fr from '../../locales/fr.json';
import ja from '../../locales/ja.json';
import type { PublicChargeResponse } from '../../api/checkout.ts';
import type { ApiResult } from '../../client/http.ts';
import {
  ControllerBind,
  ControllerToBoundField,
  ControllerToField,
  ControllerToPage,
  PROTOCOL,
  type BoundFieldToController,
  type CardValues,
} from '../../protocol/messages.ts';
import type { ControllerDeps } from './controller-deps.ts';
import { createController } from './controller.ts';

const CHANNEL = 'chan_0123456789';
const PK = 'vp_pk_test_abc123';
const P = PROTOCOL;

type Answer = { valid: boolean; values: CardValues } | 'silent' | 'not found';

/**
 * Fields as the controller sees them through `pairField`: each bound field answers a
 * `field.collect` over its port from `answers` (elementId -> values), and only when the collect
 * carries the secret of its bind (binding.ts); a 'not found' field has no frame to bind.
 */
function fakeFields(answers: Record<string, Answer>) {
  const binds: ControllerBind[] = [];
  /** What each field received over its port, by elementId. */
  const received = new Map<string, ControllerToBoundField[]>();
  const pairField = vi.fn<ControllerDeps['pairField']>((elementId, bind, onMessage) => {
    expect(ControllerBind.safeParse(bind).success).toBe(true);
    const answer = answers[elementId];
    if (answer === 'not found') return null;
    binds.push(bind);
    const got: ControllerToBoundField[] = [];
    received.set(elementId, got);
    return {
      post(m) {
        expect(ControllerToBoundField.safeParse(m).success).toBe(true);
        got.push(m);
        if (m.type !== 'field.collect' || m.secret !== bind.secret || !answer || answer === 'silent') return;
        const values: BoundFieldToController = { protocol: P, type: 'field.values', elementId, requestId: m.requestId, ...answer };
        queueMicrotask(() => onMessage(values));
      },
      close() {},
    };
  });
  return { binds, received, pairField, all: () => [...received.values()].flat() };
}

/** A controller whose fields answer `field.collect` from `answers` (elementId -> values). */
function setup(answers: Record<string, Answer>, charge?: ControllerDeps['charge'], locale?: string) {
  const toPage = vi.fn<(m: ControllerToPage) => void>((m) => expect(ControllerToPage.safeParse(m).success).toBe(true));
  const toFields = vi.fn<(m: ControllerToField) => void>((m) => expect(ControllerToField.safeParse(m).success).toBe(true));
  const fields = fakeFields(answers);
  const report = vi.fn();
  const chargeFn = vi.fn(
    charge ??
      (async (): Promise<ApiResult<PublicChargeResponse>> => ({
        ok: true,
        status: 200,
        data: { status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' },
      })),
  );
  const c = createController({ channel: CHANNEL, toPage, toFields, pairField: fields.pairField, report, charge: chargeFn, collectTimeoutMs: 50 });
  c.fromPage({ protocol: P, type: 'init', channel: CHANNEL, publishableKey: PK, sessionId: 'cs_1', locale });
  return { c, toPage, toFields, fields, report, charge: chargeFn };
}

const hello = (elementId: string, elementType: 'card' | 'cardNumber' | 'cardExpiry' | 'cardCvc') =>
  ({ protocol: P, type: 'field.hello', elementId, elementType }) as const;

async function confirm(t: ReturnType<typeof setup>) {
  t.c.fromPage({ protocol: P, type: 'confirm', channel: CHANNEL, requestId: 'r1', kind: 'payment' });
  await vi.waitFor(() => expect(t.toPage.mock.calls.some(([m]) => m.type === 'confirm.result')).toBe(true));
  const msg = t.toPage.mock.calls.map(([m]) => m).find((m) => m.type === 'confirm.result');
  return msg?.type === 'confirm.result' ? msg.result : undefined;
}

const fullCard = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', postalCode: '12345' };

describe('controller', () => {
  it('answers init with controller.ready, and tells the page nothing of field events (the fields do)', () => {
    const t = setup({});
    expect(t.toPage).toHaveBeenCalledWith({ protocol: P, type: 'controller.ready', channel: CHANNEL });
    const state = { elementType: 'card', empty: false, complete: false, brand: 'visa', error: null } as const;
    t.c.fromField({ protocol: P, type: 'field.event', elementId: 'e1', event: 'change', state });
    // A second copy of each event on the page would fire the merchant's handlers twice.
    expect(t.toPage).toHaveBeenCalledOnce();
  });

  it('charges the combined card and maps the outcome', async () => {
    const t = setup({ e1: { valid: true, values: fullCard } });
    t.c.fromField(hello('e1', 'card'));
    const result = await confirm(t);
    expect(t.charge).toHaveBeenCalledWith('cs_1', PK, { card: fullCard });
    expect(result).toEqual({ status: 'succeeded', sessionId: 'cs_1', paymentIntentId: 'pi_1' });
    const busy = t.fields.all().filter((m) => m.type === 'field.busy');
    expect(busy.map((m) => m.type === 'field.busy' && m.busy)).toEqual([true, false]);
  });

  it('merges split fields into one card', async () => {
    const t = setup({
      n: { valid: true, values: { number: '4242424242424242' } },
      x: { valid: true, values: { expMonth: 1, expYear: 2031 } },
      v: { valid: true, values: { cvc: '999' } },
    });
    t.c.fromField(hello('n', 'cardNumber'));
    t.c.fromField(hello('x', 'cardExpiry'));
    t.c.fromField(hello('v', 'cardCvc'));
    await confirm(t);
    expect(t.charge).toHaveBeenCalledWith('cs_1', PK, { card: { number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '999' } });
  });

  it('fails with validation_error without calling the API when a field is invalid', async () => {
    const t = setup({ n: { valid: false, values: {} }, x: { valid: true, values: { expMonth: 1, expYear: 2031 } } });
    t.c.fromField(hello('n', 'cardNumber'));
    t.c.fromField(hello('x', 'cardExpiry'));
    const result = await confirm(t);
    expect(t.charge).not.toHaveBeenCalled();
    expect(result).toEqual({ status: 'failed', sessionId: 'cs_1', error: { code: 'validation_error', message: 'Your card number is incomplete.' } });
  });

  it('fails with validation_error when a split part is not mounted', async () => {
    const t = setup({ n: { valid: true, values: { number: '4242424242424242' } } });
    t.c.fromField(hello('n', 'cardNumber'));
    const result = await confirm(t);
    expect(t.charge).not.toHaveBeenCalled();
    expect(result?.error).toEqual({ code: 'validation_error', message: "Your card's expiration date is incomplete." });
  });

  it('stops waiting for an unmounted field, and times out on a silent one', async () => {
    const t = setup({ e1: { valid: true, values: fullCard }, gone: 'silent' });
    t.c.fromField(hello('e1', 'card'));
    t.c.fromField(hello('gone', 'card'));
    const silent = await confirm(t);
    expect(silent?.error?.code).toBe('fields_unavailable');
    expect(t.report).toHaveBeenCalledWith('fields_unavailable', expect.any(Object), 'cs_1');
    t.toPage.mockClear();
    t.c.fromPage({ protocol: P, type: 'element.unmount', channel: CHANNEL, elementId: 'gone' });
    expect((await confirm(t))?.status).toBe('succeeded');
  });

  it('maps a decline with buyer wording, decline code and retry', async () => {
    const t = setup({ e1: { valid: true, values: fullCard } }, async () => ({
      ok: true,
      status: 200,
      data: {
        status: 'failed',
        sessionId: 'cs_1',
        error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'declined' },
        retry: { allowed: true, attempts_remaining: 2 },
      },
    }));
    t.c.fromField(hello('e1', 'card'));
    expect(await confirm(t)).toEqual({
      status: 'failed',
      sessionId: 'cs_1',
      error: { code: 'card_declined', message: 'Your card has insufficient funds. Try another card.', declineCode: 'insufficient_funds' },
      retry: { allowed: true, attempts_remaining: 2 },
    });
  });

  it('maps an error envelope to failed and reports network failures', async () => {
    const envelope = (code: string, error: string) => ({ error, code, fix: '', docs: '', selfHeal: { retryable: false, nextAction: '', llmHint: '' } });
    const t = setup({ e1: { valid: true, values: fullCard } }, async () => ({
      ok: false,
      status: 422,
      error: envelope('charge_at_submit_not_enabled', 'This session does not charge at submit.'),
    }));
    t.c.fromField(hello('e1', 'card'));
    expect((await confirm(t))?.error).toEqual({ code: 'charge_at_submit_not_enabled', message: 'This session does not charge at submit.' });
    expect(t.report).not.toHaveBeenCalled();

    const n = setup({ e1: { valid: true, values: fullCard } }, async () => ({ ok: false, status: 0, error: envelope('network_error', 'x') }));
    n.c.fromField(hello('e1', 'card'));
    expect((await confirm(n))?.error).toEqual({ code: 'network_error', message: 'We could not process your payment. Try again.' });
    expect(n.report).toHaveBeenCalledWith('network_error', { where: 'controller.charge', status: 0 }, 'cs_1');
  });

  it('treats requires_action as processing', async () => {
    const t = setup({ e1: { valid: true, values: fullCard } }, async () => ({
      ok: true,
      status: 200,
      data: { status: 'requires_action', sessionId: 'cs_1', paymentIntentId: 'pi_2' },
    }));
    t.c.fromField(hello('e1', 'card'));
    expect(await confirm(t)).toEqual({ status: 'processing', sessionId: 'cs_1', paymentIntentId: 'pi_2' });
  });

  it('forwards option updates to the bound field, again when it (re)announces itself', () => {
    const t = setup({});
    t.c.fromPage({ protocol: P, type: 'element.update', channel: CHANNEL, elementId: 'e1', options: { disabled: true } });
    t.c.fromField(hello('e1', 'card'));
    t.c.fromPage({ protocol: P, type: 'element.update', channel: CHANNEL, elementId: 'e1', options: { placeholder: 'x' } });
    const updates = () => t.fields.received.get('e1')!.filter((m) => m.type === 'field.update');
    expect(updates()).toEqual([
      { protocol: P, type: 'field.update', options: { disabled: true } },
      { protocol: P, type: 'field.update', options: { placeholder: 'x' } },
    ]);
    // A reloaded field says hello again: a new bind, and the latest options with it.
    t.c.fromField(hello('e1', 'card'));
    expect(updates()).toEqual([{ protocol: P, type: 'field.update', options: { placeholder: 'x' } }]);
  });

  it('binds each field to its key, session and a fresh secret, and never lets the secret out', async () => {
    const t = setup({ e1: { valid: true, values: fullCard } });
    t.c.fromField(hello('e1', 'card'));
    expect(t.fields.binds).toEqual([
      { protocol: P, type: 'controller.bind', channel: CHANNEL, elementId: 'e1', publishableKey: PK, sessionId: 'cs_1', secret: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    const secret = t.fields.binds[0]!.secret;
    await confirm(t);
    expect(t.fields.received.get('e1')).toContainEqual({ protocol: P, type: 'field.collect', requestId: expect.any(String), secret });
    const outside = JSON.stringify([t.toPage.mock.calls, t.toFields.mock.calls, t.report.mock.calls]);
    expect(outside, 'the secret in a message to the page, on the bus or in a report').not.toContain(secret);
    // Another controller (another frame, another init) has its own secret.
    const other = setup({});
    other.c.fromField(hello('e1', 'card'));
    expect(other.fields.binds[0]!.secret).not.toBe(secret);
  });

  it('binds the fields that announced themselves before init, once init names the session', () => {
    const fields = fakeFields({});
    const c = createController({ channel: CHANNEL, toPage: vi.fn(), toFields: vi.fn(), pairField: fields.pairField, report: vi.fn(), charge: vi.fn() });
    c.fromField(hello('e1', 'card'));
    expect(fields.binds, 'no session yet, nothing to bind to').toEqual([]);
    c.fromPage({ protocol: P, type: 'init', channel: CHANNEL, publishableKey: PK, sessionId: 'cs_1' });
    expect(fields.binds).toMatchObject([{ elementId: 'e1', publishableKey: PK, sessionId: 'cs_1' }]);
  });

  it('charges only the session of its first init, whatever a later init says', async () => {
    const t = setup({ e1: { valid: true, values: fullCard } });
    t.c.fromPage({ protocol: P, type: 'init', channel: CHANNEL, publishableKey: 'vp_pk_test_attacker', sessionId: 'cs_attacker' });
    t.c.fromField(hello('e1', 'card'));
    await confirm(t);
    expect(t.fields.binds).toMatchObject([{ publishableKey: PK, sessionId: 'cs_1' }]);
    expect(t.charge).toHaveBeenCalledExactlyOnceWith('cs_1', PK, { card: fullCard });
  });

  it('charges nothing when a field could not be bound', async () => {
    const t = setup({ e1: 'not found' });
    t.c.fromField(hello('e1', 'card'));
    expect((await confirm(t))?.error?.code).toBe('fields_unavailable');
    expect(t.charge).not.toHaveBeenCalled();
  });

  it('refuses a confirm with no mounted element', async () => {
    const t = setup({});
    expect((await confirm(t))?.error?.code).toBe('elements_not_mounted');
  });

  it('loads the language init names before it words a result', async () => {
    // Fresh modules: the test setup has already loaded every language in the shared ones.
    vi.resetModules();
    const locales = await import('../../locales/index.ts');
    const fresh = await import('./controller.ts');
    expect(locales.t('fr', 'decline.insufficient_funds')).toBe('Your card has insufficient funds. Try another card.');
    const toPage = vi.fn<(m: ControllerToPage) => void>();
    const fields = fakeFields({ e1: { valid: true, values: fullCard } });
    const charge: ControllerDeps['charge'] = async () => ({
      ok: true,
      status: 200,
      data: { status: 'failed', sessionId: 'cs_1', error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'declined' } },
    });
    const c = fresh.createController({
      channel: CHANNEL,
      toPage,
      toFields: () => {},
      pairField: fields.pairField,
      report: vi.fn(),
      charge,
    });
    c.fromPage({ protocol: P, type: 'init', channel: CHANNEL, publishableKey: PK, sessionId: 'cs_1', locale: 'fr-FR' });
    c.fromField(hello('e1', 'card'));
    c.fromPage({ protocol: P, type: 'confirm', channel: CHANNEL, requestId: 'r1', kind: 'payment' });
    await vi.waitFor(() => expect(toPage.mock.calls.some(([m]) => m.type === 'confirm.result')).toBe(true));
    const msg = toPage.mock.calls.map(([m]) => m).find((m) => m.type === 'confirm.result');
    expect(msg?.type === 'confirm.result' && msg.result.error?.message).toBe(fr['decline.insufficient_funds']);
  });

  it("words results in the browser's language for locale 'auto'", async () => {
    vi.stubGlobal('navigator', { languages: ['ja-JP', 'en'], language: 'ja-JP' });
    try {
      const charge: ControllerDeps['charge'] = async () => ({
        ok: true,
        status: 200,
        data: { status: 'failed', sessionId: 'cs_1', error: { code: 'card_declined', decline_code: 'expired_card', message: 'declined' } },
      });
      const t = setup({ e1: { valid: true, values: fullCard } }, charge, 'auto');
      t.c.fromField(hello('e1', 'card'));
      expect((await confirm(t))?.error?.message).toBe(ja['decline.expired_card']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
