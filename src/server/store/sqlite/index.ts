/**
 * The SQLite backend of the store contract (../types.ts), through better-sqlite3.
 *
 * Group commit: `tx` queues the transaction function and resolves after the commit that contains
 * it. All the transactions queued while the event loop handled one round of I/O run in one
 * `BEGIN IMMEDIATE … COMMIT`, each inside its own savepoint (a function that throws rolls back
 * only its own writes), so many concurrent requests share one fsync, and each is answered only
 * after the commit that made its writes durable (synchronous=FULL: a 2xx is on disk).
 *
 * That holds only while a transaction function awaits nothing but the store: one that awaits I/O
 * (a processor call, a timer) would hold the write lock and every other request's commit across
 * it. The store enforces it: a function during which the event loop turned is rolled back and
 * rejected with `TransactionAwaitedIo` (under vitest) or logged loudly (elsewhere).
 */
import { openDb, type Db } from './db.ts';
import { attemptRepo } from './attempts.ts';
import { paymentMethodRepo } from './payment-methods.ts';
import { refundRepo } from './refunds.ts';
import { settlementRepo } from './settlements.ts';
import { webhookSubscriptionRepo } from './webhook-subscriptions.ts';
import { inboundEventRepo } from './inbound-events.ts';
import { mirrorOrderRepo, orderFirstRepo, upsellClaimRepo } from './mirror-orders.ts';
import { webhookDeliveryRepo } from './webhook-deliveries.ts';
import { buyerRepo } from './buyers.ts';
import { clientErrorRepo } from './client-errors.ts';
import { eventRepo } from './events.ts';
import { idempotencyRepo } from './idempotency.ts';
import { merchantRepo, newMerchantCache } from './merchants.ts';
import { metaRepo } from './meta.ts';
import { sealedValueRepo } from './sealed-values.ts';
import { paymentRepo } from './payments.ts';
import { sessionRepo } from './sessions.ts';
import { walletDomainRepo } from './wallet-domains.ts';
import type { Repos, Store } from '../types.ts';

/** A transaction function awaited something other than the store (../types.ts, `tx`). */
export class TransactionAwaitedIo extends Error {
  constructor() {
    super('A store transaction awaited something other than the store (I/O or a timer): the event loop turned inside it. Do the I/O before or after the transaction.');
  }
}

interface Job {
  fn: (r: Repos) => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class SqliteStore implements Store {
  readonly db: Db;
  readonly #repos: Repos;
  readonly #cache = newMerchantCache();
  #queue: Job[] = [];
  #scheduled = false;
  #running = false;
  #closed = false;
  readonly #commitListeners = new Set<() => void>();

  /** Rejects a transaction that awaited I/O (tests) instead of only reporting it (production). */
  readonly #strict: boolean;
  readonly #report: (err: Error) => void;

  constructor(path: string, opts: { strict?: boolean; report?: (err: Error) => void } = {}) {
    this.#strict = opts.strict ?? Boolean(process.env.VITEST);
    this.#report = opts.report ?? ((err) => console.error(err));
    this.db = openDb(path);
    this.#repos = {
      merchants: merchantRepo(this.db, this.#cache),
      sessions: sessionRepo(this.db),
      payments: paymentRepo(this.db),
      idempotency: idempotencyRepo(this.db),
      events: eventRepo(this.db),
      meta: metaRepo(this.db),
      clientErrors: clientErrorRepo(this.db),
      walletDomains: walletDomainRepo(this.db),
      attempts: attemptRepo(this.db),
      paymentMethods: paymentMethodRepo(this.db),
      settlements: settlementRepo(this.db),
      refunds: refundRepo(this.db),
      webhookSubscriptions: webhookSubscriptionRepo(this.db),
      webhookDeliveries: webhookDeliveryRepo(this.db),
      inboundEvents: inboundEventRepo(this.db),
      mirrorOrders: mirrorOrderRepo(this.db),
      upsellClaims: upsellClaimRepo(this.db),
      orderFirst: orderFirstRepo(this.db),
      buyers: buyerRepo(this.db),
      sealed: sealedValueRepo(this.db),
    };
  }

  get read() {
    return this.#repos;
  }

  tx<T>(fn: (r: Repos) => Promise<T> | T): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('store closed'));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      this.#schedule();
    });
  }

  /** Deep health: a real write and read-back through the commit path, always rolled back. */
  async ping() {
    const probe = `probe_${Date.now()}`;
    const ROLLBACK = new Error('rollback');
    await this.tx(async (r) => {
      await r.meta.set('health_probe', probe);
      if ((await r.meta.get('health_probe')) !== probe) throw new Error('store read back a different value');
      throw ROLLBACK;
    }).catch((err: unknown) => {
      if (err !== ROLLBACK) throw err;
    });
  }

  async info() {
    return { backend: 'sqlite' as const, migration: this.db.pragma('user_version', { simple: true }) as number };
  }

  onCommit(listener: () => void) {
    this.#commitListeners.add(listener);
    return () => void this.#commitListeners.delete(listener);
  }

  async close() {
    this.#closed = true;
    while (this.#running || this.#queue.length) await new Promise((r) => setImmediate(r));
    this.db.close();
  }

  #schedule() {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    // setImmediate, not nextTick: the requests whose I/O is already waiting get to queue their
    // transactions first, and join this commit.
    setImmediate(() => void this.#flush());
  }

  async #flush() {
    this.#scheduled = false;
    this.#running = true;
    const batch = this.#queue.splice(0);
    const done: { job: Job; ok: boolean; value: unknown }[] = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
      for (const job of batch) {
        this.db.exec('SAVEPOINT job');
        // Store calls settle in microtasks; an immediate that runs before the function settles
        // means the event loop turned inside the transaction.
        let turned = false;
        const probe = setImmediate(() => (turned = true));
        try {
          const value = await job.fn(this.#repos);
          clearImmediate(probe);
          if (turned) {
            const err = new TransactionAwaitedIo();
            if (this.#strict) throw err;
            this.#report(err);
          }
          this.db.exec('RELEASE job');
          done.push({ job, ok: true, value });
        } catch (err) {
          clearImmediate(probe);
          this.db.exec('ROLLBACK TO job');
          this.db.exec('RELEASE job');
          this.#clearCaches();
          done.push({ job, ok: false, value: err });
        }
      }
      this.db.exec('COMMIT');
    } catch (err) {
      // The commit itself failed (disk full, I/O error): nothing of the batch is durable.
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.#clearCaches();
      for (const job of batch) job.reject(err);
      this.#after();
      return;
    }
    for (const d of done) (d.ok ? d.job.resolve : d.job.reject)(d.value);
    if (done.some((d) => d.ok)) {
      for (const listener of this.#commitListeners) {
        try {
          listener();
        } catch {
          // A listener's failure is its own; the commit stands.
        }
      }
    }
    this.#after();
  }

  #after() {
    this.#running = false;
    if (this.#queue.length) this.#schedule();
  }

  #clearCaches() {
    this.#cache.merchants.clear();
    this.#cache.keys.clear();
  }
}

export function createStore(path: string) {
  return new SqliteStore(path);
}
