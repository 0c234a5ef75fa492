import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxProcessor } from '../../../../sandbox-processor/index.ts';
import { CARD, SECRET, testProcessor } from '../../../../sandbox-processor/testing.ts';
import type { Merchant, SessionRecord } from '../../domain/index.ts';
import { ProcessorRejectedError, ProcessorUnavailableError, type VaultChargeRequest } from '../types.ts';
import { httpTransport, type FetchLike } from '../../../platform/http-transport.ts';
import { freePorts } from '../../../platform/ports.ts';
import { SandboxProcessorAdapter, parseProviderEvent } from './adapter.ts';

const BASE = 'http://127.0.0.1:4243';
const merchant = { id: 'merchant_a' } as Merchant;
const session = { id: 'vp_cs_test_1', livemode: false, amount: 1200, currency: 'EUR' } as SessionRecord;

function adapterOver(processor: ReturnType<typeof testProcessor>['processor'], extra: { secret?: string; timeoutMs?: number } = {}) {
  return new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: (url, init) => processor.app.request(url, init), ...extra });
}

describe('sandbox processor adapter', () => {
  let dir: string | undefined;
  afterEach(() => {
    vi.useRealTimers();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('gets a client token, charges with a reference and finds the charge by it', async () => {
    const { processor } = testProcessor();
    const adapter = adapterOver(processor);
    expect(await adapter.clientInit(merchant, session)).toMatchObject({ type: 'sandbox', environment: 'sandbox', fieldsUrl: `${BASE}/fields` });
    const t = await adapter.charge(merchant, session, CARD, { reference: 'att_1' });
    expect(t).toMatchObject({ status: 'approved', amount: 1200, currency: 'EUR', sessionId: session.id, merchantId: merchant.id });
    expect(await adapter.charge(merchant, session, CARD, { reference: 'att_1' })).toEqual(t);
    expect(await adapter.lookup(merchant, 'att_1')).toEqual(t);
    expect(await adapter.lookup(merchant, 'att_2')).toBeNull();
    expect(await adapter.verifyTransaction(merchant, t.id)).toEqual(t);
    expect(await adapter.verifyTransaction({ id: 'merchant_b' } as Merchant, t.id)).toBeNull();
  });

  it('turns the processor refusing the card into ProcessorRejectedError with its reason', async () => {
    const adapter = adapterOver(testProcessor().processor);
    const err = await adapter.charge(merchant, session, { ...CARD, number: '4242424242424241' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessorRejectedError);
    expect(err).toMatchObject({ reason: 'invalid_number', message: 'The card number is not valid.' });
  });

  it('reports a refused connection as ProcessorUnavailableError with nothing moved, through either transport', async () => {
    // A port that was just free has no listener: the connection is refused, so the request never left.
    const [closed] = await freePorts(1);
    for (const transport of [fetch, httpTransport()]) {
      const adapter = new SandboxProcessorAdapter({ baseUrl: `http://127.0.0.1:${closed}`, secret: SECRET, fetch: transport });
      await expect(adapter.charge(merchant, session, CARD)).rejects.toMatchObject({ constructor: ProcessorUnavailableError, nothingMoved: true });
      await expect(adapter.clientInit(merchant, session)).rejects.toMatchObject({ nothingMoved: true });
    }
  });

  it('reports a connection reset after sending as an unknown outcome, not nothing moved', async () => {
    const server = createServer((req) => req.socket.resetAndDestroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      for (const transport of [fetch, httpTransport()]) {
        const adapter = new SandboxProcessorAdapter({ baseUrl: `http://127.0.0.1:${port}`, secret: SECRET, fetch: transport });
        await expect(adapter.charge(merchant, session, CARD)).rejects.toMatchObject({ constructor: ProcessorUnavailableError, nothingMoved: false });
      }
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('reports a wrong secret, a 500 and an unreadable answer as ProcessorUnavailableError', async () => {
    const wrongSecret = adapterOver(testProcessor().processor, { secret: 'not-the-secret' });
    await expect(wrongSecret.lookup(merchant, 'att_1')).rejects.toBeInstanceOf(ProcessorUnavailableError);
    const answering = (res: () => Response) => new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: async () => res() });
    const failing = answering(() => new Response(JSON.stringify({ code: 'processor_error', error: 'x' }), { status: 500 }));
    await expect(failing.verifyTransaction(merchant, 'sbx_txn_1')).rejects.toBeInstanceOf(ProcessorUnavailableError);
    // Only the processor's own 503 says nothing moved: a 500 or 502 in its format may come after it acted,
    // and a 404 on a call that names no id is no refusal.
    for (const status of [500, 502, 404]) {
      const after = answering(() => new Response(JSON.stringify({ code: 'x', error: 'x' }), { status }));
      await expect(after.charge(merchant, session, CARD)).rejects.toMatchObject({ constructor: ProcessorUnavailableError, nothingMoved: false });
    }
    const down = answering(() => new Response(JSON.stringify({ code: 'provider_unavailable', error: 'x' }), { status: 503 }));
    await expect(down.charge(merchant, session, CARD)).rejects.toMatchObject({ nothingMoved: true });
    const garbled = answering(() => new Response('<html>proxy</html>', { status: 200 }));
    await expect(garbled.charge(merchant, session, CARD)).rejects.toBeInstanceOf(ProcessorUnavailableError);
  });

  it('gives up after the timeout, 10 s unless told otherwise', async () => {
    vi.useFakeTimers();
    const never: FetchLike = () => new Promise<Response>(() => undefined);
    const adapter = new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: never });
    let settled: unknown = 'pending';
    const pending = adapter.charge(merchant, session, CARD).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    void pending.then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ProcessorUnavailableError);

    const quick = new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: never, timeoutMs: 50 });
    const fast = quick.lookup(merchant, 'att_1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50);
    expect(await fast).toBeInstanceOf(ProcessorUnavailableError);
  });

  it('gives the control door (arming a fault, the ledger) 10 s even when payment calls get less', async () => {
    vi.useFakeTimers();
    const never: FetchLike = () => new Promise<Response>(() => undefined);
    const quick = new SandboxProcessorAdapter({ baseUrl: BASE, secret: SECRET, fetch: never, timeoutMs: 50 });
    let armed: unknown = 'pending';
    void quick.armFault({ operation: 'charge', kind: 'hold' }).catch((e: unknown) => (armed = e));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(armed).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(armed).toBeInstanceOf(ProcessorUnavailableError);
  });

  it('finds its transactions again after the processor reopens its own database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'svcpay-sbx-'));
    const open = () =>
      createSandboxProcessor({
        dataPath: join(dir!, 'svcpay.sandbox-processor.sqlite'),
        apiSecret: SECRET,
        webhookSecret: 'whsec_test',
        stripePublishableKey: 'pk_test_x',
        serviceUrl: 'http://localhost:4242',
        publicUrl: BASE,
        distDir: dir!,
        log: { info: () => undefined, error: () => undefined },
      });
    const first = open();
    const t = await adapterOver(first).charge(merchant, session, CARD, { reference: 'att_keep' });
    first.close();
    const again = open();
    const adapter = adapterOver(again);
    expect(await adapter.verifyTransaction(merchant, t.id)).toEqual(t);
    expect(await adapter.lookup(merchant, 'att_keep')).toEqual(t);
    expect(await adapter.charge(merchant, session, CARD, { reference: 'att_keep' })).toEqual(t);
    expect((again.db.prepare('SELECT count(*) AS n FROM transactions').get() as { n: number }).n).toBe(1);
    expect(again.db.pragma('journal_mode', { simple: true })).toBe('wal');
    // NORMAL: commits reach the OS; each answer waits for a group fsync (sandbox-processor/store/durable.ts).
    expect(again.db.pragma('synchronous', { simple: true })).toBe(1);
    again.close();
  });
});

