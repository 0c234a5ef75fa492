/**
 * The processor's records: client tokens, transactions, vaulted cards, refunds and the event outbox
 * (brand, last four, expiry and the test-card behaviour of a card; never its number or CVC).
 */
import type { CardBehaviour } from '../cards.ts';
import type { Db } from './db.ts';
import { outboxRepo } from './outbox.ts';
import { fenceRepo } from './fences.ts';
import { ledgerRepo } from './ledger.ts';
import { refundRepo } from './refunds.ts';
import { vaultRepo } from './vault.ts';

export type { EventRecord } from './outbox.ts';
export type { LedgerEntry } from './ledger.ts';
export type { RefundRecord } from './refunds.ts';
export type { VaultRecord } from './vault.ts';

export interface TokenRecord {
  token: string;
  merchantId: string;
  sessionId: string;
  livemode: boolean;
  amount: number;
  currency: string;
  createdAt: string;
  expiresAt: string;
  usedBy: string | null;
  revokedAt: string | null;
  /** false: a browser charge with this token only authorizes (the session captures manually). */
  capture: boolean;
  /** Where the bank challenge of a charge with this token sends the buyer back; null: no challenge in the browser. */
  returnUrl: string | null;
}

export interface ThreeDSecureRecord {
  outcome: 'authenticated' | 'failed';
  method: string;
  version: string;
  eci: string | null;
}

export type CaptureState = 'none' | 'pending' | 'settled' | 'voided' | 'failed';
export type DisputeStatus = 'open' | 'won' | 'lost';

export interface TransactionRecord {
  id: string;
  token: string | null;
  /** The caller's own name for the charge (the service's attempt id), or the client token of a browser charge; unique per account. */
  reference: string | null;
  merchantId: string;
  sessionId: string | null;
  livemode: boolean;
  amount: number;
  currency: string;
  status: 'approved' | 'declined' | 'requires_action';
  declineCode: string | null;
  ruleCode: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  avsResult: string | null;
  cvvResult: string | null;
  createdAt: string;
  behaviour: CardBehaviour;
  vaultId: string | null;
  /** The charge asked for capture with the authorization (false: authorize only). */
  captureRequested: boolean;
  captureState: CaptureState;
  capturedAmount: number;
  captureReference: string | null;
  voidReference: string | null;
  /** Before this clock time refunds are refused `not_settled` (card 0074). */
  settlesAt: string | null;
  settleEventDue: boolean;
  returnUrl: string | null;
  /**
   * Besides the service, the one origin that may frame this charge's bank challenge: the merchant
   * page that showed the service's fields (the challenge dialog sits over it). Null: the service only.
   */
  frameAncestor: string | null;
  threeDSecure: ThreeDSecureRecord | null;
  disputeStatus: DisputeStatus | null;
  disputeOpenedAt: string | null;
  /** When a dispute opens by itself (card 0259). */
  disputeDueAt: string | null;
  /** What the charge carried beyond the money, as received (issue 34); null when nothing. */
  sent: ChargeSent | null;
}

/**
 * What a charge carried to the processor beyond the money, as a stand-in received it (issue 34):
 * the statement descriptor (the sandbox's and Stripe's suffix, or Braintree's descriptor object),
 * rule tags, the charge's names and the buyer's IP. Never card data.
 */
