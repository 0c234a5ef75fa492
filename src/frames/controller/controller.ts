/**
 * The controller frame's logic, free of `window` so it can be tested: it keeps each field's state
 * (the fields tell the page themselves), binds each field to this mount (key, session, secret:
 * binding.ts), and on `confirm` collects the bound fields' values and charges the session
 * (`payment`, through a bank challenge when the bank asks) or vaults the card (`token`), answering
 * with an outcome. Card values pass through here (same service origin) but never go to the page.
 */
import type { PublicChargeRequest } from '../../api/checkout.ts';
import type { ChargeCard } from '../../client/schemas/charge.ts';
import type { ApiResult } from '../../client/http.ts';
import { loadLocale, negotiateLocale, t } from '../../locales/index.ts';
import { PROTOCOL } from '../../protocol/checks.ts';
import type {
  BoundFieldToController,
  ConfirmResult,
  ControllerBind,
  ControllerToBoundField,
  ControllerToPage,
  ElementOptions,
  ElementType,
  ElementsError,
  FieldToController,
  PageToController,
  PaymentError,
  TokenResult,
} from '../../protocol/messages.ts';
import { elementBehaviour } from '../../elements/registry.ts';
import { cardBrands } from '../../vocab/elements.ts';
import { newMountSecret } from '../binding.ts';
import type { ControllerDeps, Field, Session } from './controller-deps.ts';
import { billingAddressOf, mergeCard, type FieldAnswer } from './merge.ts';
import { errorFor, failure, finalError, fromCharge, toTokenResult } from './result.ts';

