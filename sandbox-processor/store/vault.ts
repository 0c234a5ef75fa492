/** Vaulted cards: brand, last four, expiry, test-card behaviour and a CVV result; never the number or CVC. */
import type { CardBehaviour } from '../cards.ts';
import type { Db } from './db.ts';

export interface VaultRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
  /** The CVV result when a CVC was checked at vault time; null for a server reference (no CVC). */
  cvvResult: string | null;
  createdAt: string;
}

type Row = Record<string, unknown>;

export function vaultRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO vault (id, merchant_id, livemode, brand, last4, exp_month, exp_year, behaviour, cvv_result, created_at)
     VALUES (@id, @merchantId, @livemode, @brand, @last4, @expMonth, @expYear, @behaviour, @cvvResult, @createdAt)`,
  );
  const get = db.prepare<[string], Row>('SELECT * FROM vault WHERE id = ?');
  return {
    insertVaulted(v: VaultRecord) {
      insert.run({ ...v, livemode: v.livemode ? 1 : 0, behaviour: JSON.stringify(v.behaviour) });
    },
    getVaulted(id: string): VaultRecord | undefined {
      const r = get.get(id);
      if (!r) return undefined;
      return {
        id: r.id as string,
        merchantId: r.merchant_id as string,
        livemode: r.livemode === 1,
        brand: r.brand as string,
        last4: r.last4 as string,
        expMonth: r.exp_month as number,
        expYear: r.exp_year as number,
        behaviour: JSON.parse(r.behaviour as string) as CardBehaviour,
        cvvResult: (r.cvv_result as string | null) ?? null,
        createdAt: r.created_at as string,
      };
    },
  };
}
