/**
 * The service's adapter for the sandbox processor: the `Processor` interface over the processor's
 * server-to-server HTTP API (sandbox-processor/api.ts), exactly as an adapter for a real provider
 * would be written (Doc 3, "The sandbox processor": the service talks to it only through the same
 * interface). Every way the call can go wrong becomes one of the two errors the engine knows.
 */
import type { z } from 'zod';
import type { ChargeCard, InitResponse, WalletCharge } from '../../../api/checkout.ts';
import { sandboxGoogleGateway } from '../../../vocab/wallets.ts';
import {
  ACCOUNT_HEADER,
  AppleMerchantSession,
  ClientTokenResponse,
  ErrorBody,
  EventResponse,
  ProviderEventBody,
  Refund,
  RevokeResponse,
  RunDueResponse,
  Transaction,
  VaultResponse,
  type DirectChargeRequest,
  type VaultRequest,
} from '../../../../sandbox-processor/api.ts';
import type { EmittableEventType } from '../../../vocab/sandbox.ts';
import type { Merchant, SessionRecord } from '../../engine/types.ts';
import {
  ProcessorRejectedError,
  ProcessorUnavailableError,
  type AppleMerchantSession as MerchantSession,
  type ChargeOptions,
  type Processor,
  type ProcessorRefund,
  type ProcessorTransaction,
  type ProviderEvent,
  type VaultChargeRequest,
  type VaultInput,
  type VaultedCard,
} from '../types.ts';
import type { FetchLike } from '../../../platform/http-transport.ts';

