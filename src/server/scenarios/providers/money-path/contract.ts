/**
 * The money-path contract every provider adapter must pass (issue 34, "Contract tests per
 * adapter"): one merchant on the sandbox, the Stripe stand-in or the Braintree stand-in does a
 * money operation under a fault, follows the documented retry advice (docs/merchant.md: the same
 * Idempotency-Key after 502 `payment_outcome_unknown`, a new key once the object reads `failed` or
 * `canceled`), and once the faults are cleared and the clock has moved past the grace and the
 * second watch, the service's records equal the provider's ledger amount for amount, no final
 * state ever flipped (in any answer the merchant read, nor in the webhooks sent), and the buyer
 * paid once. The operation files (charge, capture, void, refund) say what the merchant wants; this
 * file plays the fault and checks the end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { faultWorld, type FaultWorld, type LedgerRow } from '../../../faults/world.ts';
import { PAST_TIMEOUT_MS } from '../../../testing-network.ts';

/** The adapters under contract: [name, the merchant's processor kind (undefined: the sandbox's own)]. */
export const PROVIDERS: [string, string | undefined][] = [
  ['sandbox', undefined],
  ['Stripe', 'card_element'],
  ['Braintree', 'hosted_fields'],
];

/** What the cases pay. */
export const AMOUNT = 2500;

/**
 * A Braintree Drop-in merchant (`vault_hosted_fields`, the buyer's saved cards): the same adapter
 * and transaction calls as `hosted_fields`, so only its charges run here, to keep the suite short.
 */
export const BRAINTREE_VAULT: [string, string] = ['Braintree vault', 'vault_hosted_fields'];

/** Past the 2-minute grace of a server call: the reconciler gives up on what it never heard back about. */
export const PAST_GRACE = 125;

/** How the provider misbehaves on the operation's first call. */
export const FAULTS = ['lose_answer', 'hold_past_grace', 'hold_within_grace', 'slow', 'down'] as const;
export type Fault = (typeof FAULTS)[number];

type Answer = { status: number; body: Record<string, any> };

/** What a merchant wants done, once: the call (under `key`), and whether the service says it is done or may be done. */
export interface Goal {
  /** The fault switchboard's operation the call makes first. */
  operation: 'charge' | 'capture' | 'void' | 'refund';
  /** Makes the call with this Idempotency-Key; the answer. */
  call(key: string): Promise<Answer>;
  /** After the service has settled: `done`, `pending` (wait, do not retry) or `retry` (it reads failed or canceled: a new key). */
  state(): Promise<'done' | 'pending' | 'retry'>;
}

/** Intent and refund statuses that never change once read. */
const FINAL = new Set(['succeeded', 'voided', 'failed', 'canceled']);

/** What the end of a case reads: the merchant's records through the API (each read recorded in `seen`), its rows in the service's database, the provider's ledger. */
export interface Books {
  merchant: string;
  seen: Map<string, string[]>;
  /** Every intent and refund an answer named (a 502 `payment_outcome_unknown` names its intent): none may vanish. */
  named: Map<string, 'payment_intent' | 'refund'>;
  db(): { prepare(sql: string): { all(...args: unknown[]): unknown[] } };
  ledger(): Promise<LedgerRow[]>;
  intent(id: string): Promise<Record<string, any>>;
  refunds(intent: string): Promise<Record<string, any>[]>;
}

/** Reads and writes through `call` (the merchant's secret key set), every status answered noted in `seen`. */
export function recorded(call: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>) {
  const seen = new Map<string, string[]>();
  const named = new Map<string, 'payment_intent' | 'refund'>();
  const note = (body: Record<string, any> | null) => {
    if (typeof body?.payment_intent === 'string' && body.object !== 'refund') named.set(body.payment_intent, 'payment_intent');
    const items = body?.object === 'list' ? (body.data as Record<string, any>[]) : [body];
    for (const o of items) {
      if (o && typeof o.id === 'string' && typeof o.status === 'string') seen.set(o.id, [...(seen.get(o.id) ?? []), o.status]);
      if (o?.object === 'payment_intent' || o?.object === 'refund') named.set(o.id, o.object);
    }
  };
  const get = async (path: string) => {
    const res = await call('GET', path);
    note(res.body);
    return res;
  };
  return {
    seen,
    named,
    get,
    post: async (path: string, body: unknown, key: string) => {
      const res = await call('POST', path, body, { 'Idempotency-Key': key });
      if (res.status < 300 || res.body?.code === 'payment_outcome_unknown') note(res.body);
      return res;
    },
    intent: async (id: string) => (await get(`/v1/payment_intents/${id}`)).body,
    refunds: async (intent: string) => (await get(`/v1/refunds?payment_intent=${intent}`)).body.data as Record<string, any>[],
  };
}

