/**
 * The controller frame's logic, free of `window` so it can be tested: it keeps each field's state
 * (the fields tell the page themselves), binds each field to this mount (key, session, secret: binding.ts), and on `confirm`
 * collects the bound fields' values, charges the session and answers with an outcome. Card values
 * pass through here (same service origin) but never go to the page.
 */
import type { PublicChargeRequest, PublicChargeResponse } from '../../api/checkout.ts';
import type { ApiResult } from '../../client/http.ts';
import type { Bus } from '../../protocol/channel.ts';
import { loadLocale, negotiateLocale, t } from '../../locales/index.ts';
import { PROTOCOL } from '../../protocol/checks.ts';
import type {
  BoundFieldToController,
  ConfirmResult,
  ControllerBind,
  ControllerToBoundField,
  ControllerToField,
  ControllerToPage,
  ElementOptions,
  ElementType,
  FieldState,
  FieldToController,
  PageToController,
} from '../../protocol/messages.ts';
import { newMountSecret } from '../binding.ts';
import { mergeCard, type FieldAnswer } from './merge.ts';
import { errorFor, failure, fromCharge } from './result.ts';

export interface ControllerDeps {
  channel: string;
  locale?: string;
  toPage(msg: ControllerToPage): void;
  /** Posts on the bus: announcements only, every field frame on the channel hears them. */
  toFields(msg: ControllerToField): void;
  /**
   * Hands `bind` to the field frame `elementId` with a private port and returns this end of it;
   * null when that frame cannot be found. The field answers nothing if it refuses the bind.
   */
  pairField(elementId: string, bind: ControllerBind, onMessage: (msg: BoundFieldToController) => void): Bus<ControllerToBoundField> | null;
  /** For tests; a fresh crypto-random secret per mount otherwise. */
  newSecret?(): string;
  charge(sessionId: string, publishableKey: string, body: PublicChargeRequest): Promise<ApiResult<PublicChargeResponse>>;
  /** Reports an unexpected failure: a code and context, never card data. */
  report(code: string, context: Record<string, string | number | boolean>, sessionId?: string): void;
  /** How long fields get to hand over their values; they live in the same process, so short. */
  collectTimeoutMs?: number;
}

interface Field {
  type: ElementType;
  state?: FieldState;
  /** The private line to this field once bound (binding.ts). */
  port?: Bus<ControllerToBoundField> | null;
}

export function createController(deps: ControllerDeps) {
  const fields = new Map<string, Field>();
  const options = new Map<string, ElementOptions>();
  const collecting = new Map<string, (elementId: string, msg: Extract<BoundFieldToController, { type: 'field.values' }>) => void>();
  let session: { publishableKey: string; sessionId: string; locale?: string; secret: string } | null = null;
  let confirming = false;
  let collectSeq = 0;

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
        void confirm().then((result) =>
          toPage({ protocol: PROTOCOL, type: 'confirm.result', channel: deps.channel, requestId: msg.requestId, result }),
        );
        return;
    }
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

  async function confirm(): Promise<ConfirmResult> {
    await localeLoaded;
    const sessionId = session?.sessionId ?? '';
    if (!session) return failure(sessionId, errorFor('internal_error', locale(), 'The controller was not initialised.'));
    if (confirming) {
      return failure(sessionId, errorFor('payment_in_progress', locale(), 'confirmPayment is already running for these elements.'));
    }
    const ids = [...fields.keys()];
    if (ids.length === 0) {
      return failure(sessionId, errorFor('elements_not_mounted', locale(), 'Mount at least one card element before confirmPayment.'));
    }
    confirming = true;
    toBound({ protocol: PROTOCOL, type: 'field.busy', busy: true });
    try {
      return await collectAndCharge(session, ids);
    } catch (err) {
      deps.report('internal_error', { where: 'controller.confirm', name: err instanceof Error ? err.name : typeof err }, sessionId);
      return failure(sessionId, errorFor('internal_error', locale(), 'Something went wrong in the payment frame.'));
    } finally {
      confirming = false;
      toBound({ protocol: PROTOCOL, type: 'field.busy', busy: false });
    }
  }

  async function collectAndCharge(s: NonNullable<typeof session>, ids: string[]): Promise<ConfirmResult> {
    const { answers, missing } = await collect(ids);
    const merged = mergeCard(answers);
    if (!merged.ok && merged.elementId) return validationFailure(s.sessionId, merged.elementId, merged.key);
    if (missing.length > 0) {
      deps.report('fields_unavailable', { where: 'controller.collect', missing: missing.length, asked: ids.length }, s.sessionId);
      return failure(s.sessionId, errorFor('fields_unavailable', locale(), 'A card field did not answer; reload the page and try again.'));
    }
    if (!merged.ok) return validationFailure(s.sessionId, undefined, merged.key);
    const res = await deps.charge(s.sessionId, s.publishableKey, { card: merged.card });
    if (!res.ok && (res.status === 0 || res.status >= 500 || res.error.code === 'unexpected_response')) {
      deps.report(res.error.code, { where: 'controller.charge', status: res.status }, s.sessionId);
    }
    return fromCharge(res, s.sessionId, locale());
  }

  function validationFailure(sessionId: string, elementId: string | undefined, key: Parameters<typeof t>[1]): ConfirmResult {
    // The field's own error (already shown beside the input) is the most precise wording.
    const shown = elementId ? fields.get(elementId)?.state?.error?.message : undefined;
    return failure(sessionId, { code: 'validation_error', message: shown ?? t(locale(), key) });
  }

  return {
    fromPage,
    fromField,
    /** Fields may have loaded first: ask them to announce themselves again. */
    start: () => deps.toFields({ protocol: PROTOCOL, type: 'controller.hello' }),
  };
}
