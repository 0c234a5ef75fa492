/**
 * The embedded checkout frame (`mountCheckout`, embed sessions; Doc 3, Browser flows 2) is the
 * hosted page's checkout flow (src/checkout/checkout-store.ts, not a copy of it) with three
 * differences: "init" is the embed-token poll, "complete" is the public complete endpoint, and
 * nothing navigates: the buyer stays on the merchant's page, which hears the outcomes instead.
 * The page learns outcomes and codes only; the card stays in the processor's frame inside this one.
 */
import { effect } from '@preact/signals';
import type { ApiResult } from '../../client/http.ts';
import type { CompleteResponse, PublicSession } from '../../client/schemas/checkout.ts';
import type { EmbedTokenResponse, PublicCompleteResponse } from '../../client/schemas/embed.ts';
import type { CheckoutFrameToPage, PaymentError } from '../../protocol/messages.ts';
import { createCheckout } from '../../checkout/checkout-store.ts';
import type { CheckoutApi, CheckoutDeps } from '../../checkout/checkout-deps.ts';
import type { CheckoutParams } from '../../protocol/params.ts';
import { pollEmbedToken, type PollDeps } from './poll.ts';

type Body = CheckoutFrameToPage extends infer M ? (M extends unknown ? Omit<M, 'protocol' | 'channel'> : never) : never;

export interface EmbeddedApi {
  getPublicSession(sessionId: string, publishableKey: string): Promise<ApiResult<PublicSession>>;
  getEmbedToken(sessionId: string, publishableKey: string): Promise<ApiResult<EmbedTokenResponse>>;
  /** `cancel`: the buyer closed the bank check of a charge the service made at complete. */
  completeSession(sessionId: string, transactionId: string, publishableKey: string, opts?: { cancel?: boolean }): Promise<ApiResult<PublicCompleteResponse>>;
  /** The hosted page's own complete, for an account that switched the public one off. */
  completeCheckout(sessionId: string, transactionId: string): Promise<ApiResult<CompleteResponse>>;
  reportClientError: CheckoutApi['reportClientError'];
}

export interface EmbeddedDeps {
  params: CheckoutParams;
  api: EmbeddedApi;
  /** This frame's origin: the processor's fields may only talk back to it. */
  origin: string;
  post(body: Body): void;
  poll?: Pick<PollDeps, 'sleep' | 'now' | 'timing'>;
  languages?: CheckoutDeps['languages'];
  submitTimeout?: number;
  /** The bank check's dialog, inside this frame (main.tsx); without it a check cannot run here. */
  challenge?: CheckoutDeps['challenge'];
}

const clip = (s: string) => s.slice(0, 500);
const errorOf = (res: Extract<ApiResult<unknown>, { ok: false }>): PaymentError => ({ code: res.error.code.slice(0, 64), message: clip(res.error.error) });

const BEFORE_MOUNT: Record<string, PaymentError> = {
  not_found: { code: 'session_not_found', message: 'No such checkout session for this key.' },
  expired: { code: 'session_expired', message: 'The checkout session has expired.' },
  succeeded: { code: 'session_already_completed', message: 'The checkout session is already paid.' },
  paid_already: { code: 'session_already_completed', message: 'The checkout session is already paid.' },
  held: { code: 'session_already_completed', message: 'The checkout session is already paid.' },
  cancelled: { code: 'session_already_completed', message: 'The checkout session is already paid.' },
  failed: { code: 'session_wrong_state', message: 'The checkout session was declined and takes no other attempt.' },
  processing: { code: 'charge_in_progress', message: 'A payment for this checkout session is under way.' },
  error: { code: 'checkout_error', message: 'The checkout could not be loaded.' },
};

export function createEmbeddedCheckout(deps: EmbeddedDeps) {
  const { params, api, post } = deps;
  const { sessionId, publishableKey } = params;
  /** Why the last call failed, for the page's `{ error }` when the session cannot be mounted. */
  let lastError: PaymentError | null = null;
  /** What the last complete said about a declined attempt. */
  let lastDecline: { code: string; declineCode: string | null } | null = null;
  let paymentIntentId: string | null = null;
  const noting = <T>(res: ApiResult<T>): ApiResult<T> => {
    if (!res.ok) lastError = errorOf(res);
    return res;
  };

  const checkout = createCheckout({
    boot: { sessionId, publishableKey, locale: params.locale ?? null },
    origin: deps.origin,
    languages: deps.languages,
    submitTimeout: deps.submitTimeout,
    ...(deps.challenge ? { challenge: deps.challenge } : {}),
    // The embedded checkout never leaves the merchant's page: success is told to the page.
    assign: () => undefined,
    api: {
      getPublicSession: async (id, key) => noting(await api.getPublicSession(id, key)),
      initCheckout: async (id) => noting(await pollEmbedToken({ ...deps.poll, fetchToken: () => api.getEmbedToken(id, publishableKey) })),
      completeCheckout: async (id, transactionId, _buyer, _returnUrl, opts): Promise<ApiResult<CompleteResponse>> => {
        const res = await api.completeSession(id, transactionId, publishableKey, opts?.cancel ? { cancel: true } : {});
        // The account switched the public complete off (Doc 1: 503 feature_unavailable): the
        // buyer has paid the processor all the same, so finish as the hosted page would.
        if (!res.ok && res.error.code === 'feature_unavailable') return api.completeCheckout(id, transactionId);
        if (!res.ok) return noting(res);
        const { status, error, next_action: action } = res.data;
        paymentIntentId = res.data.paymentIntentId ?? paymentIntentId;
        lastDecline = error ? { code: error.code, declineCode: error.decline_code } : null;
        const data: CompleteResponse = { status, sessionId: res.data.sessionId, transactionId: res.data.transactionId, redirectUrl: null, ...(error ? { error } : {}), ...(action ? { next_action: action } : {}) };
        return { ok: true, status: res.status, data };
      },
      reportClientError: api.reportClientError,
    },
  });

  let mounted = false;
  let readySent = false;
  const stops = [
    effect(() => {
      const phase = checkout.phase.value;
      if (!mounted) {
        if (phase === 'ready') {
          mounted = true;
          post({ type: 'checkout.mounted' });
        } else if (phase !== 'loading') {
          // A session that settled before this page asked names its own state, not a failed call.
          const settled = phase === 'succeeded' || phase === 'paid_already' || phase === 'held' || phase === 'cancelled';
          post({ type: 'checkout.error', error: (!settled && lastError) || BEFORE_MOUNT[phase]! });
        }
        return;
      }
      if (phase === 'succeeded' || phase === 'held') post({ type: 'checkout.result', result: { status: 'succeeded', sessionId, paymentIntentId } });
      else if (phase === 'expired' || phase === 'error' || phase === 'failed' || phase === 'paid_already' || phase === 'processing') post({ type: 'checkout.result', result: { status: 'failed', sessionId, error: lastError ?? BEFORE_MOUNT[phase]! } });
    }),
    effect(() => {
      if (!checkout.frameReady.value || !mounted || readySent) return;
      readySent = true;
      post({ type: 'checkout.ready' });
    }),
    // Every failed attempt shows a notice and leaves the form open for another try.
    effect(() => {
      const notice = checkout.notice.value;
      if (!notice || !mounted) return;
      const error: PaymentError = { code: lastDecline?.code ?? 'payment_failed', message: clip(notice), declineCode: lastDecline?.declineCode ?? null };
      lastDecline = null;
      post({ type: 'checkout.result', result: { status: 'failed', sessionId, paymentIntentId, error } });
    }),
  ];
  return { checkout, stop: () => stops.forEach((s) => s()) };
}
