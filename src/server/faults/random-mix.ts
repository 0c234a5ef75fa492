/**
 * The seeded random fault mix (issue 17), played against any provider (issue 34, "Contract tests
 * per adapter"): a merchant pays (automatic and manual capture), captures in part or in full,
 * voids and refunds in part or in full, sometimes sending one twice at once, while faults (down,
 * lose_answer, hold, slow) hit the charge, capture, void, refund and lookup calls, held calls are
 * released late and the clock moves.
 * The merchant follows docs/merchant.md's retry advice: after a 502 `payment_outcome_unknown` (or a
 * provider down, or a refund still `requested`) it asks again with the same Idempotency-Key; after
 * `failed` it charges the order again under a new key; after a refund `canceled` it refunds again
 * under a new key. Every status the service answered is kept for ./random-ledgers.ts.
 */
import fc from 'fast-check';
import type { FaultWorld } from './world.ts';
import { PAST_TIMEOUT_MS } from '../testing-network.ts';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

export type MoneyOp =
  | { kind: 'pay'; amount: number; manual: boolean }
  /** A charge at submit through the service's own fields (the sandbox's form only). */
  | { kind: 'submit'; amount: number }
  | { kind: 'capture'; pick: number; share: number }
  | { kind: 'void'; pick: number }
  | { kind: 'refund'; pick: number; share: number };

export type Op =
  | MoneyOp
  /** A fault armed on the very call the next money operation makes. */
  | { kind: 'faulted'; fault: string; inner: MoneyOp }
  | { kind: 'fault'; operation: string; fault: string; count: number }
  | { kind: 'release'; pick: number }
  | { kind: 'clock'; seconds: number }
  /** The merchant acts on what an order last heard, as docs/merchant.md advises. */
  | { kind: 'retry'; pick: number }
  /** A money operation sent twice at once (same key; a capture against a void; two refunds). */
  | { kind: 'race'; inner: MoneyOp };

/** The provider call a money operation makes first. */
const CALL: Record<MoneyOp['kind'], string> = { pay: 'charge', submit: 'charge', capture: 'capture', void: 'void', refund: 'refund' };
const FAULTS = ['down', 'lose_answer', 'hold', 'slow'] as const;

/** Random mixes; `submit` only where the service's own fields take the card (the sandbox). */
export function mixes(submit: boolean): fc.Arbitrary<Op[]> {
  const amount = fc.integer({ min: 100, max: 5000 });
  const share = fc.oneof(fc.constant(1), fc.double({ min: 0.1, max: 1, noNaN: true }));
  const money: fc.Arbitrary<MoneyOp> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), amount, manual: fc.boolean() }) },
    { weight: submit ? 2 : 0, arbitrary: fc.record({ kind: fc.constant('submit' as const), amount }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('capture' as const), pick: fc.nat(), share }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share }) },
  );
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 6, arbitrary: money },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('faulted' as const), fault: fc.constantFrom(...FAULTS, 'hold'), inner: money }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('fault' as const),
        operation: fc.constantFrom('charge', 'capture', 'void', 'refund', 'lookup', 'any'),
        fault: fc.constantFrom(...FAULTS),
        count: fc.integer({ min: 1, max: 2 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
    // Mostly around the 2-minute grace; sometimes hours, so the late-call watch looks while calls are still held.
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), seconds: fc.integer({ min: 5, max: 200 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('clock' as const), seconds: fc.integer({ min: 600, max: 13 * 3600 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('race' as const), inner: money.filter((m) => m.kind !== 'submit') }) },
  );
  return fc.array(op, { minLength: 8, maxLength: 22 });
}

/** What an order last heard: `ask` (same key again), `failed` (charge again, new key), `canceled` (refund again, new key), `done`. */
type Heard = 'ask' | 'failed' | 'canceled' | 'done';
/** `last`: the last answer's status and code or record status, for a difference's message. */
export type PayOrder = { amount: number; manual: boolean; keys: string[]; intents: string[]; heard: Heard; last?: string; named?: string };
export type RefundOrder = { intent: string; amount: number; keys: string[]; refunds: string[]; heard: Heard; last?: string; named?: string };
export type Seen = { status: string; replay: boolean };

export interface Played {
  payOrders: PayOrder[];
  refundOrders: RefundOrder[];
  /** Every status the service answered per intent and refund id, in order. */
  answered: Map<string, Seen[]>;
  /** `released`: calls let in late by a release. */
  counts: { operations: number; races: number; faults: number; released: number; clockMoves: number; retries: number; chargedAgain: number; refundedAgain: number };
}

type Answer = { status: number; body: Record<string, any>; headers: Headers };

