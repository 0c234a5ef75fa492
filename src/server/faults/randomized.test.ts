/**
 * Issue 17, "Must hold": with any fault on any operation, then the faults cleared and the clock
 * moved on, every cent the processor moved is recorded once and nothing is recorded that it did
 * not move. fast-check draws a mix of intents (automatic and manual capture), charges at submit,
 * captures, voids and refunds under random faults (down, lose_answer, hold, slow) and clock moves,
 * over real HTTP; at the end, once the reconciler has settled everything, the service's records
 * equal the processor's ledger amount for amount. A failing run prints its seed and the shrunk mix.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { noFences } from '../testing.ts';
import { faultWorld, type FaultWorld } from './world.ts';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

type MoneyOp =
  | { kind: 'pay'; amount: number; manual: boolean }
  | { kind: 'submit'; amount: number }
  | { kind: 'capture' | 'void'; pick: number }
  | { kind: 'refund'; pick: number; share: number };

type Op =
  | MoneyOp
  /** A fault armed on the very call the next money operation makes. */
  | { kind: 'faulted'; fault: string; inner: MoneyOp }
  | { kind: 'pay'; amount: number; manual: boolean }
  | { kind: 'submit'; amount: number }
  | { kind: 'capture' | 'void'; pick: number }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'fault'; operation: string; fault: string; count: number }
  | { kind: 'release'; pick: number }
  | { kind: 'clock'; seconds: number };

const moneyOp: fc.Arbitrary<MoneyOp> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 100, max: 5000 }), manual: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('submit' as const), amount: fc.integer({ min: 100, max: 5000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('capture' as const, 'void' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.double({ min: 0.1, max: 1, noNaN: true }) }) },
);
/** The processor call a money operation makes first. */
const CALL: Record<MoneyOp['kind'], string> = { pay: 'charge', submit: 'charge', capture: 'capture', void: 'void', refund: 'refund' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: moneyOp },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('faulted' as const), fault: fc.constantFrom('down', 'lose_answer', 'hold', 'hold', 'slow'), inner: moneyOp }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      operation: fc.constantFrom('charge', 'capture', 'void', 'refund', 'lookup', 'any'),
      fault: fc.constantFrom('down', 'lose_answer', 'hold', 'slow'),
      count: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), seconds: fc.integer({ min: 5, max: 200 }) }) },
);

