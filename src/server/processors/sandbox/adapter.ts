/**
 * The service's adapter for the sandbox processor: the `Processor` interface over the processor's
 * server-to-server HTTP API (sandbox-processor/api.ts), exactly as an adapter for a real provider
 * would be written (Doc 3, "The sandbox processor": the service talks to it only through the same
 * interface). Every way the call can go wrong becomes one of the two errors the engine knows
 * (./client.ts makes the calls).
 */
import { z } from 'zod';
import type { ChargeCard, InitResponse, WalletCharge } from '../../../api/checkout.ts';
import { sandboxGoogleGateway } from '../../../vocab/wallets.ts';
import type { WalletType } from '../../../vocab/wallet-domains.ts';
import {
  AppleMerchantSession,
  ClientTokenResponse,
  EventResponse,
  Fault,
  FaultDeleted,
  FenceResponse,
  FaultList,
  FaultRelease,
  Ledger,
  ProviderEventBody,
  Refund,
  RevokeResponse,
  RunDueResponse,
  ClockResponse,
  Transaction,
  VaultResponse,
  WalletDomainCheck,
  type DirectChargeRequest,
  FaultRequest,
  type VaultRequest,
} from '../../../../sandbox-processor/api.ts';
import type { EmittableEventType } from '../../../vocab/sandbox.ts';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import {
  ProcessorRejectedError,
  type AppleMerchantSession as MerchantSession,
  type ChargeOptions,
  type LateCallFence,
  type Processor,
  type ProcessorRefund,
  type ProcessorTransaction,
  type ProviderEvent,
  type VaultChargeRequest,
  type VaultInput,
  type VaultedCard,
} from '../types.ts';
import type { StandInControl } from '../stand-in.ts';
import { NO_EXTRAS, type ChargeExtras } from '../charge-extras.ts';
import { SandboxClient, type SandboxClientOptions } from './client.ts';

/** What a charge carries beyond the money, in the sandbox's terms: its descriptor connection is a suffix. */
function sentOf({ descriptor, ...rest }: ChargeExtras): DirectChargeRequest['sent'] {
  return { descriptor: descriptor?.kind === 'suffix' ? { suffix: descriptor.suffix } : null, ...rest };
}

export class SandboxProcessorAdapter implements Processor, StandInControl {
  readonly #client: SandboxClient;
  /** The sandbox processor is the stand-in: its own control door. */
  readonly standInControl: StandInControl = this;
  /** Its form authorizes 0 for a setup session, and its vault saves the card of that authorization. */
  readonly savesWithoutCharge = true;

  constructor(opts: SandboxClientOptions) {
    this.#client = new SandboxClient(opts);
  }

  async clientInit(merchant: Merchant, session: SessionRecord, opts: { returnUrl?: string } = {}): Promise<InitResponse> {
    const body = {
      sessionId: session.id,
      livemode: session.livemode,
      // A setup session's form checks the card for 0 and captures nothing (engine/payments/forms/setup.ts).
      amount: session.mode === 'setup' ? 0 : session.amount,
      currency: session.currency,
      capture: session.mode !== 'setup' && session.captureMethod !== 'manual',
      ...(opts.returnUrl ? { returnUrl: opts.returnUrl } : {}),
    };
    const res = await this.#client.call(merchant, 'POST', '/v1/client_tokens', body, ClientTokenResponse);
    return { type: 'sandbox', token: res!.token, environment: 'sandbox', fieldsUrl: res!.fieldsUrl };
  }

