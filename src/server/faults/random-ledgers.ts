/**
 * What issue 34's "Must hold" asks of every provider, read after a random fault mix
 * (./random-mix.ts): the service's records against the provider's own ledger (the stand-in's
 * transactions and refunds, which its API and the control API's ledger show), as a list of
 * differences, empty when all holds:
 * - per intent, the money the provider kept (captured, less what the service reversed) is what the
 *   service says it received, its refunds are the service's succeeded refunds, and an
 *   authorization the provider holds is one the service shows `authorized`; no provider payment or
 *   refund belongs to no record of the service;
 * - per refund, the provider paid its amount if the service says `succeeded`, nothing otherwise;
 * - net money (captured less refunded) at the provider equals the service's;
 * - no final state flips: a status the service answered or announced (its events) as final is the
 *   record's final status;
 * - no order is charged twice, and no refund paid twice, by a merchant that followed the advice.
 */
import type { FaultWorld } from './world.ts';
import type { Played, Seen } from './random-mix.ts';

type Intent = { id: string; status: string; amount: number; capturedAmount?: number | null; sessionId: string | null };
type Attempt = { kind: string; reference: string; intent_id: string | null; session_id: string | null; refund_id: string | null };
type ProviderRefund = { reference: string; transaction_id: string; amount: number; status: string };

const REVERSAL = /_reversal$/;
/** Final statuses; `captured` and `succeeded` both say the money was taken. */
const FINAL = new Set(['succeeded', 'failed', 'voided', 'canceled']);
const norm = (s: string) => (s === 'captured' ? 'succeeded' : s);
const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);

/** The statuses a record went through, answered or announced, against its final one. */
function flips(id: string, seen: Seen[], final: string | undefined, where: string): string[] {
  const out: string[] = [];
  let settled: string | undefined;
  for (const s of seen) {
    const status = norm(s.status);
    if (settled && status !== settled && (FINAL.has(status) || !s.replay)) out.push(`${id}: ${where} ${settled}, then ${status}`);
    if (!settled && FINAL.has(status)) settled = status;
  }
  if (settled && final !== undefined && norm(final) !== settled) out.push(`${id}: ${where} ${settled}, final status ${final}`);
  return out;
}

/** The statuses the service's events announced, per intent and refund, in the order written. */
function announced(w: FaultWorld): Map<string, Seen[]> {
  const rows = w.t.store.db.prepare('SELECT type, data FROM events WHERE merchant_id = ? ORDER BY rowid').all(w.m.id) as { type: string; data: string }[];
  const out = new Map<string, Seen[]>();
  const add = (id: unknown, status: string) => typeof id === 'string' && out.set(id, [...(out.get(id) ?? []), { status, replay: false }]);
  for (const { type, data } of rows) {
    const d = JSON.parse(data) as Record<string, unknown>;
    if (type === 'payment_intent.succeeded') add(d.payment_intent_id, (d.status as string | undefined) ?? 'succeeded');
    else if (type === 'payment_intent.failed') add(d.payment_intent_id, 'failed');
    else if (type === 'charge.refunded') add(d.refund_id, 'succeeded');
    else if (type === 'refund.failed') add(d.refund_id, 'failed');
  }
  return out;
}