export function createController(deps: ControllerDeps) {
  const fields = new Map<string, Field>();
  const options = new Map<string, ElementOptions>();
  const collecting = new Map<string, (elementId: string, msg: Extract<BoundFieldToController, { type: 'field.values' }>) => void>();
  let session: Session | null = null;
  let confirming = false;
  let collectSeq = 0;
  /** Set once the session can take no other payment here: later confirms answer it at once, with no call. */
  let closed: PaymentError | null = null;
  /** Bank challenges shown by the page, by the confirm's request id. */
  const challenges = new Map<string, (outcome: 'returned' | 'canceled') => void>();

  // 'auto' is the browser's language, as in the field frames.
  const locale = () => negotiateLocale([session?.locale ?? deps.locale]);
  /** The wording of `locale()`, loading while the buyer types; every confirm result waits for it. */
  let localeLoaded = loadLocale(locale());
  const toPage = (msg: ControllerToPage) => deps.toPage(msg);

  /** Binds one field to this mount over a new private port; again after the field reloads. */
  function bind(elementId: string): void {
    const field = fields.get(elementId);
    if (!field || !session) return;
    field.port?.close();
    const msg: ControllerBind = {
      protocol: PROTOCOL,
      type: 'controller.bind',
      channel: deps.channel,
      elementId,
      publishableKey: session.publishableKey,
      sessionId: session.sessionId,
      secret: session.secret,
    };
    field.port = deps.pairField(elementId, msg, (answer) => collecting.get(answer.requestId)?.(elementId, answer));
    const stored = options.get(elementId);
    if (stored) field.port?.post({ protocol: PROTOCOL, type: 'field.update', options: stored });
  }

  const toBound = (msg: ControllerToBoundField) => {
    for (const field of fields.values()) field.port?.post(msg);
  };

  function register(elementId: string, type: ElementType): Field {
    let field = fields.get(elementId);
    if (!field) {
      field = { type };
      fields.set(elementId, field);
    }
    return field;
  }

  function fromPage(msg: PageToController): void {
    switch (msg.type) {
      case 'init':
        // The first init wins: a page that re-inits gets a new controller frame instead.
        if (!session) {
          const secret = deps.newSecret?.() ?? newMountSecret();
          session = { publishableKey: msg.publishableKey, sessionId: msg.sessionId, locale: msg.locale, secret };
          localeLoaded = loadLocale(locale());
          // Fields that announced themselves before init wait for it to be bound.
          for (const elementId of fields.keys()) bind(elementId);
        }
        toPage({ protocol: PROTOCOL, type: 'controller.ready', channel: deps.channel });
        return;
      case 'element.update':
        if (msg.options) options.set(msg.elementId, msg.options);
        fields.get(msg.elementId)?.port?.post({ protocol: PROTOCOL, type: 'field.update', options: msg.options });
        return;
      case 'element.unmount':
        fields.get(msg.elementId)?.port?.close();
        fields.delete(msg.elementId);
        options.delete(msg.elementId);
        return;
      case 'confirm':
        if (msg.kind === 'token') {
          void run(msg.requestId, tokenize, (_sessionId, error): TokenResult => ({ error })).then((result) =>
            toPage({ protocol: PROTOCOL, type: 'token.result', channel: deps.channel, requestId: msg.requestId, result }),
          );
        } else {
          void run(msg.requestId, pay, failure).then((result) =>
            toPage({ protocol: PROTOCOL, type: 'confirm.result', channel: deps.channel, requestId: msg.requestId, result }),
          );
        }
        return;
      case 'challenge.done':
        challenges.get(msg.requestId)?.(msg.outcome);
        return;
    }
  }

  /**
   * An unexpected failure inside the frames: reported to the service (code and context, never
   * card data) and to the merchant as the group's `error` event.
   */
  function fault(error: ElementsError, context: Record<string, string | number | boolean>, report = true): void {
    if (report) deps.report(error.code, context, session?.sessionId);
    toPage({ protocol: PROTOCOL, type: 'controller.error', channel: deps.channel, error });
  }

  function fromField(msg: FieldToController): void {
    switch (msg.type) {
      case 'field.hello':
        // Said on load (and to a starting controller): a new field document needs a new bind.
        register(msg.elementId, msg.elementType);
        bind(msg.elementId);
        return;
      case 'field.event':
        // Kept for the wording of a validation failure; the page heard it from the field itself.
        register(msg.elementId, msg.state.elementType).state = msg.state;
        return;
      // A field frame's own failure goes from that frame straight to the page (element.error).
    }
  }

  /** Asks every field for its values; resolves with the answers of the known fields. */
  function collect(ids: readonly string[]): Promise<{ answers: FieldAnswer[]; missing: string[] }> {
    const requestId = `c${++collectSeq}`;
    const answers = new Map<string, FieldAnswer>();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        collecting.delete(requestId);
        resolve({ answers: [...answers.values()], missing: ids.filter((id) => !answers.has(id)) });
      };
      const timer = setTimeout(finish, deps.collectTimeoutMs ?? 3000);
      // `elementId` is the port the answer came on, whatever the answer says.
      collecting.set(requestId, (elementId, msg) => {
        const field = fields.get(elementId);
        if (!field || !ids.includes(elementId)) return;
        answers.set(elementId, { elementId, elementType: field.type, valid: msg.valid, values: msg.values });
        if (answers.size === ids.length) finish();
      });
      if (!session) return finish();
      for (const id of ids) fields.get(id)?.port?.post({ protocol: PROTOCOL, type: 'field.collect', requestId, secret: session.secret });
    });
  }

  /** One confirm at a time: checks, busy fields, then `work`; an exception becomes `internal_error`. */
  async function run<R>(requestId: string, work: (s: Session, ids: string[], requestId: string) => Promise<R>, fail: (sessionId: string, e: PaymentError) => R): Promise<R> {
    await localeLoaded;
    const sessionId = session?.sessionId ?? '';
    if (!session) return fail(sessionId, errorFor('internal_error', locale(), 'The controller was not initialised.'));
    if (closed) return fail(sessionId, closed);
    if (confirming) {
      return fail(sessionId, errorFor('payment_in_progress', locale(), 'confirmPayment or createToken is already running for these elements.'));
    }
    // Only what the registry says the charge takes from: a wallet pays on its own and is not asked.
    const ids = [...fields.keys()].filter((id) => elementBehaviour[fields.get(id)!.type].collects !== 'none');
    if (ids.length === 0) {
      return fail(sessionId, errorFor('elements_not_mounted', locale(), 'Mount at least one card element before confirmPayment or createToken.'));
    }
    confirming = true;
    toBound({ protocol: PROTOCOL, type: 'field.busy', busy: true });
    try {
      return await work(session, ids, requestId);
    } catch (err) {
      fault({ code: 'internal_error', message: 'Something went wrong in the payment frame.' }, { where: 'controller.confirm', name: err instanceof Error ? err.name : typeof err });
      return fail(sessionId, errorFor('internal_error', locale(), 'Something went wrong in the payment frame.'));
    } finally {
      confirming = false;
      challenges.delete(requestId);
      toBound({ protocol: PROTOCOL, type: 'field.busy', busy: false });
    }
  }

  /** The merged card of every field, or the error to answer with (nothing was sent anywhere). */
  async function collectCard(ids: string[]): Promise<{ card: ChargeCard; billingAddress?: PublicChargeRequest['billingAddress'] } | { error: PaymentError }> {
    const { answers, missing } = await collect(ids);
    const merged = mergeCard(answers);
    if (!merged.ok && merged.elementId) return { error: validationError(merged.elementId, merged.key) };
    if (missing.length > 0) {
      fault({ code: 'fields_unavailable', message: 'A card field did not answer; it may have failed to load.' }, { where: 'controller.collect', missing: missing.length, asked: ids.length });
      return { error: errorFor('fields_unavailable', locale(), 'A card field did not answer; reload the page and try again.') };
    }
    if (!merged.ok) return { error: validationError(undefined, merged.key) };
    // A billing address element's value goes with the card (the charge's `billingAddress`).
    const billingAddress = billingAddressOf(answers);
    return { card: merged.card, ...(billingAddress ? { billingAddress } : {}) };
  }

  /** A failed call worth telling the service and the merchant about (the network or our side, not the buyer). */
  function noteFailure(res: ApiResult<unknown>, where: string): void {
    if (res.ok) return;
    const ours = res.status === 0 || res.status >= 500 || res.error.code === 'unexpected_response';
    if (ours) deps.report(res.error.code, { where, status: res.status }, session?.sessionId);
    if (res.error.code === 'unexpected_response') fault({ code: 'unexpected_response', message: 'The payment service answered in an unexpected shape.' }, {}, false);
  }

  async function pay(s: Session, ids: string[], requestId: string): Promise<ConfirmResult> {
    const got = await collectCard(ids);
    if ('error' in got) return failure(s.sessionId, got.error);
    const res = await deps.charge(s.sessionId, s.publishableKey, { card: got.card, ...(got.billingAddress ? { billingAddress: got.billingAddress } : {}), ...(deps.pageOrigin ? { pageOrigin: deps.pageOrigin } : {}) });
    noteFailure(res, 'controller.charge');
    let result: ConfirmResult;
    const action = res.ok && res.data.status === 'requires_action' ? res.data.next_action : undefined;
    if (action && deps.complete) {
      // Doc 2, next_action: the buyer's bank asks them to confirm. The page shows it; its answer
      // (or the buyer closing it) comes back here, and the service says how the charge ended.
      const outcome = await new Promise<'returned' | 'canceled'>((resolve) => {
        challenges.set(requestId, resolve);
        toPage({ protocol: PROTOCOL, type: 'confirm.challenge', channel: deps.channel, requestId, url: action.redirect_to_url.url, label: t(locale(), 'challenge.title'), cancel: t(locale(), 'challenge.cancel') });
      });
      const done = await deps.complete(s.sessionId, s.publishableKey, outcome === 'canceled' ? { cancel: true } : {});
      noteFailure(done, 'controller.complete');
      result = fromCharge(done, s.sessionId, locale());
      if (outcome === 'canceled' && result.status === 'failed') {
        result.error = { code: 'authentication_canceled', message: t(locale(), 'status.pay_error'), declineCode: null };
      }
    } else {
      result = fromCharge(res, s.sessionId, locale());
    }
    closed = finalError(result, locale());
    return result;
  }

  async function tokenize(s: Session, ids: string[]): Promise<TokenResult> {
    const got = await collectCard(ids);
    if ('error' in got) return { error: got.error };
    if (!deps.vault) return { error: errorFor('internal_error', locale(), 'This frame cannot vault cards.') };
    const res = await deps.vault(s.publishableKey, { sessionId: s.sessionId, card: got.card });
    noteFailure(res, 'controller.vault');
    return toTokenResult(res, locale(), cardBrands);
  }

  function validationError(elementId: string | undefined, key: Parameters<typeof t>[1]): PaymentError {
    // The field's own error (already shown beside the input) is the most precise wording.
    const shown = elementId ? fields.get(elementId)?.state?.error?.message : undefined;
    return { code: 'validation_error', message: shown ?? t(locale(), key) };
  }

  return {
    fromPage,
    fromField,
    fault,
    /** Fields may have loaded first: ask them to announce themselves again. */
    start: () => deps.toFields({ protocol: PROTOCOL, type: 'controller.hello' }),
  };
}
