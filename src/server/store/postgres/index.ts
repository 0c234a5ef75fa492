/**
 * The Postgres backend of the store contract (../types.ts), selected by SVCPAY_DATABASE_URL
 * (issue 21). Every repo runs on the pool outside a transaction and on the transaction's own
 * connection inside one; transactions are SERIALIZABLE and run again on a serialization failure
 * (./pg-db.ts), which is the form the SQLite backend's single writer takes across processes.
 */
import type { Sql } from 'postgres';
import { migrations } from '../schema/migrations.ts';
import { postgresSql } from '../schema/steps.ts';
import type { Repos, Store } from '../types.ts';
import { DomainError } from '../../domain/errors.ts';
import { openPg, StoreContended, type PgDb } from './pg-db.ts';
import { mirrorOrderRepo, orderFirstRepo, upsellClaimRepo } from './repos-mirror.ts';
import { idempotencyRepo, paymentMethodRepo, paymentRepo, refundRepo } from './repos-money.ts';
import { attemptRepo, buyerRepo, merchantRepo, sessionRepo, walletDomainRepo } from './repos-records.ts';
import { clientErrorRepo, inboundEventRepo, metaRepo, settlementRepo } from './repos-small.ts';
import { eventRepo, webhookDeliveryRepo, webhookSubscriptionRepo } from './repos-webhooks.ts';
import { sealedValueRepo } from './sealed-values.ts';

function repos(q: Sql): Repos {
  return {
    merchants: merchantRepo(q),
    sessions: sessionRepo(q),
    payments: paymentRepo(q),
    idempotency: idempotencyRepo(q),
    events: eventRepo(q),
    meta: metaRepo(q),
    clientErrors: clientErrorRepo(q),
    walletDomains: walletDomainRepo(q),
    attempts: attemptRepo(q),
    paymentMethods: paymentMethodRepo(q),
    settlements: settlementRepo(q),
    refunds: refundRepo(q),
    buyers: buyerRepo(q),
    webhookSubscriptions: webhookSubscriptionRepo(q),
    webhookDeliveries: webhookDeliveryRepo(q),
    inboundEvents: inboundEventRepo(q),
    mirrorOrders: mirrorOrderRepo(q),
    upsellClaims: upsellClaimRepo(q),
    orderFirst: orderFirstRepo(q),
    sealed: sealedValueRepo(q),
  };
}

export class PgStore implements Store {
  readonly backend = 'postgres' as const;
  readonly #db: PgDb;
  readonly #read: Repos;

  private constructor(db: PgDb) {
    this.#db = db;
    this.#read = repos(db.sql);
  }

  /** Connects, migrates (once, whatever else starts now) and answers; a clear error otherwise. */
  static async open(url: string, opts: { pool?: number } = {}): Promise<PgStore> {
    return new PgStore(await openPg(url, { migrations: migrations.map(postgresSql), max: opts.pool }));
  }

  get read() {
    return this.#read;
  }

  /** The pool itself, for tests and operators' queries; the engine goes through the repos. */
  get sql(): Sql {
    return this.#db.sql;
  }

  tx<T>(fn: (r: Repos) => Promise<T> | T): Promise<T> {
    return this.#db.tx(async (tx) => fn(repos(tx as unknown as Sql))).catch((err: unknown) => {
      // Contended past every retry: nothing was written, and the client may send it again (Doc 1: 503).
      if (err instanceof StoreContended) throw new DomainError('service_unavailable', 'The database is busy; retry the same request shortly.');
      throw err;
    });
  }

  onCommit(listener: () => void) {
    return this.#db.onCommit(listener);
  }

  /** Another instance's commits only (what this instance must learn: a clock moved there). */
  onRemoteCommit(listener: () => void) {
    return this.#db.onRemoteCommit(listener);
  }

  /** Deep health: a round trip that reads the migration the database is at. */
  async ping() {
    await this.#db.version();
  }

  async info() {
    return { backend: 'postgres' as const, migration: await this.#db.version() };
  }

  close() {
    return this.#db.close();
  }
}