export async function differences(w: FaultWorld, played: Played): Promise<string[]> {
  const db = w.t.store.db;
  const pdb = w.t.sandbox.db;
  const m = w.m.id;
  const intents = (db.prepare('SELECT data FROM payment_intents WHERE merchant_id = ?').all(m) as { data: string }[]).map((r) => JSON.parse(r.data) as Intent);
  const attempts = db.prepare('SELECT kind, reference, intent_id, session_id, refund_id FROM payment_attempts WHERE merchant_id = ?').all(m) as Attempt[];
  const refunds = (db.prepare('SELECT id, status, amount, data FROM refunds WHERE merchant_id = ?').all(m) as { id: string; status: string; amount: number; data: string }[]).map((r) => ({
    ...r,
    intent: (JSON.parse(r.data) as { paymentIntentId: string }).paymentIntentId,
  }));
  const ledger = await w.ledger();
  const paid = pdb.prepare("SELECT reference, transaction_id, amount, status FROM refunds WHERE merchant_id = ? AND status = 'succeeded'").all(m) as ProviderRefund[];
  // A Stripe stand-in transaction is named by its PaymentIntent; the intent carries the service's reference.
  const stripeRefs = new Map(
    (pdb.prepare('SELECT id, data FROM stripe_intents WHERE merchant_id = ?').all(m) as { id: string; data: string }[]).map((r) => [
      r.id,
      (JSON.parse(r.data) as { metadata?: Record<string, string> }).metadata?.svcpay_reference,
    ]),
  );
  const attemptOf = new Map(attempts.map((a) => [a.reference, a]));
  const ownerOf = (reference: string | null) => {
    const a = reference ? attemptOf.get(stripeRefs.get(reference.split('.')[0]!) ?? reference) : undefined;
    return a && (a.intent_id ?? intents.find((p) => a.session_id && p.sessionId === a.session_id)?.id);
  };
  const diffs: string[] = [];
  const txnsOf = new Map<string, typeof ledger>();
  let providerNet = 0;
  for (const t of ledger) {
    const owner = ownerOf(t.reference);
    if (owner) {
      txnsOf.set(owner, [...(txnsOf.get(owner) ?? []), t]);
      continue;
    }
    // A charge no intent records (a session's late charge, reversed): nothing may be kept.
    const its = paid.filter((r) => r.transaction_id === t.id);
    const kept = t.captured - sum(its, (r) => r.amount);
    providerNet += kept;
    if (kept !== 0 || t.status === 'authorized') diffs.push(`provider ${t.id} (${t.status}, kept ${kept}) belongs to no intent of the service`);
  }
  const refundRefs = new Set(attempts.filter((a) => a.kind === 'refund' || REVERSAL.test(a.reference)).map((a) => a.reference));
  for (const r of paid) if (!refundRefs.has(r.reference)) diffs.push(`provider refund ${r.reference} of ${r.amount} belongs to no refund of the service`);

  // Per intent: what the provider kept and refunded, and what the service says.
  const charged = new Map<string, boolean>();
  let serviceNet = 0;
  for (const p of intents) {
    const txns = txnsOf.get(p.id) ?? [];
    const ids = new Set(txns.map((t) => t.id));
    const its = paid.filter((r) => ids.has(r.transaction_id));
    const reversed = sum(its.filter((r) => REVERSAL.test(r.reference)), (r) => r.amount);
    const refundedP = sum(its, (r) => r.amount) - reversed;
    const keptP = sum(txns, (t) => t.captured) - reversed;
    const receivedS = p.status === 'succeeded' || p.status === 'captured' ? (p.capturedAmount ?? p.amount) : 0;
    const held = txns.some((t) => t.status === 'authorized');
    charged.set(p.id, keptP > 0 || held);
    const refundedS = sum(refunds.filter((r) => r.intent === p.id && r.status === 'succeeded'), (r) => r.amount);
    providerNet += keptP - refundedP;
    serviceNet += receivedS - refundedS;
    if (keptP !== receivedS) diffs.push(`intent ${p.id} (${p.status}): the provider kept ${keptP} (reversed ${reversed}), the service received ${receivedS}`);
    if (refundedP !== refundedS) diffs.push(`intent ${p.id}: the provider refunded ${refundedP}, the service ${refundedS}`);
    if (held !== (p.status === 'authorized')) diffs.push(`intent ${p.id} (${p.status}): the provider ${held ? 'holds' : 'holds no'} authorization`);
  }
  if (providerNet !== serviceNet) diffs.push(`net money: ${providerNet} at the provider, ${serviceNet} at the service`);

  for (const r of refunds) {
    const refs = new Set(attempts.filter((a) => a.kind === 'refund' && a.refund_id === r.id).map((a) => a.reference));
    const moved = sum(paid.filter((x) => refs.has(x.reference)), (x) => x.amount);
    if (moved !== (r.status === 'succeeded' ? r.amount : 0)) diffs.push(`refund ${r.id} (${r.status}, ${r.amount}): the provider refunded ${moved}`);
    if (r.status === 'requested') diffs.push(`refund ${r.id}: still requested after the watch`);
  }

  const finals = new Map<string, string>([...intents.map((p) => [p.id, p.status] as const), ...refunds.map((r) => [r.id, r.status] as const)]);
  for (const [id, seen] of played.answered) diffs.push(...flips(id, seen, finals.get(id), 'answered'));
  for (const [id, seen] of announced(w)) diffs.push(...flips(id, seen, finals.get(id), 'announced'));

  for (const o of played.payOrders) {
    const times = o.intents.filter((id) => charged.get(id));
    if (times.length > 1) diffs.push(`order ${o.keys[0]}: charged ${times.length} times (${times.join(', ')})`);
  }
  for (const o of [...played.payOrders, ...played.refundOrders]) if (o.heard !== 'done') diffs.push(`order ${o.keys[0]}: no answer after the merchant's retries (${o.last})`);
  for (const o of played.refundOrders) {
    const refs = new Set(attempts.filter((a) => a.kind === 'refund' && a.refund_id && o.refunds.includes(a.refund_id)).map((a) => a.reference));
    const times = paid.filter((x) => refs.has(x.reference)).length;
    if (times > 1) diffs.push(`refund order ${o.keys[0]} of ${o.amount}: paid ${times} times`);
  }
  return diffs;
}
