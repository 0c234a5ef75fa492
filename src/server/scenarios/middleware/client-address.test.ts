/**
 * Instances behind a load balancer (issue 21, SVCPAY_TRUSTED_PROXIES): the buyer's address, not
 * the balancer's, is what the per-IP limits count and what the control API's loopback check sees.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE, bearer, testApp } from '../../testing.ts';

const BODY = { amount: 1000, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true };
const CARD = { number: '4000000000000002', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
const BALANCER = '127.0.0.1';

describe('behind a trusted load balancer', () => {
  it('counts card tries per buyer address the balancer names: the 21st from one buyer is refused, another buyer is not', async () => {
    const t = await testApp({ SVCPAY_TRUSTED_PROXIES: `${BALANCER},::1` });
    const { keys } = await t.merchant({ settings: { sameSessionRetry: 10 } });
    const sessions = [];
    for (let i = 0; i < 4; i++) sessions.push(await (await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret))).json());
    const tryCard = (session: { id: string }, buyer: string) =>
      t.json('POST', `/v1/public/sessions/${session.id}/charge`, { card: CARD }, { ...bearer(keys.publishable), Origin: SERVICE, 'X-Forwarded-For': buyer }, BALANCER);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await tryCard(sessions[Math.min(Math.floor(i / 6), 3)], '203.0.113.9')).status);
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Every buyer reaches the service from the balancer's address; the next buyer has their own 20.
    expect((await tryCard(sessions[3], '203.0.113.10')).status).not.toBe(429);
    // A buyer who forges a header before the balancer's hop is still counted by the hop.
    expect((await tryCard(sessions[3], '203.0.113.10, 203.0.113.9')).status).toBe(429);
  });

  it('refuses the control API to a remote buyer that reaches it through the balancer', async () => {
    const t = await testApp({ SVCPAY_TRUSTED_PROXIES: BALANCER });
    const remote = await t.json('GET', '/_sandbox/clock', undefined, { 'X-Forwarded-For': '203.0.113.9' }, BALANCER);
    expect(remote.status).toBe(403);
    expect(((await remote.json()) as { code: string }).code).toBe('origin_forbidden');
    expect((await t.json('GET', '/_sandbox/clock', undefined, { 'X-Forwarded-For': '127.0.0.1' }, BALANCER)).status).toBe(200);
  });

  it('ignores X-Forwarded-For without SVCPAY_TRUSTED_PROXIES: every try counts for the socket address', async () => {
    const t = await testApp();
    const { keys } = await t.merchant({ settings: { sameSessionRetry: 10 } });
    const sessions = [];
    for (let i = 0; i < 4; i++) sessions.push(await (await t.json('POST', '/v1/sessions', BODY, bearer(keys.secret))).json());
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const s = sessions[Math.min(Math.floor(i / 6), 3)];
      statuses.push((await t.json('POST', `/v1/public/sessions/${s.id}/charge`, { card: CARD }, { ...bearer(keys.publishable), Origin: SERVICE, 'X-Forwarded-For': `203.0.113.${i}` }, BALANCER)).status);
    }
    expect(statuses[20]).toBe(429);
  });
});
