/** The world of the order-before-charge tests: a platform B store stand-in and an account that orders before charging. */
import { expect } from 'vitest';
import { testApp } from '../../../testing.ts';
import { client } from '../../payment-intents/fixtures.ts';

export const DECLINED = 'tok_sandbox_visa_9995';
export const STORES = [{ platform: 'platform_b' as const, store: 'b.example.com', writeScopes: true }];
export const ORDER = (unitAmount = 1000, extra: Record<string, unknown> = {}) => ({
  order: { lineItems: [{ name: 'Mug', quantity: 1, unitAmount, variantId: 7 }], shipping: { amount: 500 }, ...extra },
  mirrorTo: { platform: 'platform_b', store: 'b.example.com', customer: { email: 'ada@example.com' } },
});

export async function world(env: Record<string, string> = {}) {
  const t = await testApp(env);
  const m = await t.merchant({ settings: { connectedStores: STORES, orderFirst: true } });
  const c = client(t, m.merchant.id, m.keys);
  const switches = async (body: unknown) => expect((await t.json('POST', '/_sandbox/stores/platform_b/b.example.com/switches', body)).status).toBe(200);
  type Held = { number: string; reference: string; createRequests: number; order: { paid: boolean; cancelled?: boolean; total_cents: number } };
  const held = async () => ((await (await t.json('GET', '/_sandbox/stores/platform_b/b.example.com/orders')).json()) as { data: Held[] }).data;
  const states = async () => (await held()).map((o) => (o.order.cancelled ? 'cancelled' : o.order.paid ? 'paid' : 'unpaid'));
  const run = (advanceSeconds = 1) => t.json('POST', '/_sandbox/clock', { advanceSeconds });
  const poll = (id: string) => c.get(`/v1/payment_intents/${id}/mirror-order`);
  const charged = () => (t.sandbox.db.prepare("SELECT count(*) AS n FROM transactions WHERE status = 'approved'").get() as { n: number }).n;
  return { t, m, c, switches, held, states, run, poll, charged };
}

export type World = Awaited<ReturnType<typeof world>>;
