/**
 * The worked example of docs/contributing.md ("Adding a processor") through the app: a provider of
 * the tests' own, `echo` (processors/echo.fixtures.ts), added through the registry alone (its entry
 * and a list holding it), pays a session end to end. Its entry in a registry is checked by
 * processors/registry.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { futureExpiry } from '../../../card/test-cards.ts';
import { echoProvider } from '../../processors/echo.fixtures.ts';
import { PROVIDERS } from '../../processors/registry.ts';
import { bearer, SERVICE, testApp } from '../../testing.ts';

describe('the provider registry', () => {
  it('pays a session through a provider added by the registry alone, end to end through the app', async () => {
    const echo = echoProvider();
    const t = await testApp({}, { providers: [...PROVIDERS, echo] });
    expect(t.processor).toBe(echo.adapter);
    const m = await t.merchant();
    const made = await t.json('POST', '/v1/sessions', { amount: 2500, currency: 'eur', integrationMode: 'elements', chargeAtSubmit: true }, bearer(m.keys.secret));
    const session = (await made.json()) as { id: string };
    const { month, year } = futureExpiry();
    const card = { number: '4000000000000002', expMonth: month, expYear: year, cvc: '123' };
    const paid = await t.json('POST', `/v1/public/sessions/${session.id}/charge`, { card }, { ...bearer(m.keys.publishable), Origin: SERVICE });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', sessionId: session.id });
    // A card the sandbox declines (4000…0002) is approved by echo: the charge went to echo alone.
    expect([...echo.adapter.charges.values()]).toEqual([expect.objectContaining({ amount: 2500, sessionId: session.id, card: expect.objectContaining({ last4: '0002' }) })]);
    const read = await (await t.json('GET', `/v1/sessions/${session.id}`, undefined, bearer(m.keys.secret))).json();
    expect(read).toMatchObject({ status: 'succeeded', paymentStatus: 'paid' });
  });
});
