/**
 * What the Braintree stand-in shows of the sandbox's records: a sale by its id (and the credits that
 * refund it), or a credit by its id, in Braintree's shape; and which transactions are its sales
 * (their events are Braintree's webhooks).
 */
import type { SandboxProcessorCore } from '../processor.ts';
import type { Db } from '../store/db.ts';
import { creditObject, saleObject } from './objects.ts';
import type { XmlObject } from './xml.ts';

/** A merchant account as the sandbox merchant it belongs to and the one currency it charges in. */
export function accountOf(merchantAccountId: string): { merchantId: string; currency: string } {
  const m = /^(.+)_([a-z]{3})$/.exec(merchantAccountId);
  return m ? { merchantId: m[1]!, currency: m[2]!.toUpperCase() } : { merchantId: merchantAccountId, currency: 'USD' };
}
export const accountName = (merchantId: string, currency: string) => `${merchantId}_${currency.toLowerCase()}`;

/** A sale or a refund (a credit) by its id, as Braintree shows it; undefined when it is neither. */
export function transactionXml(core: SandboxProcessorCore, id: string): XmlObject | undefined {
  const sale = core.repo.getTransaction(id);
  if (sale) return saleObject(sale, { merchantAccountId: accountName(sale.merchantId, sale.currency), refunds: core.repo.refundsOf(sale.id), customFields: {} });
  const r = core.repo.getRefund(id);
  const refunded = r && core.repo.getTransaction(r.transactionId);
  return r && refunded ? creditObject(r, refunded, accountName(r.merchantId, r.currency)) : undefined;
}

export function salesRepo(db: Db) {
  const insert = db.prepare('INSERT OR IGNORE INTO braintree_sales (transaction_id) VALUES (?)');
  const has = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM braintree_sales WHERE transaction_id = ?');
  const declined = db.prepare<[string, string], { n: number }>(
    "SELECT count(*) AS n FROM braintree_sales s JOIN transactions t ON t.id = s.transaction_id WHERE t.merchant_id = ? AND t.session_id = ? AND t.status = 'declined'",
  );
  return {
    add: (transactionId: string) => void insert.run(transactionId),
    has: (transactionId: string) => has.get(transactionId)!.n > 0,
    /** The sales of one svcpay session (its `svcpay_session` custom field) the bank declined. */
    declinedForSession: (merchantId: string, sessionId: string) => declined.get(merchantId, sessionId)!.n,
  };
}
export type SalesRepo = ReturnType<typeof salesRepo>;