  async verifyTransaction(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction | null> {
    const t = await this.#client.call(merchant, 'GET', `/v1/transactions/${encodeURIComponent(transactionId)}`, undefined, Transaction, true);
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
    return toProcessorTransaction((await this.#client.call(merchant, 'POST', '/v1/transactions', body, Transaction))!);
  }

  /** The sandbox's gateway name, and the merchant's account id there (what `Sandbox-Account` carries). */
  googlePayGateway(merchant: Merchant) {
    return { gateway: sandboxGoogleGateway, gatewayMerchantId: merchant.id };
  }

  async appleMerchantSession(merchant: Merchant, req: { validationUrl: string; domain: string; displayName: string; livemode: boolean }): Promise<MerchantSession> {
    return (await this.#client.call(merchant, 'POST', '/v1/wallets/apple_session', req, AppleMerchantSession))!;
  }

  /** The sandbox as the domain-registration provider: why the domain fails verification, or null. */
  async checkWalletDomain(merchant: Merchant, domain: string, walletType: WalletType): Promise<string | null> {
    return (await this.#client.call(merchant, 'POST', '/v1/wallets/domain_checks', { domain, walletType }, WalletDomainCheck))!.error;
  }

  async cancelChallenge(merchant: Merchant, transactionId: string): Promise<ProcessorTransaction> {
    const id = encodeURIComponent(transactionId);
    // The sandbox ends an abandoned challenge as the bank would: failed authentication.
    const answered = await this.#client.call(merchant, 'POST', `/v1/transactions/${id}/challenge`, { result: 'fail' }, Transaction, true).catch((err: unknown) => {
      if (err instanceof ProcessorRejectedError) return null;
      throw err;
    });
    const t = answered ?? (await this.#client.call(merchant, 'GET', `/v1/transactions/${id}`, undefined, Transaction, true));
    if (!t) throw new ProcessorRejectedError('not_found', 'The processor does not know this transaction.');
    return toProcessorTransaction(t);
  }

  async lookup(merchant: Merchant, reference: string): Promise<ProcessorTransaction | null> {
    const t = await this.#client.call(merchant, 'GET', `/v1/transactions?reference=${encodeURIComponent(reference)}`, undefined, Transaction, true);
    return t && toProcessorTransaction(t);
  }

  async vault(merchant: Merchant, input: VaultInput): Promise<VaultedCard> {
    const body: VaultRequest = input;
    return (await this.#client.call(merchant, 'POST', '/v1/vault', body, VaultResponse))!;
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
      sent: sentOf(req.extras ?? NO_EXTRAS),
    };
    return toProcessorTransaction((await this.#client.call(merchant, 'POST', '/v1/transactions', body, Transaction))!);
  }

  async capture(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorTransaction> {
    const path = `/v1/transactions/${encodeURIComponent(req.transactionId)}/capture`;
    return toProcessorTransaction((await this.#client.call(merchant, 'POST', path, { amount: req.amount, reference: req.reference }, Transaction, 'reject'))!);
  }

  async void(merchant: Merchant, req: { transactionId: string; reference: string }): Promise<ProcessorTransaction> {
    const path = `/v1/transactions/${encodeURIComponent(req.transactionId)}/void`;
    return toProcessorTransaction((await this.#client.call(merchant, 'POST', path, { reference: req.reference }, Transaction, 'reject'))!);
  }

  async refund(merchant: Merchant, req: { transactionId: string; amount: number; reference: string }): Promise<ProcessorRefund> {
    return toProcessorRefund((await this.#client.call(merchant, 'POST', '/v1/refunds', req, Refund, 'reject'))!);
  }

  async refundLookup(merchant: Merchant, reference: string): Promise<ProcessorRefund | null> {
    const r = await this.#client.call(merchant, 'GET', `/v1/refunds?reference=${encodeURIComponent(reference)}`, undefined, Refund, 'null');
    return r && toProcessorRefund(r);
  }

  async revokeClientToken(merchant: Merchant, token: string): Promise<void> {
    await this.#client.call(merchant, 'POST', `/v1/client_tokens/${encodeURIComponent(token)}/revoke`, undefined, RevokeResponse, 'reject');
  }

  readonly fencesLateCalls: LateCallFence = { charge: true, refund: true };

  async fence(merchant: Merchant, reference: string): Promise<void> {
    await this.#client.call(merchant, 'POST', `/v1/references/${encodeURIComponent(reference)}/fence`, {}, FenceResponse);
  }

  async runDue(): Promise<number> {
    return (await this.#client.call(null, 'POST', '/v1/_run_due', undefined, RunDueResponse))!.processed;
  }

  /** Its payments are sandbox transactions already. */
  async standInTransaction(_merchant: Merchant, ref: string): Promise<string | null> {
    return ref;
  }

  async pushClock(offsetMs: number): Promise<ClockResponse> {
    return (await this.#client.call(null, 'POST', '/v1/_clock', { offsetMs }, ClockResponse))!;
  }

  /** Behind `POST /_sandbox/provider_events` (StandInControl). */
  async emitEvent(
    merchant: Merchant,
    type: EmittableEventType,
    ids: { transactionId?: string; refundId?: string },
  ): Promise<{ id: string; type: string; delivered: boolean }> {
    return (await this.#client.call(merchant, 'POST', '/v1/events', { type, ...ids }, EventResponse, 'reject'))!;
  }

  async armFault(input: z.input<typeof FaultRequest>): Promise<z.infer<typeof Fault>> {
    return (await this.#client.call(null, 'POST', '/v1/_faults', input, Fault))!;
  }

  async faults(): Promise<z.infer<typeof FaultList>> {
    return (await this.#client.call(null, 'GET', '/v1/_faults', undefined, FaultList))!;
  }

  async releaseFault(id: string): Promise<z.infer<typeof FaultRelease> | null> {
    return this.#client.call(null, 'POST', `/v1/_faults/${encodeURIComponent(id)}/release`, {}, FaultRelease, 'null');
  }

  async disarmFault(id: string): Promise<boolean> {
    return (await this.#client.call(null, 'DELETE', `/v1/_faults/${encodeURIComponent(id)}`, undefined, FaultDeleted, 'null')) !== null;
  }

  async ledger(merchantId: string | null): Promise<z.infer<typeof Ledger>> {
    const query = merchantId === null ? '' : `?merchant=${encodeURIComponent(merchantId)}`;
    return (await this.#client.call(null, 'GET', `/v1/_ledger${query}`, undefined, Ledger))!;
  }
}

function toProcessorTransaction(t: Transaction): ProcessorTransaction {
  return {
    id: t.id,
    status: t.status,
    declineCode: t.declineCode,
    networkDeclineCode: t.networkDeclineCode,
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
