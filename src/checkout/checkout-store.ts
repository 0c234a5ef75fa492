/**
 * The hosted checkout's state machine (Doc 3, "Browser flows" 1): read the session, init the
 * processor, mount its fields, pay, complete, follow the redirect. Every outside effect comes in
 * through `deps` (checkout-deps.ts), so the flow is tested without a browser or a server. The
 * hosted page (hosted-page/main.tsx) and the embedded checkout frame (src/frames/checkout/bridge.ts)
 * both run it.
 */
import { computed, signal } from '@preact/signals';
import type { PublicSession } from '../api/checkout.ts';
import type { BuyerDetails } from '../buyer/buyer-fields.ts';
import type { ApiResult } from '../client/http.ts';
import { loadCheckoutLocale, t } from '../locales/checkout.ts';
import { declineMessage, resolveLocale } from '../locales/index.ts';
import { PROTOCOL } from '../protocol/checks.ts';
import type { HostToProcessorFrame, ProcessorFrameToHost } from '../protocol/messages.ts';
import type { ChallengeOutcome, CheckoutDeps } from './checkout-deps.ts';
import { pageLocale, refusalPhase, settledPhase, type Phase } from './session-phase.ts';
import { fieldsFor, type MountedFields } from './providers/registry.ts';

const randomRequestId = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36);

