/**
 * Issue 32, finding 10b: the `webhooks tail` receiver checks every delivery's signature from the
 * first one. A delivery it cannot verify, before it knows its subscription's secret too, is
 * refused (non-2xx, so the server retries it), never heard as an event, and reported.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signatureHeader } from '../platform/signature.ts';
import { startReceiver, type Receiver } from './tail-receiver.ts';

const SECRET = 'whsec_tail_test_secret';
const BODY = JSON.stringify({ id: 'evt_test_1', type: 'charge.succeeded', data: {} });

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function world() {
  const events: string[] = [];
  const refused: string[] = [];
  receiver = await startReceiver(
    (id, type) => events.push(`${id} ${type}`),
    (why) => refused.push(why),
  );
  const deliver = (headers: Record<string, string> = {}) => fetch(receiver!.url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: BODY });
  const signed = (secret = SECRET) => ({ [SIGNATURE_HEADER]: signatureHeader([secret], BODY, Math.floor(Date.now() / 1000)) });
  return { events, refused, deliver, signed, receiver };
}

describe('the webhooks tail receiver (issue 32, finding 10b)', () => {
  it('refuses every delivery before it knows the secret, however it is signed, and hears none of them', async () => {
    const w = await world();
    for (const headers of [{}, w.signed(), w.signed('whsec_forged')]) {
      const res = await w.deliver(headers);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(w.events).toEqual([]);
    expect(w.refused).toHaveLength(3);
  });

  it('once it has the secret, hears a well-signed delivery and refuses an unsigned or wrongly signed one', async () => {
    const w = await world();
    w.receiver.setSecret(SECRET);
    expect((await w.deliver()).status).toBe(400);
    expect((await w.deliver(w.signed('whsec_forged'))).status).toBe(400);
    expect(w.events).toEqual([]);
    expect((await w.deliver(w.signed())).status).toBe(200);
    expect(w.events).toEqual(['evt_test_1 charge.succeeded']);
    expect(w.refused).toHaveLength(2);
  });
});