export interface SandboxAdapterOptions {
  /** Where the service reaches the processor (SVCPAY_PROCESSOR_URL). */
  baseUrl: string;
  /** The bearer secret the processor expects from the service. */
  secret: string;
  /** The keep-alive transport in production; the processor app's own `request` in tests. */
  fetch: FetchLike;
  /** How long one call may take before the processor counts as unavailable. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export class SandboxProcessorAdapter implements Processor {
  readonly #opts: Required<SandboxAdapterOptions>;

  constructor(opts: SandboxAdapterOptions) {
    this.#opts = { timeoutMs: DEFAULT_TIMEOUT_MS, ...opts };
  }

  async clientInit(merchant: Merchant, session: SessionRecord, opts: { returnUrl?: string } = {}): Promise<InitResponse> {
    const body = {
      sessionId: session.id,
      livemode: session.livemode,
      amount: session.amount,
      currency: session.currency,
      capture: session.captureMethod !== 'manual',
      ...(opts.returnUrl ? { returnUrl: opts.returnUrl } : {}),
    };
    const res = await this.#call(merchant, 'POST', '/v1/client_tokens', body, ClientTokenResponse);
    return { type: 'sandbox', token: res!.token, environment: 'sandbox', fieldsUrl: res!.fieldsUrl };
  }

  async verifyTransaction(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction | null> {
    const t = await this.#call(merchant, 'GET', `/v1/transactions/${encodeURIComponent(transactionId)}`, undefined, Transaction, true);
    return t && toProcessorTransaction(t);
  }

  async charge(merchant: Merchant, session: SessionRecord, card: ChargeCard, opts: ChargeOptions = {}): Promise<ProcessorTransaction> {
    return this.#directCharge(merchant, session, opts.reference, { card, returnUrl: opts.returnUrl ?? null, frameAncestor: opts.frameAncestor ?? null });
  }

  async chargeWallet(merchant: Merchant, session: SessionRecord, wallet: WalletCharge, opts: { reference?: string } = {}): Promise<ProcessorTransaction> {
    return this.#directCharge(merchant, session, opts.reference, { wallet });
  }

  /** One charge of the session's amount, by card or by wallet token (`what`), in the processor's terms. */
  async #directCharge(
    merchant: Merchant,
    session: SessionRecord,
    reference: string | undefined,
    what: Pick<DirectChargeRequest, 'card' | 'wallet' | 'returnUrl' | 'frameAncestor'>,
  ): Promise<ProcessorTransaction> {
    const body: DirectChargeRequest = {
      sessionId: session.id,
      livemode: session.livemode,
      amount: session.amount,
      currency: session.currency,
      reference: reference ?? null,
      ...what,
      // A manual-capture session only authorizes now; `POST /v1/payment_intents/{id}/capture` captures.
      capture: session.captureMethod !== 'manual',
    };
    return toProcessorTransaction((await this.#call(merchant, 'POST', '/v1/transactions', body, Transaction))!);
  }

  /** The sandbox's gateway name, and the merchant's account id there (what `Sandbox-Account` carries). */
  googlePayGateway(merchant: Merchant) {
    return { gateway: sandboxGoogleGateway, gatewayMerchantId: merchant.id };
  }

  async appleMerchantSession(merchant: Merchant, req: { validationUrl: string; domain: string; displayName: string; livemode: boolean }): Promise<MerchantSession> {
    return (await this.#call(merchant, 'POST', '/v1/wallets/apple_session', req, AppleMerchantSession))!;
  }

  async cancelChallenge(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction> {
    const id = encodeURIComponent(transactionId);
    // The sandbox ends an abandoned challenge as the bank would: failed authentication.
    const answered = await this.#call(merchant, 'POST', `/v1/transactions/${id}/challenge`, { result: 'fail' }, Transaction, true).catch((err: unknown) => {
      if (err instanceof ProcessorRejectedError) return null;
      throw err;
    });
    const t = answered ?? (await this.#call(merchant, 'GET', `/v1/transactions/${id}`, undefined, Transaction, true));
    if (!t) throw new ProcessorRejectedError('not_found', 'The processor does not know this transaction.');
    return toProcessorTransaction(t);
  }

  async lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null> {
    const t = await this.#call(merchant, 'GET', `/v1/transactions?reference=${encodeURIComponent(reference)}`, undefined, Transaction, true);
    return t && toProcessorTransaction(t);
  }

  async vault(merchant: Merchant, input: VaultInput): Promise<VaultedCard> {
    const body: VaultRequest = input;
    return (await this.#call(merchant, 'POST', '/v1/vault', body, VaultResponse))!;
  }

  async chargeVaulted(merchant: Merchant, req: VaultChargeRequest): Promise<ProcessorTransaction> {
    const body: DirectChargeRequest = {
      sessionId: req.sessionId,
      livemode: req.livemode,
      amount: req.amount,
      currency: req.currency,
      reference: req.reference,
      vaultId: req.vaultId,
      capture: req.capture,
      returnUrl: req.returnUrl,
      billingPostalCode: req.billingPostalCode,
      merchantInitiated: req.merchantInitiated,
    };
    return toProcessorTransaction((await this.#call(merchant, 'POST', '/v1/transactions', body, Transaction))!);
  }

  async capture(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorTransaction> {
    const path = `/v1/transactions/${encodeURIComponent(req.transactionId)}/capture`;
    return toProcessorTransaction((await this.#call(merchant, 'POST', path, { amount: req.amount, reference: req.reference }, Transaction, 'reject'))!);
  }

  async void(merchant: Merchant, req: { transactionId: string; reference: string }): Promise<ProcessorTransaction> {
    const path = `/v1/transactions/${encodeURIComponent(req.transactionId)}/void`;
    return toProcessorTransaction((await this.#call(merchant, 'POST', path, { reference: req.reference }, Transaction, 'reject'))!);
  }

  async refund(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorRefund> {
    return toProcessorRefund((await this.#call(merchant, 'POST', '/v1/refunds', req, Refund, 'reject'))!);
  }

  async refundLookup(merchant: Merchant, reference: string): Promise<ProcessorRefund | null> {
    const r = await this.#call(merchant, 'GET', `/v1/refunds?reference=${encodeURIComponent(reference)}`, undefined, Refund, 'null');
    return r && toProcessorRefund(r);
  }

  async revokeClientToken(merchant: Merchant, token: string): Promise<void> {
    await this.#call(merchant, 'POST', `/v1/client_tokens/${encodeURIComponent(token)}/revoke`, undefined, RevokeResponse, 'reject');
  }

  async runDue(): Promise<number> {
    return (await this.#call(null, 'POST', '/v1/_run_due', undefined, RunDueResponse))!.processed;
  }

  /**
   * Not on the interface: asks the sandbox processor to send one provider event now (behind
   * `POST /_sandbox/provider_events`), making the change it reports. `delivered`: the service's
   * webhook answered 2xx. An unknown id is a `ProcessorRejectedError` (`transaction_not_found`,
   * `refund_not_found`); an event that contradicts the state is one too (`invalid_state`).
   */
  async emitEvent(
    merchant: Merchant,
    type: EmittableEventType,
    ids: { transactionId?: string; refundId?: string },
  ): Promise<{ id: string; type: string; delivered: boolean }> {
    return (await this.#call(merchant, 'POST', '/v1/events', { type, ...ids }, EventResponse, 'reject'))!;
  }

  /**
   * One call: a parsed answer or one of the engine's two errors. A 404 is `null` with `'null'`, a
   * refusal with `'reject'` (the id named in the path is unknown), and no usable answer otherwise.
   */
  async #call<S extends z.ZodType>(
    merchant: Merchant | null,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: S,
    notFound: 'unavailable' | 'null' | 'reject' | boolean = 'unavailable',
  ): Promise<z.infer<S> | null> {
    const { status, json } = await this.#send(merchant, method, path, body);
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ProcessorUnavailableError(`The sandbox processor answered ${method} ${path} with an unreadable body.`);
      return parsed.data;
    }
    if (status === 404 && (notFound === 'null' || notFound === true)) return null;
    const error = ErrorBody.safeParse(json);
    // 400 and 409 are the processor refusing this request: nothing moved, the reason is its own.
    const refused = status === 400 || status === 409 || (status === 404 && notFound === 'reject');
    if (refused && error.success) throw new ProcessorRejectedError(error.data.code, error.data.error);
    // Anything else (401 from a wrong secret, 5xx, a proxy's page) means no usable answer.
    // A 503 in the processor's own format is the processor saying it processed nothing; any other
    // failure (a 502 lost answer, a proxy's page, a 5xx) leaves the outcome unknown.
    throw new ProcessorUnavailableError(
      `The sandbox processor answered ${method} ${path} with ${status}${error.success ? ` ${error.data.code}` : ''}.`,
      status === 503 && error.success,
    );
  }

  async #send(merchant: Merchant | null, method: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    const { baseUrl, secret, timeoutMs } = this.#opts;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Racing a timer as well as aborting: a fetch-like function may ignore the signal.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ProcessorUnavailableError(`The sandbox processor did not answer ${method} ${path} within ${timeoutMs} ms.`));
      }, timeoutMs);
    });
    try {
      const res = await Promise.race([
        this.#opts.fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${secret}`,
            ...(merchant ? { [ACCOUNT_HEADER]: merchant.id } : {}),
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        }),
        timeout,
      ]);
      const text = await Promise.race([res.text(), timeout]);
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: judged by its status alone.
      }
      return { status: res.status, json };
    } catch (err) {
      if (err instanceof ProcessorUnavailableError) throw err;
      throw new ProcessorUnavailableError(`The sandbox processor could not be reached for ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      clearTimeout(timer);
    }
  }
}

function toProcessorTransaction(t: Transaction): ProcessorTransaction {
  return {
    id: t.id,
    status: t.status,
    declineCode: t.declineCode,
    ruleCode: t.ruleCode,
    amount: t.amount,
    currency: t.currency,
    sessionId: t.sessionId,
    merchantId: t.merchantId,
    card: t.card,
    avsResult: t.avsResult,
    cvvResult: t.cvvResult,
    reference: t.reference,
    capture: t.capture,
    capturedAmount: t.capturedAmount,
    settlesAt: t.settlesAt,
    challengeUrl: t.challengeUrl,
    threeDSecure: t.threeDSecure,
    dispute: t.dispute,
  };
}

function toProcessorRefund(r: Refund): ProcessorRefund {
  return {
    id: r.id,
    reference: r.reference,
    transactionId: r.transactionId,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    failureCode: r.failureCode,
  };
}

/**
 * Reads what the sandbox processor POSTs to `/api/webhooks/sandbox` (after the signature checked
 * out): the event as the engine knows it, or null for a body that is not one.
 */
export function parseProviderEvent(json: unknown): ProviderEvent | null {
  const parsed = ProviderEventBody.safeParse(json);
  if (!parsed.success) return null;
  const e = parsed.data;
  if ('refund' in e) return { id: e.id, type: e.type, refund: toProcessorRefund(e.refund) };
  return { id: e.id, type: e.type, transaction: toProcessorTransaction(e.transaction) } as ProviderEvent;
}
