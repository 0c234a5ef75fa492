/** The Postgres form of ../sqlite/sealed-values.ts: every sealed value, found and written back re-sealed. */
import { SEALED_FIELDS, SEALED_META } from '../sealed-fields.ts';
import type { SealedValueRepo, StoredSealedValue } from '../types.ts';
import type { Q } from './json-table.ts';

export function sealedValueRepo(q: Q): SealedValueRepo {
  // A field of the record (`data`), or a named JSON column and the path inside it.
  const fields = SEALED_FIELDS.map((f) => {
    const [table, field] = f;
    const [column, path] = f.length === 4 ? [f[2], f[3]] : ['data', field];
    return { table, field, column, path };
  });
  return {
    async listNotStartingWith(prefix) {
      const out: StoredSealedValue[] = [];
      for (const f of fields) {
        const rows = await q<{ id: string; value: string }[]>`
          select id, (${q(f.column)}::jsonb ->> ${f.path}) as value from ${q(f.table)}
          where (${q(f.column)}::jsonb ->> ${f.path}) is not null and left(${q(f.column)}::jsonb ->> ${f.path}, length(${prefix})) <> ${prefix}`;
        for (const r of rows) out.push({ at: { table: f.table, column: f.field, id: r.id }, row: r.id, value: r.value });
      }
      // A redirect key belongs to its merchant (the signer reads it by merchant); the row is the key's hash.
      const keys = await q<{ hash: string; merchant_id: string; redirect_key: string }[]>`
        select hash, merchant_id, redirect_key from api_keys where redirect_key is not null and left(redirect_key, length(${prefix})) <> ${prefix}`;
      for (const r of keys) out.push({ at: { table: 'api_keys', column: 'redirect_key', id: r.merchant_id }, row: r.hash, value: r.redirect_key });
      const meta = await q<{ key: string; value: string }[]>`select key, value from meta where key in ${q([...SEALED_META])}`;
      for (const r of meta) if (!r.value.startsWith(prefix)) out.push({ at: { table: 'meta', column: 'value', id: r.key }, row: r.key, value: r.value });
      return out;
    },
    async put(v, value) {
      if (v.at.table === 'api_keys') await q`update api_keys set redirect_key = ${value} where hash = ${v.row}`;
      else if (v.at.table === 'meta') await q`update meta set value = ${value} where key = ${v.row}`;
      else {
        const f = fields.find((x) => x.table === v.at.table && x.field === v.at.column);
        if (!f) throw new Error(`no sealed field ${v.at.table}.${v.at.column}`);
        await q`update ${q(f.table)} set ${q(f.column)} = jsonb_set(${q(f.column)}::jsonb, array[${f.path}], to_jsonb(${value}::text))::text where id = ${v.row}`;
      }
    },
  };
}