describe('sandbox processor adapter: vault, capture, void, refunds, events', () => {
  const vaultCharge = (vaultId: string, extra: Partial<VaultChargeRequest> = {}): VaultChargeRequest => ({
    reference: 'att_v1',
    vaultId,
    amount: 1500,
    currency: 'USD',
    livemode: false,
    capture: true,
    sessionId: null,
    returnUrl: null,
    billingPostalCode: null,
    merchantInitiated: false,
    ...extra,
  });

  it('vaults by reference and by card, charges the vaulted card once per reference', async () => {
    const adapter = adapterOver(testProcessor().processor);
    const byRef = await adapter.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
    expect(byRef).toEqual({ vaultId: expect.stringMatching(/^sbx_pm_/), card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } });
    const byCard = await adapter.vault(merchant, { card: { ...CARD, number: '5555555555554444' }, livemode: false });
    expect(byCard.card).toEqual({ brand: 'mastercard', last4: '4444', expMonth: CARD.expMonth, expYear: CARD.expYear });
    const t = await adapter.chargeVaulted(merchant, vaultCharge(byRef.vaultId));
    expect(t).toMatchObject({ status: 'approved', capture: 'settled', capturedAmount: 1500, cvvResult: 'not_provided', reference: 'att_v1', dispute: null });
    expect(await adapter.chargeVaulted(merchant, vaultCharge(byRef.vaultId))).toEqual(t);
    expect(await adapter.lookup(merchant, 'att_v1')).toEqual(t);
    const err = await adapter.vault(merchant, { providerReference: 'tok_sandbox_visa_1111', livemode: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessorRejectedError);
    expect(err).toMatchObject({ reason: 'unknown_reference' });
  });

  it('authorizes, captures in part, refunds, looks refunds up, and refuses a void after capture', async () => {
    const adapter = adapterOver(testProcessor().processor);
    const { vaultId } = await adapter.vault(merchant, { providerReference: 'tok_sandbox_visa_4242', livemode: false });
    const auth = await adapter.chargeVaulted(merchant, vaultCharge(vaultId, { capture: false }));
    expect(auth).toMatchObject({ status: 'approved', capture: 'none', capturedAmount: 0 });
    const captured = await adapter.capture(merchant, { transactionId: auth.id, amount: 1000, reference: 'cap_1' });
    expect(captured).toMatchObject({ capture: 'settled', capturedAmount: 1000 });
    await expect(adapter.void(merchant, { transactionId: auth.id, reference: 'void_1' })).rejects.toMatchObject({ reason: 'invalid_state' });
    const refund = await adapter.refund(merchant, { transactionId: auth.id, amount: 400, reference: 'rf_1' });
    expect(refund).toEqual({ id: expect.stringMatching(/^sbx_re_/), reference: 'rf_1', transactionId: auth.id, amount: 400, currency: 'USD', status: 'succeeded', failureCode: null });
    expect(await adapter.refundLookup(merchant, 'rf_1')).toEqual(refund);
    expect(await adapter.refundLookup(merchant, 'rf_2')).toBeNull();
    await expect(adapter.refund(merchant, { transactionId: auth.id, amount: 601, reference: 'rf_2' })).rejects.toMatchObject({ reason: 'amount_exceeds_captured' });
    // An unknown transaction is a refusal, not an outage.
    await expect(adapter.capture(merchant, { transactionId: 'sbx_txn_nope', amount: 1, reference: 'c' })).rejects.toBeInstanceOf(ProcessorRejectedError);
    const other = await adapter.chargeVaulted(merchant, vaultCharge(vaultId, { reference: 'att_v2', capture: false }));
    expect(await adapter.void(merchant, { transactionId: other.id, reference: 'void_2' })).toMatchObject({ capture: 'voided' });
  });

  it('reports a challenge, a refused challenge without a return URL, a lost answer and an unavailable provider', async () => {
    const adapter = adapterOver(testProcessor().processor);
    const vault = async (ref: string) => (await adapter.vault(merchant, { providerReference: ref, livemode: false })).vaultId;
    const challenge = await adapter.chargeVaulted(merchant, vaultCharge(await vault('tok_sandbox_visa_3220'), { returnUrl: 'http://localhost:4242/back' }));
    expect(challenge).toMatchObject({ status: 'requires_action', challengeUrl: `${BASE}/challenge/${challenge.id}` });
    await expect(adapter.chargeVaulted(merchant, vaultCharge(await vault('tok_sandbox_visa_3220'), { reference: 'att_c2' }))).rejects.toMatchObject({
      reason: 'missing_redirect_url',
    });
    const lostVault = await vault('tok_sandbox_visa_0090');
    await expect(adapter.chargeVaulted(merchant, vaultCharge(lostVault, { reference: 'att_lost' }))).rejects.toBeInstanceOf(ProcessorUnavailableError);
    expect(await adapter.lookup(merchant, 'att_lost')).toMatchObject({ status: 'approved', capture: 'settled' });
    await expect(adapter.chargeVaulted(merchant, vaultCharge(await vault('tok_sandbox_visa_0108'), { reference: 'att_down' }))).rejects.toBeInstanceOf(
      ProcessorUnavailableError,
    );
    expect(await adapter.lookup(merchant, 'att_down')).toBeNull();
    const rule = await adapter.chargeVaulted(merchant, vaultCharge(await vault('tok_sandbox_visa_0033'), { reference: 'att_rule' }));
    expect(rule).toMatchObject({ status: 'declined', declineCode: 'blocked_by_rule', ruleCode: 'sandbox_block' });
  });

  it('revokes a client token, emits events on demand and runs due work', async () => {
    const { processor } = testProcessor();
    const adapter = adapterOver(processor);
    const init = await adapter.clientInit(merchant, session);
    await adapter.revokeClientToken(merchant, init.token);
    await expect(adapter.revokeClientToken(merchant, 'sbx_tok_nope')).rejects.toBeInstanceOf(ProcessorRejectedError);
    const { vaultId } = await adapter.vault(merchant, { providerReference: 'tok_sandbox_visa_0066', livemode: false });
    const t = await adapter.chargeVaulted(merchant, vaultCharge(vaultId));
    expect(t.capture).toBe('pending');
    expect(await adapter.emitEvent(merchant, 'capture.settled', { transactionId: t.id })).toEqual({ id: expect.stringMatching(/^sbx_evt_/), type: 'capture.settled', delivered: false });
    expect((await adapter.verifyTransaction(merchant, t.id))!.capture).toBe('settled');
    await expect(adapter.emitEvent(merchant, 'refund.succeeded', { transactionId: t.id })).rejects.toMatchObject({ reason: 'refund_not_found' });
    expect(await adapter.runDue()).toBe(0);
  });

  it('reads a provider event body back as the engine knows it', async () => {
    const receiver: string[] = [];
    const { processor } = testProcessor({ deliver: async (_url, init) => (receiver.push(String(init.body)), new Response(null, { status: 200 })) });
    const adapter = adapterOver(processor);
    const t = await adapter.charge(merchant, session, CARD, { reference: 'att_e' });
    await adapter.emitEvent(merchant, 'dispute.created', { transactionId: t.id });
    const event = parseProviderEvent(JSON.parse(receiver[0]!));
    expect(event).toMatchObject({ type: 'dispute.created', transaction: { id: t.id, dispute: { status: 'open' } } });
    expect(parseProviderEvent({ id: 'x', type: 'dispute.created' })).toBeNull();
  });
});