/** A fault world (in this process, over real HTTP) whose every read is recorded, to prove no final state flipped. */
export async function contractWorld(processor: string | undefined) {
  const w = await faultWorld({}, processor);
  const io = recorded((method, path, body, headers = {}) => (method === 'GET' ? w.get(path) : w.post(path, body, headers)));
  const c = {
    ...io,
    w,
    processor,
    merchant: w.m.id,
    db: () => w.t.store.db,
    ledger: () => w.ledger(),
    /** A manual or automatic intent made without faults. */
    async paid(amount: number, manual: boolean) {
      const res = await io.post('/v1/payment_intents', { amount, currency: 'usd', payment_method: { id: await w.card() }, ...(manual ? { capture_method: 'manual' } : {}) }, `setup-${amount}`);
      expect(res.body.status).toBe(manual ? 'authorized' : 'succeeded');
      return res.body.id as string;
    },
    close: () => w.close(),
  };
  return c;
}
export type ContractWorld = Awaited<ReturnType<typeof contractWorld>>;

/** Releases what is held, disarms every fault, and moves the clock past the grace and through the second watch's looks. */
async function settle(w: FaultWorld) {
  const faults = (await w.t.control('GET', '/faults')).body.data as { id: string }[];
  for (const f of faults) await w.release(f.id);
  for (const f of faults) await w.t.control('DELETE', `/faults/${f.id}`);
  await w.advance(PAST_GRACE);
  for (let i = 0; i < 3; i++) await w.advance(1800);
}

/**
 * Plays the goal under the fault as the merchant following the docs would, and settles. A held
 * call is released after the merchant read the outcome (past the grace: after the merchant
 * already retried with a new key if the service said failed or canceled).
 */
export async function play(c: ContractWorld, goal: Goal, fault: Fault) {
  const { w } = c;
  let n = 0;
  const key = () => `${goal.operation}-${++n}`;
  const kind = fault.startsWith('hold') ? 'hold' : fault;
  const armed = await w.arm({ operation: goal.operation, kind, ...(kind === 'slow' ? { delayMs: PAST_TIMEOUT_MS } : {}) });
  let current = key();
  const before = await w.ledger();
  const first = await goal.call(current);
  if (fault === 'down') {
    // Nothing moved, and the answer never says it did: the sandbox, which fences, says nothing moved
    // (provider_unavailable); a provider whose 5xx may hide an act says it cannot know yet.
    expect(await w.ledger()).toEqual(before);
    expect([first.status, first.body.code]).toEqual([502, c.processor === undefined ? 'provider_unavailable' : expect.stringMatching(/^(provider_unavailable|payment_outcome_unknown)$/)]);
  }
  if (first.body?.code === 'payment_outcome_unknown') await goal.call(current);
  if (kind === 'hold') {
    await w.holding(armed);
    await w.advance(fault === 'hold_past_grace' ? PAST_GRACE : 20);
    if (fault === 'hold_past_grace' && (await goal.state()) === 'retry') await goal.call((current = key()));
    expect(await w.release(armed)).toBe(1);
  }
  await settle(w);
  // The merchant reads the outcome: one still in doubt is waited for (the second watch looks for 72
  // hours where the provider cannot refuse a late call), a failed or canceled one is made anew.
  for (let i = 0; i < 8; i++) {
    const state = await goal.state();
    if (state === 'done') break;
    if (state === 'pending') await w.advance(12 * 3600);
    else {
      await goal.call(key());
      await settle(w);
    }
  }
  expect(await goal.state()).toBe('done');
}

/** The ledger's row of a payment the service knows by `ref`: the sandbox's transaction id, or the Stripe PaymentIntent the stand-in's transaction references (`pi_….<attempt>`). */
const ledgerRowOf = (ledger: LedgerRow[], ref: string) => ledger.find((r) => r.id === ref || r.reference?.split('.')[0] === ref);

/** Money kept: captured less refunded. */
export const net = (rows: LedgerRow[]) => rows.reduce((s, r) => s + r.captured - r.refunded, 0);

/**
 * The end of every case: each intent of the merchant reads what the provider's ledger has for it
 * (status, amount_received, amount_refunded, refunds succeeded), the ledger's other rows keep no
 * money and hold no authorization, the merchant's money kept equals `kept`, and no status read or
 * webhook sent ever changed after it was final.
 */
