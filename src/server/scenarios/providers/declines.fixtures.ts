/**
 * A merchant's failure events as a receiver reads them back (`GET /v1/webhook_events/{id}`): the
 * providers' tests check what each carries of the issuer's answer (Doc 2, `charge.failed`).
 */
import { expect } from 'vitest';
import { bearer, type testApp } from '../../testing.ts';

type T = Awaited<ReturnType<typeof testApp>>;

/** `network_decline_code` of each `charge.failed` and `payment_intent.failed` of the merchant, in the order written. */
export async function networkDeclineCodes(t: T, merchantId: string, secret: string): Promise<[string, unknown][]> {
  const ids = await t.query<{ id: string }>("SELECT id FROM events WHERE merchant_id = ? AND type IN ('charge.failed', 'payment_intent.failed')", merchantId);
  const out: { sequence: number; row: [string, unknown] }[] = [];
  for (const { id } of ids) {
    const res = await t.json('GET', `/v1/webhook_events/${id}`, undefined, bearer(secret));
    expect(res.status).toBe(200);
    const event = (await res.json()) as { type: string; sequence: number; data: { network_decline_code?: unknown } };
    out.push({ sequence: event.sequence, row: [event.type, event.data.network_decline_code] });
  }
  return out.sort((a, b) => a.sequence - b.sequence).map((e) => e.row);
}
