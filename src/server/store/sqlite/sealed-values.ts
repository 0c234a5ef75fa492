/**
 * Every sealed value the store holds, for the start-up re-seal (engine/reseal.ts): which table,
 * column and owner each is bound to (engine/sealed.ts), and a way to write it back re-sealed.
 * A sealed field added to a record must be listed here, or a key rotation would strand it; the
 * re-seal test (scenarios/sealing/reseal.test.ts) seals every field listed in its own fixture and
 * checks this list finds them all.
 */
import type { Db } from './db.ts';
import type { SealedValueRepo, StoredSealedValue } from '../types.ts';
import { SEALED_FIELDS, SEALED_META } from '../sealed-fields.ts';

export { SEALED_FIELDS, SEALED_META };

export function sealedValueRepo(db: Db): SealedValueRepo {
  const fields = SEALED_FIELDS.map((f) => {
    const [table, field] = f;
    // A field of the record (`data`), or a named JSON column and the path inside it.
    const [column, path] = f.length === 4 ? [f[2], f[3]] : ['data', field];
    const at = `json_extract(${column}, '$.${path}')`;
    return {
      table,
      field,
      list: db.prepare<[{ p: string }], { id: string; value: string }>(`SELECT id, ${at} AS value FROM ${table} WHERE ${at} IS NOT NULL AND substr(${at}, 1, length(@p)) <> @p`),
      put: db.prepare<[string, string]>(`UPDATE ${table} SET ${column} = json_set(${column}, '$.${path}', ?) WHERE id = ?`),
    };
  });
  // A redirect key belongs to its merchant (the signer reads it by merchant); the row is the key's hash.
  const keys = db.prepare<[{ p: string }], { hash: string; merchant_id: string; redirect_key: string }>(
    'SELECT hash, merchant_id, redirect_key FROM api_keys WHERE redirect_key IS NOT NULL AND substr(redirect_key, 1, length(@p)) <> @p',
  );
  const putKey = db.prepare<[string, string]>('UPDATE api_keys SET redirect_key = ? WHERE hash = ?');
  const meta = db.prepare<string[], { key: string; value: string }>(`SELECT key, value FROM meta WHERE key IN (${SEALED_META.map(() => '?').join(', ')})`);
  const putMeta = db.prepare<[string, string]>('UPDATE meta SET value = ? WHERE key = ?');
  return {
    async listNotStartingWith(prefix) {
      const out: StoredSealedValue[] = [];
      for (const f of fields) {
        for (const r of f.list.all({ p: prefix })) out.push({ at: { table: f.table, column: f.field, id: r.id }, row: r.id, value: r.value });
      }
      for (const r of keys.all({ p: prefix })) out.push({ at: { table: 'api_keys', column: 'redirect_key', id: r.merchant_id }, row: r.hash, value: r.redirect_key });
      for (const r of meta.all(...SEALED_META)) {
        if (!r.value.startsWith(prefix)) out.push({ at: { table: 'meta', column: 'value', id: r.key }, row: r.key, value: r.value });
      }
      return out;
    },
    async put(v, value) {
      if (v.at.table === 'api_keys') putKey.run(value, v.row);
      else if (v.at.table === 'meta') putMeta.run(value, v.row);
      else {
        const f = fields.find((x) => x.table === v.at.table && x.field === v.at.column);
        if (!f) throw new Error(`no sealed field ${v.at.table}.${v.at.column}`);
        f.put.run(value, v.row);
      }
    },
  };
}