export function createCheckout(deps: CheckoutDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.randomId ?? randomRequestId;
  const phase = signal<Phase>('loading');
  const session = signal<PublicSession | null>(null);
  /** The card fields of the merchant's provider, as the registry (providers/registry.ts) read `init`'s answer. */
  const fields = signal<MountedFields | null>(null);
  /** Issue 35: init hands out no form while the session lacks buyer details it requires; the page asks for them first. */
  const detailsFirst = signal(false);
  const frameReady = signal(false);
  /** Issue 38: from a failed attempt until the fresh fields are ready; the old ones take no typing meanwhile. */
  const renewing = signal(false);
  /** The fields page's content height, once it has said (null: the stylesheet's default). */
  const frameHeight = signal<number | null>(null);
  const paying = signal(false);
  /** Buyer-safe wording of the last failed attempt, shown in an alert above Pay. */
  const notice = signal<string | null>(null);
  const redirectUrl = signal<string | null>(null);
  /** Full tag for Intl (e.g. de-AT): the session's locale, else the browser's (issue 9). */
  const localeTag = computed(() => pageLocale(deps.boot?.locale ?? session.value?.locale, deps.languages));
  const locale = computed(() => resolveLocale(localeTag.value));

  let poster: ((msg: HostToProcessorFrame) => void) | null = null;
  /** The buyer-details form (issue 10), when the page shows one: its values, or null while any is wrong. */
  let buyerForm: (() => BuyerDetails | null) | null = null;
  /** What the buyer gave, when no save could put it on the session first; `complete` carries it then. */
  let buyer: BuyerDetails | undefined;
  let pending: { requestId: string; timer: ReturnType<typeof setTimeout> } | null = null;
  let frameKey = 0;
  let run = 0;

  const sessionId = deps.boot?.sessionId;

  /** Codes and context only: card data never reaches this page, and never goes here. */
  function report(code: string, context: Record<string, unknown> = {}) {
    void deps.api.reportClientError({ sessionId, message: `hosted: ${code}`, context: { code, ...context } }).catch(() => undefined);
  }

  function succeed(url: string | null, settled: 'succeeded' | 'held' = 'succeeded') {
    paying.value = false;
    redirectUrl.value = url;
    phase.value = settled;
    if (url) setTimeout(() => deps.assign(url), deps.redirectDelay ?? 1500);
  }

  async function start() {
    const current = ++run;
    phase.value = 'loading';
    notice.value = null;
    const boot = deps.boot;
    if (!boot || !boot.publishableKey) {
      phase.value = 'not_found';
      return;
    }
    const res = await deps.api.getPublicSession(boot.sessionId, boot.publishableKey);
    if (current !== run) return;
    if (!res.ok) {
      if (res.status !== 404 && res.status !== 0) report('session_load_failed', { status: res.status, errorCode: res.error.code });
      phase.value = res.status === 404 ? 'not_found' : 'error';
      return;
    }
    // The session may name the buyer's language: have its wording before anything shows in it.
    await loadCheckoutLocale(pageLocale(boot.locale ?? res.data.locale, deps.languages));
    if (current !== run) return;
    session.value = res.data;
    const closed = res.data.status === 'expired' || Date.parse(res.data.expiresAt) <= now();
    const settled = settledPhase(res.data) ?? (closed ? 'expired' : null);
    if (settled) {
      phase.value = settled;
      return;
    }
    await init(current);
  }

  /** Gets a fresh processor token and (re)mounts the fields frame with it. */
  async function init(current = run) {
    frameReady.value = false;
    const res = await deps.api.initCheckout(sessionId ?? '');
    if (current !== run) return;
    // No card fields until the details are saved (the hosted page; the embedded checkout has no save).
    if (!res.ok && res.status === 422 && res.error.code === 'required_fields_missing' && deps.api.saveBuyerDetails) {
      if (detailsFirst.value) notice.value = t(locale.value, 'status.pay_error');
      [detailsFirst.value, fields.value, paying.value, phase.value] = [true, null, false, 'ready'];
      return;
    }
    if (!res.ok) return failInit(res);
    [detailsFirst.value, paying.value] = [false, false];
    const mounted = fieldsFor(res.data, { parentOrigin: deps.origin, locale: localeTag.value, key: ++frameKey, session: session.value });
    if (mounted.kind === 'unsupported') return fieldsFailed('unsupported_processor', mounted.context);
    fields.value = mounted;
    phase.value = 'ready';
  }

  /** The provider's fields could not be shown (no such provider here, its script did not load): nothing to pay with. */
  function fieldsFailed(code: string, context?: Record<string, unknown>) {
    report(code, context);
    paying.value = false;
    phase.value = 'error';
  }

  function failInit(res: Extract<ApiResult<unknown>, { ok: false }>) {
    paying.value = false;
    const settled = refusalPhase(res.status, res.error.code);
    if (!settled && res.status !== 0) report('init_failed', { status: res.status, errorCode: res.error.code });
    phase.value = settled ?? 'error';
  }

  function pay() {
    const first = detailsFirst.value;
    if (phase.value !== 'ready' || paying.value || (!first && (!frameReady.value || !poster))) return;
    // Nothing is charged while a buyer detail is missing or wrong: the form shows why, focused.
    const details = buyerForm ? buyerForm() : undefined;
    if (details === null) return;
    notice.value = null;
    paying.value = true;
    // Issue 22: what the buyer typed is on the session before the card is charged, so a tab closed
    // right after the charge (or a charge whose answer is lost) loses nothing. Not saved: not charged.
    const save = deps.api.saveBuyerDetails;
    buyer = save ? undefined : details;
    if (details && save) void save(sessionId ?? '', details).then((res) => afterSave(res, first));
    else submit();
  }

  /** Saved: the card is charged, or (details first) the form the session now may have is mounted. */
  function afterSave(res: ApiResult<unknown>, first: boolean) {
    if (res.ok) return first ? void init() : submit();
    // A session that can take no payment now: the page says what became of it.
    if (refusalPhase(res.status, res.error.code)) return failInit(res);
    if (res.status !== 0) report('buyer_details_save_failed', { status: res.status, errorCode: res.error.code });
    paying.value = false;
    notice.value = t(locale.value, 'status.pay_error');
  }

  /** Asks the fields frame to charge the card (once the details are saved). */
  function submit() {
    // The page moved on while the details were saved (a fresh frame, another state): pay again.
    if (phase.value !== 'ready' || !poster) return void (paying.value = false);
    const requestId = newId();
    const timer = setTimeout(() => {
      if (pending?.requestId !== requestId) return;
      pending = null;
      report('fields_timeout');
      retryAfterFailure(t(locale.value, 'status.pay_error'));
    }, deps.submitTimeout ?? 60_000);
    pending = { requestId, timer };
    poster({ protocol: PROTOCOL, type: 'sbx.submit', requestId });
  }

  /** After a decline or failure the token may be spent: show why, then mount a fresh frame. */
  function retryAfterFailure(message: string) {
    [paying.value, notice.value, renewing.value] = [false, message, true];
    void init();
  }

  /**
   * Asks the service how the transaction ended. `challenge`: how the bank dialog closed, when the
   * bank wanted the buyer; `canceled` ends the challenge (nothing charged).
   */
  async function complete(transactionId: string, processorDecline: string | undefined, challenge?: ChallengeOutcome) {
    const backoff = deps.completeBackoff ?? [500, 1500];
    for (let attempt = 0; ; attempt++) {
      const res =
        challenge === 'canceled'
          ? await deps.api.completeCheckout(sessionId ?? '', transactionId, buyer, '', { cancel: true })
          : await deps.api.completeCheckout(sessionId ?? '', transactionId, buyer);
      if (res.ok) {
        const { status, error, next_action: action } = res.data;
        if (action) {
          // The buyer's bank wants them (3-D Secure). Once the dialog closed, a bank still waiting
          // is a payment the page cannot settle: say so rather than open the dialog again.
          if (challenge) {
            paying.value = false;
            phase.value = 'processing';
            return;
          }
          if (!deps.challenge) {
            report('challenge_unsupported');
            return retryAfterFailure(t(locale.value, 'status.pay_error'));
          }
          deps.challenge(action.redirect_to_url.url, (outcome) => void complete(transactionId, processorDecline, outcome));
          return;
        }
        if (status === 'succeeded') return succeed(res.data.redirectUrl, res.data.paymentStatus === 'held' ? 'held' : 'succeeded');
        // Doc 1: a decline leaves the session `failed`, or `pending` when same-session retry re-opened it.
        if (error && (status === 'failed' || status === 'pending')) {
          if (challenge === 'canceled') return retryAfterFailure(t(locale.value, 'status.challenge_cancelled'));
          return retryAfterFailure(declineMessage(locale.value, error.decline_code ?? processorDecline));
        }
        if (status === 'expired') return void ([paying.value, phase.value] = [false, 'expired']);
        report('complete_unexpected_status', { status });
        return retryAfterFailure(t(locale.value, 'status.pay_error'));
      }
      // Another payment settled the session first (another tab): this one is recorded for the
      // merchant to refund; the buyer learns the order was already paid.
      if (res.status === 409 && res.error.code === 'session_already_completed') return void ([paying.value, phase.value] = [false, 'paid_already']);
      if (res.status === 410 || (res.status === 409 && res.error.code === 'charge_in_progress')) return failInit(res); // as init says them
      // Complete is safe to repeat; a lost answer must not make the buyer pay twice.
      const retryable = res.status === 0 || res.status >= 500;
      const pause = backoff[attempt];
      if (retryable && pause !== undefined) {
        await new Promise((r) => setTimeout(r, pause));
        continue;
      }
      report('complete_failed', { status: res.status, errorCode: res.error.code });
      paying.value = false;
      phase.value = 'error';
      return;
    }
  }

  function onFrameMessage(msg: ProcessorFrameToHost) {
    if (msg.type === 'sbx.ready') return void ([frameReady.value, renewing.value] = [true, false]);
    if (msg.type === 'sbx.resize') {
      frameHeight.value = msg.height;
      return;
    }
    // The fields page shows the bank's check (embedded checkout): no time limit; the result follows.
    if (msg.type === 'sbx.challenge') {
      if (pending?.requestId === msg.requestId) clearTimeout(pending.timer);
      return;
    }
    if (msg.type !== 'sbx.result' || !pending || msg.requestId !== pending.requestId) return;
    clearTimeout(pending.timer);
    pending = null;
    switch (msg.status) {
      case 'invalid':
        // The fields frame shows which input is wrong and focuses it.
        paying.value = false;
        return;
      case 'error':
        report('processor_charge_failed');
        return retryAfterFailure(t(locale.value, 'status.pay_error'));
      case 'approved':
      case 'declined':
      case 'requires_action':
        if (!msg.transactionId) {
          report('result_without_transaction', { status: msg.status });
          return retryAfterFailure(t(locale.value, 'status.pay_error'));
        }
        void complete(msg.transactionId, msg.declineCode);
    }
  }

  return {
    phase,
    session,
    fields,
    detailsFirst,
    fieldsFailed,
    frameReady,
    renewing,
    frameHeight,
    paying,
    notice,
    redirectUrl,
    locale,
    localeTag,
    start,
    /** "Try again" on the generic error panel. */
    retry: () => void start(),
    pay,
    onFrameMessage,
    /** The buyer-details form hands over how to read it (null on unmount). */
    setBuyerForm: (fn: (() => BuyerDetails | null) | null) => void (buyerForm = fn),
    /** The frame component hands over how to post to the current iframe (null on unmount). */
    setPoster: (fn: ((msg: HostToProcessorFrame) => void) | null) => void (poster = fn),
    /** Issue 38: the fresh fields after a decline are ready; the next card goes to their number. */
    focusCard: () => poster?.({ protocol: PROTOCOL, type: 'sbx.focus' }),
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