async function play(w: FaultWorld, ops: Op[], fenced: boolean) {
  const pm = await w.card();
  const intents: string[] = [];
  const faults: string[] = [];
  const pick = (n: number) => (intents.length ? intents[n % intents.length] : undefined);
  let key = 0;
  for (const step of ops) {
    let o: Op = step;
    if (o.kind === 'faulted') {
      faults.push(await w.arm({ operation: CALL[o.inner.kind], kind: o.fault, ...(o.fault === 'slow' ? { delayMs: 600 } : {}) }));
      o = o.inner;
    }
    if (o.kind === 'pay') {
      const res = await w.pay(pm, `k${++key}`, { amount: o.amount, ...(o.manual ? { capture_method: 'manual' } : {}) });
      const id = res.body.id ?? res.body.payment_intent;
      if (typeof id === 'string') intents.push(id);
    } else if (o.kind === 'submit') {
      const s = (await w.post('/v1/sessions', { amount: o.amount, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true })).body;
      await w.t.call('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { Authorization: `Bearer ${w.m.publishable}`, Origin: w.t.url });
    } else if (o.kind === 'capture' || o.kind === 'void') {
      const id = pick(o.pick);
      if (id) await w.post(`/v1/payment_intents/${id}/${o.kind}`);
    } else if (o.kind === 'refund') {
      const id = pick(o.pick);
      const intent = id && (await w.get(`/v1/payment_intents/${id}`)).body;
      if (intent && intent.amount_received > 0) await w.refund(intent.id, `r${++key}`, Math.max(1, Math.floor(intent.amount_received * o.share)));
    } else if (o.kind === 'fault') {
      faults.push(await w.arm({ operation: o.operation, kind: o.fault, count: o.count, ...(o.fault === 'slow' ? { delayMs: 600 } : {}) }));
    } else if (o.kind === 'release') {
      if (faults.length) await w.release(faults[o.pick % faults.length]!);
    } else if (o.kind === 'clock') {
      await w.advance(o.seconds);
    }
  }
  // The worst end: the service gives up on what it never heard back about, then every call still
  // held arrives late; then the faults are cleared and the clock moves on until nothing is pending.
  await w.advance(200);
  for (const id of faults) await w.release(id);
  for (const id of faults) await w.t.control('DELETE', `/faults/${id}`);
  const pending = () => (w.t.store.db.prepare("SELECT count(*) AS n FROM payment_attempts WHERE state = 'pending'").get() as { n: number }).n;
  // Without fences a refund never heard back about stays requested for the whole 72-hour watch.
  for (let i = 0; i < 40 && pending() > 0; i++) await w.advance(fenced ? 600 : 3 * 3600);
  expect(pending()).toBe(0);
  // Without fences a late call lands behind a `failed` record: the second watch (looks at most
  // twelve hours apart for 72 hours) must find it and reverse it.
  if (!fenced) await w.advance(13 * 3600);
}

/** The service's records of the merchant's money: intents and their refunds, and charges at submit through their sessions. */
function serviceTotals(w: FaultWorld) {
  const rows = w.t.store.db.prepare('SELECT data FROM payment_intents WHERE merchant_id = ?').all(w.m.id) as { data: string }[];
  const intents = rows.map((r) => JSON.parse(r.data) as { id: string; status: string; capturedAmount?: number | null; amount: number; processorRef: string | null });
  const captured = new Map<string, number>();
  for (const p of intents) {
    const amount = p.status === 'succeeded' || p.status === 'captured' ? (p.capturedAmount ?? p.amount) : 0;
    if (p.processorRef && amount > 0) captured.set(p.processorRef, (captured.get(p.processorRef) ?? 0) + amount);
  }
  const refundRows = w.t.store.db.prepare("SELECT data FROM refunds WHERE merchant_id = ? AND status = 'succeeded'").all(w.m.id) as { data: string }[];
  const settlements = w.t.store.db.prepare('SELECT id, data FROM settlements').all() as { id: string; data: string }[];
  const refOf = new Map(settlements.map((s) => [s.id, (JSON.parse(s.data) as { processorRef: string }).processorRef]));
  const refunded = new Map<string, number>();
  for (const r of refundRows) {
    const refund = JSON.parse(r.data) as { settlementId: string; amount: number };
    const ref = refOf.get(refund.settlementId)!;
    refunded.set(ref, (refunded.get(ref) ?? 0) + refund.amount);
  }
  const authorized = new Set(intents.filter((p) => p.status === 'authorized').map((p) => p.processorRef));
  return { captured, refunded, authorized };
}

/** Money kept per payment (captured less refunded), payments that keep none left out. */
function netOf(captured: Map<string, number>, refunded: Map<string, number>) {
  const net = new Map<string, number>();
  for (const [ref, amount] of captured) net.set(ref, amount - (refunded.get(ref) ?? 0));
  for (const [ref, amount] of refunded) if (!captured.has(ref)) net.set(ref, -amount);
  return new Map([...net].filter(([, n]) => n !== 0));
}

const recordsEqualLedger = (fenced: boolean, numRuns: number) =>
  fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 8, maxLength: 22 }), async (ops) => {
      const w = await faultWorld();
      if (!fenced) noFences(w.t.deps.processorFor('sandbox')!);
      try {
        await play(w, ops, fenced);
        const ledger = await w.ledger();
        const service = serviceTotals(w);
        const moved = new Map(ledger.filter((t) => t.captured > 0).map((t) => [t.id, t.captured]));
        const refunded = new Map(ledger.filter((t) => t.refunded > 0).map((t) => [t.id, t.refunded]));
        const held = new Set(ledger.filter((t) => t.status === 'authorized').map((t) => t.id));
        expect(service.authorized).toEqual(held);
        if (!fenced) {
          // A late charge behind a `failed` record is reversed at the processor, not recorded (issue 34,
          // finding 2): per payment, the money kept is what the service reports.
          expect(netOf(service.captured, service.refunded)).toEqual(netOf(moved, refunded));
          return;
        }
        expect(service.captured).toEqual(moved);
        expect(service.refunded).toEqual(refunded);
      } finally {
        await w.close();
      }
    }),
    { numRuns, endOnFailure: true },
  );

it('after random faults and clock moves, the service records exactly what the processor moved', () => recordsEqualLedger(true, 10), 600_000);

it('with a processor that cannot fence, late calls land and the second watch still records exactly what moved', () => recordsEqualLedger(false, 8), 600_000);
