/** The Postgres forms of the small repos (../sqlite/meta.ts, client-errors.ts, inbound-events.ts, settlements.ts). */
import type { InboundEventRecord, SettlementRecord } from '../../domain/index.ts';
import type { ClientErrorRepo, InboundEventRepo, MetaRepo, SettlementRepo } from '../types.ts';
import { SETTLEMENT_COLUMNS } from '../columns.ts';
import { jsonTable, parse, parseAll, type Q } from './json-table.ts';

export function metaRepo(q: Q): MetaRepo {
  return {
    delete: async (key) => void (await q`delete from meta where key = ${key}`),
    get: async (key) => (await q<{ value: string }[]>`select value from meta where key = ${key}`)[0]?.value,
    set: async (key, value) => void (await q`insert into meta (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value`),
  };
}

export function clientErrorRepo(q: Q): ClientErrorRepo {
  return {
    async insert(sessionId, message, context, now) {
      await q`insert into client_errors (session_id, message, context, created_at) values (${sessionId}, ${message}, ${JSON.stringify(context ?? {})}, ${now})`;
    },
    countSince: async (sinceIso) => (await q<{ n: number }[]>`select count(*)::int as n from client_errors where created_at >= ${sinceIso}`)[0]!.n,
    prune: async (beforeIso) => (await q`delete from client_errors where created_at < ${beforeIso}`).count,
  };
}

export function inboundEventRepo(q: Q): InboundEventRepo {
  return {
    insertNew: async (e) =>
      (
        await q`insert into inbound_events (id, seq, state, next_attempt_at, data)
          values (${e.id}, (select coalesce(max(seq), 0) + 1 from inbound_events), ${e.state}, ${e.nextAttemptAt}, ${JSON.stringify(e)})
          on conflict (id) do nothing`
      ).count === 1,
    update: async (e) => void (await q`update inbound_events set state = ${e.state}, next_attempt_at = ${e.nextAttemptAt}, data = ${JSON.stringify(e)} where id = ${e.id}`),
    get: async (id) => parse<InboundEventRecord>(await q<{ data: string }[]>`select data from inbound_events where id = ${id}`),
    due: async (now, limit) =>
      parseAll<InboundEventRecord>(await q<{ data: string }[]>`select data from inbound_events where state = 'pending' and next_attempt_at <= ${now} order by seq limit ${limit}`),
  };
}

export function settlementRepo(q: Q): SettlementRepo {
  const t = jsonTable<SettlementRecord>(q, 'settlements', SETTLEMENT_COLUMNS);
  return {
    ...t,
    byProcessorRef: async (ref) => parse<SettlementRecord>(await q<{ data: string }[]>`select data from settlements where processor_ref = ${ref}`),
    forIntent: async (id) => parse<SettlementRecord>(await q<{ data: string }[]>`select data from settlements where intent_id = ${id} order by created_at limit 1`),
  };
}
