/** The Postgres forms of the money repos (../sqlite/payment-methods.ts, payments.ts, refunds.ts, idempotency.ts). */
import type { PaymentIntentRecord, PaymentMethodRecord, RefundRecord } from '../../domain/index.ts';
import type { IdemRecord, IdemScope, IdempotencyRepo, PaymentMethodRepo, PaymentRepo, RefundRepo } from '../types.ts';
import { PAYMENT_METHOD_COLUMNS, REFUND_COLUMNS } from '../columns.ts';
import { bit, jsonTable, parse, parseAll, type Q } from './json-table.ts';

export function paymentMethodRepo(q: Q): PaymentMethodRepo {
  const t = jsonTable<PaymentMethodRecord>(q, 'payment_methods', PAYMENT_METHOD_COLUMNS);
  return {
    ...t,
    // Newest first, saved for later use only; rows made in the same millisecond are ordered by id.
    listForBuyer: async (owner, buyer, limit, after) =>
      parseAll<PaymentMethodRecord>(
        after
          ? await q<{ data: string }[]>`select data from payment_methods where merchant_id = ${owner.merchantId} and livemode = ${bit(owner.livemode)} and buyer_record_id = ${buyer}
              and status = 'active' and (data::jsonb -> 'setupForFutureUse') is not null and (data::jsonb -> 'setupForFutureUse') <> 'null'::jsonb
              and (created_at, id) < (${after.createdAt}, ${after.id}) order by created_at desc, id desc limit ${limit}`
          : await q<{ data: string }[]>`select data from payment_methods where merchant_id = ${owner.merchantId} and livemode = ${bit(owner.livemode)} and buyer_record_id = ${buyer}
              and status = 'active' and (data::jsonb -> 'setupForFutureUse') is not null and (data::jsonb -> 'setupForFutureUse') <> 'null'::jsonb
              order by created_at desc, id desc limit ${limit}`,
      ),
  };
}

export function paymentRepo(q: Q): PaymentRepo {
  const one = async (rows: Promise<{ data: string }[]>) => parse<PaymentIntentRecord>(await rows);
  return {
    async insert(p) {
      await q`insert into payment_intents (id, merchant_id, livemode, session_id, status, amount, currency, processor_ref, vp_tx_id, idem_key, data, created_at, updated_at)
        values (${p.id}, ${p.merchantId}, ${bit(p.livemode)}, ${p.sessionId}, ${p.status}, ${p.amount}, ${p.currency}, ${p.processorRef}, ${p.vpTxId}, ${p.idemKey ?? null}, ${JSON.stringify(p)}, ${p.createdAt}, ${p.updatedAt})`;
    },
    async update(p) {
      await q`update payment_intents set status = ${p.status}, amount = ${p.amount}, processor_ref = ${p.processorRef}, vp_tx_id = ${p.vpTxId}, idem_key = ${p.idemKey ?? null},
        data = ${JSON.stringify(p)}, updated_at = ${p.updatedAt} where id = ${p.id}`;
    },
    delete: async (id) => void (await q`delete from payment_intents where id = ${id}`),
    get: (id) => one(q`select data from payment_intents where id = ${id}`),
    byProcessorRef: (ref) => one(q`select data from payment_intents where processor_ref = ${ref}`),
    byIdemKey: (merchantId, livemode, key) => one(q`select data from payment_intents where merchant_id = ${merchantId} and livemode = ${bit(livemode)} and idem_key = ${key}`),
  };
}

export function refundRepo(q: Q): RefundRepo {
  const t = jsonTable<RefundRecord>(q, 'refunds', REFUND_COLUMNS);
  const rows = (r: Promise<{ data: string }[]>) => r.then((x) => parseAll<RefundRecord>(x));
  return {
    ...t,
    async insert(r) {
      await t.insert(r);
      // The insertion sequence orders a settlement's refunds (newest first) and is its list cursor.
      await q`update refunds set seq = (select coalesce(max(seq), 0) + 1 from refunds) where id = ${r.id}`;
    },
    delete: async (id) => void (await q`delete from refunds where id = ${id}`),
    byProcessorRef: async (ref) => parse<RefundRecord>(await q<{ data: string }[]>`select data from refunds where processor_ref = ${ref}`),
    byIdemKey: async (merchantId, livemode, key) =>
      parse<RefundRecord>(await q<{ data: string }[]>`select data from refunds where merchant_id = ${merchantId} and livemode = ${bit(livemode)} and idem_key = ${key}`),
    forSettlement: (id, limit, after) =>
      rows(
        after
          ? q<{ data: string }[]>`select data from refunds where settlement_id = ${id} and seq < (select seq from refunds where id = ${after.id}) order by seq desc limit ${limit}`
          : q<{ data: string }[]>`select data from refunds where settlement_id = ${id} order by seq desc limit ${limit}`,
      ),
    committedAmount: async (id) =>
      Number((await q<{ n: string | null }[]>`select sum(amount) as n from refunds where settlement_id = ${id} and status in ('succeeded', 'requested')`)[0]?.n ?? 0),
  };
}

interface IdemRow {
  id: string;
  fingerprint: string;
  state: 'reserved' | 'done';
  locked_until: string | number;
  status_code: number | null;
  response: string | null;
  created_at: string;
}

export function idempotencyRepo(q: Q): IdempotencyRepo {
  const where = (s: IdemScope) => q`merchant_id = ${s.merchantId} and livemode = ${bit(s.livemode)} and key_type = ${s.keyType} and key = ${s.key}`;
  const finish = async (s: IdemScope, id: string, statusCode: number | null, response: string) =>
    (await q`update idempotency set state = 'done', status_code = ${statusCode}, response = ${response} where ${where(s)} and id = ${id}`).count === 1;
  return {
    async get(scope): Promise<IdemRecord | undefined> {
      const [r] = await q<IdemRow[]>`select * from idempotency where ${where(scope)}`;
      if (!r) return undefined;
      return { id: r.id, fingerprint: r.fingerprint, state: r.state, lockedUntil: Number(r.locked_until), statusCode: r.status_code, response: r.response, createdAt: r.created_at };
    },
    async reserve(s, rec) {
      await q`insert into idempotency (merchant_id, livemode, key_type, key, id, fingerprint, state, locked_until, status_code, response, created_at)
        values (${s.merchantId}, ${bit(s.livemode)}, ${s.keyType}, ${s.key}, ${rec.id}, ${rec.fingerprint}, 'reserved', ${rec.lockedUntil}, null, null, ${rec.createdAt})
        on conflict (merchant_id, livemode, key_type, key) do update set id = excluded.id, fingerprint = excluded.fingerprint,
          state = 'reserved', locked_until = excluded.locked_until, status_code = null, response = null, created_at = excluded.created_at`;
    },
    complete: (scope, id, statusCode, response) => finish(scope, id, statusCode, response),
    keep: (scope, id, outcome) => finish(scope, id, null, outcome),
    release: async (s, id) => void (await q`delete from idempotency where ${where(s)} and id = ${id} and state = 'reserved'`),
    prune: async (beforeIso) => (await q`delete from idempotency where created_at < ${beforeIso}`).count,
  };
}