export async function agree(c: Books, kept: number) {
  const ledger = await c.ledger();
  const rows = c.db().prepare('SELECT id, data FROM payment_intents WHERE merchant_id = ?').all(c.merchant) as { id: string; data: string }[];
  // The provider's id of each intent's payment, as the service keeps it.
  const refOf = new Map(rows.map((r) => [r.id, (JSON.parse(r.data) as { processorRef: string | null }).processorRef]));
  const claimed = new Set<string>();
  let service = 0;
  for (const id of refOf.keys()) {
    const p = await c.intent(id);
    const refunds = await c.refunds(id);
    expect(refunds.filter((r) => r.status === 'requested'), `${id}: no refund left requested`).toEqual([]);
    const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((s, r) => s + (r.amount as number), 0);
    expect(p.amount_refunded, `${id}: amount_refunded is its succeeded refunds`).toBe(refunded);
    service += p.amount_received - p.amount_refunded;
    const ref = refOf.get(id);
    const row = ref ? ledgerRowOf(ledger, ref) : undefined;
    if (p.status === 'succeeded' || p.status === 'authorized' || p.status === 'voided') {
      expect(row, `${id} (${p.status}) has its ledger row`).toBeDefined();
      claimed.add(row!.id);
      const expected = { succeeded: 'captured', authorized: 'authorized', voided: 'voided' }[p.status as string];
      expect({ id, status: row!.status, captured: row!.captured, refunded: row!.refunded }).toEqual({ id, status: expected, captured: p.amount_received, refunded });
    } else {
      expect({ id, status: p.status, amount_received: p.amount_received }).toEqual({ id, status: 'failed', amount_received: 0 });
    }
  }
  // An object once named to the merchant is never deleted (issue 34, "An acknowledged object is never deleted").
  const refundIds = new Set<string>();
  for (const id of refOf.keys()) for (const r of await c.refunds(id)) refundIds.add(r.id as string);
  for (const [id, object] of c.named) expect({ id, kept: object === 'refund' ? refundIds.has(id) : refOf.has(id) }).toEqual({ id, kept: true });
  // What no intent reads as its own (a late charge behind a failed intent) was reversed: no money kept, nothing held.
  const strays = ledger.filter((r) => !claimed.has(r.id) && (r.captured !== r.refunded || r.status === 'authorized'));
  expect(strays).toEqual([]);
  expect({ service, provider: net(ledger) }).toEqual({ service: kept, provider: kept });
  noFlips(c);
}

/** No status once final was ever read otherwise, and no intent or refund had two different final webhooks. */
function noFlips(c: Books) {
  for (const [id, statuses] of c.seen) {
    const first = statuses.findIndex((s) => FINAL.has(s));
    if (first >= 0) expect({ id, statuses: statuses.slice(first) }).toEqual({ id, statuses: statuses.slice(first).map(() => statuses[first]) });
  }
  const events = c.db().prepare('SELECT type, data FROM events WHERE merchant_id = ?').all(c.merchant) as { type: string; data: string }[];
  const finals = new Map<string, Set<string>>();
  for (const e of events) {
    const data = JSON.parse(e.data) as Record<string, unknown>;
    const subject = e.type.startsWith('payment_intent.') || e.type.startsWith('charge.succeeded') || e.type === 'charge.failed' ? data.payment_intent_id : e.type === 'charge.refunded' || e.type === 'refund.failed' ? (data.refund_id ?? data.id) : undefined;
    if (typeof subject !== 'string') continue;
    const family = e.type.startsWith('payment_intent.') ? 'intent' : e.type.startsWith('charge.s') || e.type === 'charge.failed' ? 'charge' : 'refund';
    const k = `${family}:${subject}`;
    finals.set(k, new Set([...(finals.get(k) ?? []), e.type]));
  }
  for (const [k, types] of finals) expect({ k, types: [...types] }).toEqual({ k, types: [...types].slice(0, 1) });
}

/**
 * The suite of one operation: per provider, per variant (`[label, money the merchant keeps in the
 * end, the goal]`), per fault, a case that plays it and checks the end. Each case has a world of its own.
 */
export function contractSuite(variants: [string, number, (c: ContractWorld) => Promise<Goal>][], providers = PROVIDERS) {
  describe.each(providers)('%s', (_, processor) => {
    let c: ContractWorld | undefined;
    afterEach(async () => {
      await c?.close();
      c = undefined;
    });
    describe.each(variants)('%s', (_, kept, goal) => {
      it.each(FAULTS)('%s: the service ends where the ledger is, and the buyer pays once', async (fault) => {
        c = await contractWorld(processor);
        await play(c, await goal(c), fault);
        await agree(c, kept);
      });
    });
  });
}
