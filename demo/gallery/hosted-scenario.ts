/**
 * Plays a HostedPage.states.ts scenario on the real hosted page store (src/checkout/
 * checkout-store.ts) through a fake checkout API, as hosted-page/app.test.tsx does: the page the
 * gallery shows is the buyer's page, without a session, a server or a card. The card fields are
 * the sandbox processor's fields page, framed from the gallery's origin (sandbox-fields.tsx); no
 * charge is ever made: "Pay" is played by posting the store the result a processor would send.
 */
import type { ReadonlySignal } from '@preact/signals';
import type { PublicSession } from '../../src/api/checkout.ts';
import type { ApiResult } from '../../src/client/http.ts';
import { PROTOCOL, type HostToProcessorFrame } from '../../src/protocol/messages.ts';
import type { CheckoutApi } from '../../src/checkout/checkout-deps.ts';
import { createCheckout, type Checkout } from '../../src/checkout/checkout-store.ts';
import type { HostedPageScenario, HttpFailure } from '../../hosted-page/HostedPage.states.ts';

const SESSION_ID = 'cs_test_gallery';
const TRANSACTION_ID = 'sbx_txn_gallery';
/** Long enough that a designer never sees the store give up on a charge that is only played. */
const NEVER_MS = 24 * 60 * 60 * 1000;

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });

function failed<T>({ status, code }: HttpFailure): ApiResult<T> {
  return { ok: false, status, error: { error: code, code, fix: '', docs: '', selfHeal: { retryable: false, nextAction: 'none', llmHint: '' } } };
}

const isFailure = (s: HostedPageScenario['session']): s is HttpFailure => typeof s === 'object' && 'code' in s && !('id' in s);

/** The fake API the scenario's answers come from. */
export function scenarioApi(scenario: HostedPageScenario, fieldsUrl: string): CheckoutApi {
  const { session, initFailure, pay } = scenario;
  let inits = 0;
  return {
    getPublicSession: async () => {
      if (session === 'no-answer') return new Promise<never>(() => undefined);
      return isFailure(session) ? failed<PublicSession>(session) : ok(session);
    },
    initCheckout: async () => {
      // The retry's fresh form, held back: the declined one stays on screen (issue 38).
      if (++inits > 1 && pay && typeof pay === 'object' && 'declineCode' in pay && pay.freshFormHeld) return new Promise<never>(() => undefined);
      return initFailure ? failed(initFailure) : ok({ type: 'sandbox' as const, token: 'sbx_tok_gallery', environment: 'sandbox' as const, fieldsUrl });
    },
    completeCheckout: async () => {
      if (pay && typeof pay === 'object' && 'declineCode' in pay) {
        return ok({
          status: 'failed' as const,
          sessionId: SESSION_ID,
          transactionId: TRANSACTION_ID,
          redirectUrl: null,
          error: { code: 'card_declined', decline_code: pay.declineCode, message: '' },
        });
      }
      const redirectUrl = pay && typeof pay === 'object' && 'redirectUrl' in pay ? pay.redirectUrl : null;
      return ok({ status: 'succeeded' as const, sessionId: SESSION_ID, transactionId: TRANSACTION_ID, redirectUrl });
    },
    reportClientError: async () => ok({ ok: true }),
  } as CheckoutApi;
}

function until<T>(s: ReadonlySignal<T>, test: (v: T) => boolean): Promise<void> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined;
    let done = false;
    stop = s.subscribe((v) => {
      if (done || !test(v)) return;
      done = true;
      resolve();
      // subscribe calls back at once, before `stop` is assigned.
      queueMicrotask(() => stop?.());
    });
  });
}

export interface HostedRun {
  checkout: Checkout;
  /** Resolves once the page shows the scenario's state (card fields loaded where it has them). */
  play(): Promise<void>;
}

export function hostedScenario(scenario: HostedPageScenario, opts: { locale: string; origin: string; fieldsUrl: string }): HostedRun {
  const checkout = createCheckout({
    boot: { sessionId: SESSION_ID, publishableKey: 'vp_pk_test_gallery', locale: opts.locale },
    api: scenarioApi(scenario, opts.fieldsUrl),
    origin: opts.origin,
    // The gallery never leaves: the success panel stays, "returning you to the shop" and all.
    assign: () => undefined,
    // The page's language is the gallery's, whatever the designer's browser prefers.
    languages: [],
    redirectDelay: NEVER_MS,
    submitTimeout: NEVER_MS,
  });

  async function play() {
    const started = checkout.start();
    // No answer yet: the page stays on its first words.
    if (scenario.session === 'no-answer') return;
    await started;
    if (checkout.phase.value !== 'ready') return;
    await until(checkout.frameReady, Boolean);
    const { pay } = scenario;
    if (!pay) return;
    // The submit would go to the fields frame, which would charge the card typed there: the
    // gallery keeps it and answers as the processor would.
    let requestId: string | null = null;
    checkout.setPoster((msg: HostToProcessorFrame) => {
      if (msg.type === 'sbx.submit') requestId = msg.requestId;
    });
    checkout.pay();
    if (pay === 'running' || requestId === null) return;
    const declined = 'declineCode' in pay;
    checkout.onFrameMessage({
      protocol: PROTOCOL,
      type: 'sbx.result',
      requestId,
      status: declined ? 'declined' : 'approved',
      transactionId: TRANSACTION_ID,
      ...(declined ? { declineCode: pay.declineCode } : {}),
    });
    await until(checkout.paying, (p) => !p);
    // After a decline the page mounts fresh fields: the state is shown once they are there (or,
    // held back, while the declined ones wait for them).
    const held = declined && pay.freshFormHeld === true;
    if (checkout.phase.value === 'ready' && !held) await until(checkout.frameReady, Boolean);
  }

  return { checkout, play };
}