/** The service's word on an answer: still unknown (ask again with the key), or settled. */
function heardOf(res: Answer, object: 'payment_intent' | 'refund'): Heard {
  if (res.status >= 200 && res.status < 300 && res.body.object === object) {
    const s = res.body.status as string;
    if (s === 'failed') return object === 'payment_intent' ? 'failed' : 'done';
    if (s === 'canceled') return 'canceled';
    return s === 'requested' || s === 'requires_action' ? 'ask' : 'done';
  }
  // An unknown outcome, a request in flight, the provider down (nothing moved, the key is free): ask again.
  const code = res.body?.code as string | undefined;
  return code === 'payment_outcome_unknown' || code === 'provider_unavailable' || code === 'charge_already_in_flight' || res.status >= 500 ? 'ask' : 'done';
}

export async function play(w: FaultWorld, ops: Op[]): Promise<Played> {
  const pm = await w.card();
  const out: Played = { payOrders: [], refundOrders: [], answered: new Map(), counts: { operations: 0, races: 0, faults: 0, released: 0, clockMoves: 0, retries: 0, chargedAgain: 0, refundedAgain: 0 } };
  const intents: string[] = [];
  const faults: string[] = [];
  let key = 0;
  const note = (res: Answer) => {
    const id = res.body?.id as string | undefined;
    if (!id || (res.body.object !== 'payment_intent' && res.body.object !== 'refund')) return;
    const list = out.answered.get(id) ?? [];
    list.push({ status: res.body.status as string, replay: res.headers.get('idempotent-replayed') === 'true' });
    out.answered.set(id, list);
  };
  const pick = (n: number) => (intents.length ? intents[n % intents.length] : undefined);
  /** What an answer tells the order: the record it names (an unknown outcome names it too), and what to do next. */
  const heard = (o: PayOrder | RefundOrder, res: Answer, object: 'payment_intent' | 'refund') => {
    note(res);
    const id = (res.body?.object === object ? res.body.id : res.body?.[object]) as string | undefined;
    const ids = 'manual' in o ? o.intents : o.refunds;
    if (id && !ids.includes(id)) ids.push(id);
    if (id && object === 'payment_intent' && !intents.includes(id)) intents.push(id);
    o.heard = heardOf(res, object);
    // Still unknown: the record to read back, the one named by the 502 or the one just read.
    o.named = o.heard === 'ask' && (res.body?.code === 'payment_outcome_unknown' || res.body?.object === object) ? id : undefined;
    o.last = `${res.status} ${res.body?.code ?? res.body?.status}`;
  };
  const pay = async (o: PayOrder, k: string) => heard(o, await w.pay(pm, k, { amount: o.amount, ...(o.manual ? { capture_method: 'manual' } : {}) }), 'payment_intent');
  const refund = async (o: RefundOrder, k: string) => heard(o, await w.refund(o.intent, k, o.amount), 'refund');
  /** Reads back the record a 502 `payment_outcome_unknown` named ("do not retry": its key answers that 502 again). */
  const readBack = async (o: PayOrder | RefundOrder, id: string) => {
    if ('manual' in o) return heard(o, await w.get(`/v1/payment_intents/${id}`), 'payment_intent');
    const list = ((await w.get(`/v1/refunds?payment_intent=${o.intent}&limit=100`)).body.data ?? []) as Record<string, any>[];
    const r = list.find((x) => x.id === id);
    if (r) heard(o, { status: 200, body: r, headers: new Headers() }, 'refund');
  };
  /** docs/merchant.md's advice for what the order last heard. */
  const advise = async (o: PayOrder | RefundOrder) => {
    if (o.heard === 'done') return;
    out.counts.retries++;
    if (o.heard === 'ask' && o.named) await readBack(o, o.named);
    // The read may have settled it (TypeScript cannot see that the read changed `heard`).
    const now = o.heard as Heard;
    if (now === 'done' || (now === 'ask' && o.named)) return;
    const again = now !== 'ask';
    if (again) o.keys.push(`${o.keys[0]}-again${o.keys.length}`);
    const k = o.keys.at(-1)!;
    if ('manual' in o) {
      if (again) out.counts.chargedAgain++;
      await pay(o, k);
    } else {
      if (again) out.counts.refundedAgain++;
      await refund(o, k);
    }
  };

  /** One money operation; `twice`: sent twice at once (a double click, a retry storm), a capture races a void, a refund another refund. */
  const money = async (o: MoneyOp, twice: boolean): Promise<boolean> => {
    const both = <T>(run: () => Promise<T>) => (twice ? Promise.all([run(), run()]) : run());
    if (o.kind === 'pay') {
      const order: PayOrder = { amount: o.amount, manual: o.manual, keys: [`order${++key}`], intents: [], heard: 'ask' };
      out.payOrders.push(order);
      await both(() => pay(order, order.keys[0]!));
    } else if (o.kind === 'submit') {
      const s = (await w.post('/v1/sessions', { amount: o.amount, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
      await w.t.call('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { Authorization: `Bearer ${w.m.publishable}`, Origin: w.t.url });
    } else {
      const id = pick(o.pick);
      const intent = id && (await w.get(`/v1/payment_intents/${id}`)).body;
      if (!intent) return false;
      note({ status: 200, body: intent, headers: new Headers() });
      if (o.kind === 'refund') {
        if (!(intent.amount_received > 0)) return false;
        // Twice: the same refund twice under its key, and another refund of the same amount at once (the balance check).
        const orders = (twice ? [1, 2] : [1]).map((): RefundOrder => ({ intent: intent.id, amount: Math.max(1, Math.floor(intent.amount_received * o.share)), keys: [`refund${++key}`], refunds: [], heard: 'ask' }));
        out.refundOrders.push(...orders);
        await Promise.all([both(() => refund(orders[0]!, orders[0]!.keys[0]!)), ...orders.slice(1).map((x) => refund(x, x.keys[0]!))]);
      } else {
        const body = o.kind === 'capture' && o.share < 1 ? { amount_to_capture: Math.max(1, Math.floor(intent.amount * o.share)) } : {};
        await Promise.all((twice ? ['capture', 'void'] : [o.kind]).map(async (k) => note(await w.post(`/v1/payment_intents/${id}/${k}`, k === o.kind ? body : {}))));
      }
    }
    return true;
  };

  for (const step of ops) {
    let o: Op = step;
    if (o.kind === 'faulted') {
      faults.push(await w.arm({ operation: CALL[o.inner.kind], kind: o.fault, ...(o.fault === 'slow' ? { delayMs: PAST_TIMEOUT_MS } : {}) }));
      out.counts.faults++;
      o = o.inner;
    }
    if (o.kind === 'race') {
      if (await money(o.inner, true)) out.counts.races++;
    } else if (o.kind === 'fault') {
      faults.push(await w.arm({ operation: o.operation, kind: o.fault, count: o.count, ...(o.fault === 'slow' ? { delayMs: PAST_TIMEOUT_MS } : {}) }));
      out.counts.faults++;
    } else if (o.kind === 'release') {
      if (faults.length) out.counts.released += await w.release(faults[o.pick % faults.length]!);
    } else if (o.kind === 'clock') {
      await w.advance(o.seconds);
      out.counts.clockMoves++;
    } else if (o.kind === 'retry') {
      const orders = [...out.payOrders, ...out.refundOrders];
      if (orders.length) await advise(orders[o.pick % orders.length]!);
    } else if (await money(o, false)) {
      out.counts.operations++;
    }
  }

  // The worst end: the service gives up on what it never heard back about, then every call still
  // held arrives late; then the faults are cleared and the clock moves on until nothing is pending.
  await w.advance(200);
  for (const id of faults) out.counts.released += await w.release(id);
  for (const id of faults) await w.t.control('DELETE', `/faults/${id}`);
  await settle(w, out);
  // The merchant acts on what each order last heard, until every order has its answer.
  for (let round = 0; round < 3; round++) {
    const open = [...out.payOrders, ...out.refundOrders].filter((o) => o.heard !== 'done');
    if (!open.length) break;
    for (const o of open) await advise(o);
    await settle(w, out);
  }
  // Every record read once more, as the merchant would before closing its books.
  for (const id of [...out.answered.keys()].filter((k) => !k.startsWith('vpr_'))) {
    note(await w.get(`/v1/payment_intents/${id}`));
    const refunds = await w.get(`/v1/refunds?payment_intent=${id}&limit=100`);
    for (const r of (refunds.body.data ?? []) as Record<string, any>[]) note({ status: 200, body: r, headers: new Headers() });
  }
  return out;
}

/** Moves the clock until nothing is pending, then past the late-call watch's longest gap (12 hours) so a late arrival is found. */
async function settle(w: FaultWorld, out: Played) {
  // Stripe fences a charge but not a refund: only a processor that fences both settles in minutes.
  const fences = w.processor().fencesLateCalls;
  const fenced = fences.charge && fences.refund;
  const pending = () => (w.t.store.db.prepare("SELECT count(*) AS n FROM payment_attempts WHERE merchant_id = ? AND state = 'pending'").get(w.m.id) as { n: number }).n;
  // Without fences a refund never heard back about stays requested for the whole 72-hour watch.
  for (let i = 0; i < 40 && pending() > 0; i++) {
    await w.advance(fenced ? 600 : 3 * 3600);
    out.counts.clockMoves++;
  }
  if (!fenced) {
    await w.advance(13 * 3600);
    out.counts.clockMoves++;
  }
}
