import { expect } from 'vitest';
import { Buyer, BuyerList } from '../../../api/buyers.ts';
import { bearer, testApp } from '../../testing.ts';

export const PATH = '/v1/buyers';
export const ADDRESS = { address_line1: '1 Main St', postal_code: '94107', country: 'US' };

export async function world() {
  const t = await testApp();
  const m = await t.merchant();
  const auth = bearer(m.keys.secret);
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) => t.json(method, path, body, headers);
  const upsert = async (body: unknown, headers: Record<string, string> = auth) => {
    const res = await call('POST', PATH, body, headers);
    return { status: res.status, buyer: Buyer.parse(await res.json()) };
  };
  const get = async (id: string) => Buyer.parse(await (await call('GET', `${PATH}/${id}`)).json());
  const lookup = async (query: string, headers: Record<string, string> = auth) => {
    const res = await call('GET', `${PATH}?${query}`, undefined, headers);
    expect(res.status).toBe(200);
    return BuyerList.parse(await res.json()).data;
  };
  const refused = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];
  /** The stored row as SQLite has it: the email and its lookup value. */
  const row = async (id: string) => (await t.query('SELECT email, email_lookup FROM buyers WHERE id = ?', id))[0] as { email: string | null; email_lookup: string | null };
  return { t, m, auth, call, upsert, get, lookup, refused, row };
}
