/**
 * The agent adapter's forms (issue 19, `agent_hosted_fields`), without the app: what its client init
 * hands the page, and that a form alone pays nothing. The merchant's payments through the app are
 * src/server/scenarios/providers/stripe/agent-merchant.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SECRET, testProcessor } from '../../../../sandbox-processor/testing.ts';
import { standInFetch } from '../../../../sandbox-processor/stripe/testing.ts';
import type { Merchant } from '../../domain/index.ts';
import { StripeAgentAdapter } from './agent-adapter.ts';

describe('the agent adapter’s forms', () => {
  const adapter = (environment: 'sandbox' | 'production') =>
    new StripeAgentAdapter({ secretKey: SECRET, publishableKey: 'pk_test_1', environment, scriptUrl: 'http://127.0.0.1:4245/v3/', chargeEndpoint: 'http://localhost:4242/api/checkout/complete', host: 'stripe.sandbox.invalid', fetch: standInFetch(testProcessor().processor) });
  const merchant = { id: 'm_1' } as Merchant;

  it('hands the stand-in’s stripe.js in the sandbox only; production loads Stripe’s own', async () => {
    expect(await adapter('sandbox').clientInit(merchant)).toMatchObject({ environment: 'sandbox', scriptUrl: 'http://127.0.0.1:4245/v3/' });
    expect(await adapter('production').clientInit(merchant)).not.toHaveProperty('scriptUrl');
  });

  it('a form pays nothing by itself: no look-up of it reaches Stripe, and there is nothing to revoke', async () => {
    const a = adapter('sandbox');
    const form = (await a.clientInit(merchant)).token;
    expect(form).toMatch(/^agent_form_[A-Za-z0-9]{32}$/);
    expect(await a.lookup(merchant, form)).toBeNull();
    await expect(a.revokeClientToken()).resolves.toBeUndefined();
  });
});