export interface ChargeSent {
  descriptor: { suffix: string } | { name: string; phone: string | null; url: string | null } | null;
  ruleTags: Record<string, string> | null;
  firstName: string | null;
  lastName: string | null;
  buyerIp: string | null;
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (v as string | null) ?? null;

const toTransaction = (r: Row): TransactionRecord => ({
  id: r.id as string,
  token: str(r.token),
  reference: str(r.reference),
  merchantId: r.merchant_id as string,
  sessionId: str(r.session_id),
  livemode: r.livemode === 1,
  amount: r.amount as number,
  currency: r.currency as string,
  status: r.status as TransactionRecord['status'],
  declineCode: str(r.decline_code),
  ruleCode: str(r.rule_code),
  brand: r.brand as string,
  last4: r.last4 as string,
  expMonth: r.exp_month as number,
  expYear: r.exp_year as number,
  avsResult: str(r.avs_result),
  cvvResult: str(r.cvv_result),
  createdAt: r.created_at as string,
  behaviour: JSON.parse(r.behaviour as string) as CardBehaviour,
  vaultId: str(r.vault_id),
  captureRequested: r.capture_requested === 1,
  captureState: r.capture_state as CaptureState,
  capturedAmount: r.captured_amount as number,
  captureReference: str(r.capture_reference),
  voidReference: str(r.void_reference),
  settlesAt: str(r.settles_at),
  settleEventDue: r.settle_event_due === 1,
  returnUrl: str(r.return_url),
  frameAncestor: str(r.frame_ancestor),
  threeDSecure: r.three_ds ? (JSON.parse(r.three_ds as string) as ThreeDSecureRecord) : null,
  disputeStatus: str(r.dispute_status) as DisputeStatus | null,
  disputeOpenedAt: str(r.dispute_opened_at),
  disputeDueAt: str(r.dispute_due_at),
  sent: r.sent ? (JSON.parse(r.sent as string) as ChargeSent) : null,
});

const toRow = (t: TransactionRecord) => ({
  ...t,
  livemode: t.livemode ? 1 : 0,
  behaviour: JSON.stringify(t.behaviour),
  captureRequested: t.captureRequested ? 1 : 0,
  settleEventDue: t.settleEventDue ? 1 : 0,
  threeDSecure: t.threeDSecure ? JSON.stringify(t.threeDSecure) : null,
  sent: t.sent ? JSON.stringify(t.sent) : null,
});

const COLUMNS: [keyof TransactionRecord, string][] = [
  ['id', 'id'],
  ['token', 'token'],
  ['reference', 'reference'],
  ['merchantId', 'merchant_id'],
  ['sessionId', 'session_id'],
  ['livemode', 'livemode'],
  ['amount', 'amount'],
  ['currency', 'currency'],
  ['status', 'status'],
  ['declineCode', 'decline_code'],
  ['ruleCode', 'rule_code'],
  ['brand', 'brand'],
  ['last4', 'last4'],
  ['expMonth', 'exp_month'],
  ['expYear', 'exp_year'],
  ['avsResult', 'avs_result'],
  ['cvvResult', 'cvv_result'],
  ['createdAt', 'created_at'],
  ['behaviour', 'behaviour'],
  ['vaultId', 'vault_id'],
  ['captureRequested', 'capture_requested'],
  ['captureState', 'capture_state'],
  ['capturedAmount', 'captured_amount'],
  ['captureReference', 'capture_reference'],
  ['voidReference', 'void_reference'],
  ['settlesAt', 'settles_at'],
  ['settleEventDue', 'settle_event_due'],
  ['returnUrl', 'return_url'],
  ['frameAncestor', 'frame_ancestor'],
  ['threeDSecure', 'three_ds'],
  ['disputeStatus', 'dispute_status'],
  ['disputeOpenedAt', 'dispute_opened_at'],
  ['disputeDueAt', 'dispute_due_at'],
  ['sent', 'sent'],
];
/** What changes after a transaction is made; the rest is fixed at insert. */
const MUTABLE = new Set<keyof TransactionRecord>([
  'status',
  'declineCode',
  'ruleCode',
  'captureState',
  'capturedAmount',
  'captureReference',
  'voidReference',
  'settlesAt',
  'settleEventDue',
  'threeDSecure',
  'disputeStatus',
  'disputeOpenedAt',
  'disputeDueAt',
]);

export function processorRepo(db: Db) {
  const insertToken = db.prepare(
    `INSERT INTO tokens (token, merchant_id, session_id, livemode, amount, currency, created_at, expires_at, used_by, capture, return_url)
     VALUES (@token, @merchantId, @sessionId, @livemode, @amount, @currency, @createdAt, @expiresAt, NULL, @capture, @returnUrl)`,
  );
  const getToken = db.prepare<[string], Row>('SELECT * FROM tokens WHERE token = ?');
  const useToken = db.prepare('UPDATE tokens SET used_by = ? WHERE token = ? AND used_by IS NULL AND revoked_at IS NULL');
  const revokeToken = db.prepare('UPDATE tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE token = ?');
  const insertTx = db.prepare(
    `INSERT INTO transactions (${COLUMNS.map(([, c]) => c).join(', ')}) VALUES (${COLUMNS.map(([f]) => `@${f}`).join(', ')})`,
  );
  const updateTx = db.prepare(
    `UPDATE transactions SET ${COLUMNS.filter(([f]) => MUTABLE.has(f))
      .map(([f, c]) => `${c} = @${f}`)
      .join(', ')} WHERE id = @id`,
  );
  const getTx = db.prepare<[string], Row>('SELECT * FROM transactions WHERE id = ?');
  const txByRef = db.prepare<[string, string], Row>('SELECT * FROM transactions WHERE merchant_id = ? AND reference = ?');
  const disputesDue = db.prepare<[string], Row>('SELECT * FROM transactions WHERE dispute_due_at <= ? AND dispute_status IS NULL AND dispute_due_at IS NOT NULL');
  const settlementsDue = db.prepare<[string], Row>('SELECT * FROM transactions WHERE settle_event_due = 1 AND settles_at <= ?');
  return {
    insertToken(t: Omit<TokenRecord, 'usedBy' | 'revokedAt'>) {
      insertToken.run({ ...t, livemode: t.livemode ? 1 : 0, capture: t.capture ? 1 : 0 });
    },
    getToken(token: string): TokenRecord | undefined {
      const r = getToken.get(token);
      if (!r) return undefined;
      return {
        token: r.token as string,
        merchantId: r.merchant_id as string,
        sessionId: r.session_id as string,
        livemode: r.livemode === 1,
        amount: r.amount as number,
        currency: r.currency as string,
        createdAt: r.created_at as string,
        expiresAt: r.expires_at as string,
        usedBy: str(r.used_by),
        revokedAt: str(r.revoked_at),
        capture: r.capture !== 0,
        returnUrl: str(r.return_url),
      };
    },
    /** Marks a token used; false when another charge took it first or it was revoked meanwhile. */
    useToken(token: string, txId: string): boolean {
      return useToken.run(txId, token).changes === 1;
    },
    revokeToken(token: string, at: string) {
      revokeToken.run(at, token);
    },
    insertTransaction(t: TransactionRecord) {
      insertTx.run(toRow(t));
    },
    updateTransaction(t: TransactionRecord) {
      const row = toRow(t) as Record<string, unknown>;
      updateTx.run(Object.fromEntries(Object.entries(row).filter(([k]) => k === 'id' || MUTABLE.has(k as keyof TransactionRecord))));
    },
    getTransaction(id: string): TransactionRecord | undefined {
      const r = getTx.get(id);
      return r ? toTransaction(r) : undefined;
    },
    transactionByReference(merchantId: string, reference: string): TransactionRecord | undefined {
      const r = txByRef.get(merchantId, reference);
      return r ? toTransaction(r) : undefined;
    },
    disputesDue: (now: string) => disputesDue.all(now).map(toTransaction),
    settlementsDue: (now: string) => settlementsDue.all(now).map(toTransaction),
    ...vaultRepo(db),
    ...refundRepo(db),
    ...outboxRepo(db),
    ...ledgerRepo(db),
    ...fenceRepo(db),
  };
}
export type ProcessorRepo = ReturnType<typeof processorRepo>;
