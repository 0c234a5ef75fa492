/**
 * Type contract tests (STYLE.md habit 6), checked by `tsc --noEmit` and never run: right calls
 * compile, wrong ones fail under `@ts-expect-error` (which itself fails if the call compiles).
 */
import { UnexpectedRedirectError, createSvcPayClient } from './index.ts';
import type { CheckoutSession, CreatedSession, PaymentIntent, SessionDryRun, SvcPayError } from './types.js';

export async function rightAndWrong() {
  const svcpay = createSvcPayClient({ secretKey: 'vp_sk_test_12345678' });

  const created = await svcpay.POST('/v1/sessions', { body: { amount: 1999, currency: 'usd' }, headers: { 'Idempotency-Key': 'order-1' } });
  // A create answers a session, never the dry run's shape.
  const session: CreatedSession | undefined = created.data;
  const url: string | undefined = created.data?.checkoutUrl;
  const failed: SvcPayError | undefined = created.error;

  const read = await svcpay.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: 'vp_cs_test_1' } } });
  const status: CheckoutSession['status'] | undefined = read.data?.status;

  const intent = await svcpay.GET('/v1/payment_intents/{id}', { params: { path: { id: 'vpi_test_1' } } });
  const piStatus: PaymentIntent['status'] | undefined = intent.data?.status;

  const dry = await svcpay.dryRunSession({ amount: 100, currency: 'eur' });
  const checked: SessionDryRun | undefined = dry.data;
  const valid: true | undefined = dry.data?.valid;

  // @ts-expect-error a route the contract does not have
  await svcpay.GET('/v1/sessionz/{sessionId}', { params: { path: { sessionId: 'x' } } });
  // @ts-expect-error a path parameter left out
  await svcpay.GET('/v1/sessions/{sessionId}', {});
  // @ts-expect-error the amount is a number in minor units
  await svcpay.POST('/v1/sessions', { body: { amount: '19.99', currency: 'usd' } });
  // @ts-expect-error the dry run is its own call: the create takes no `dry_run`
  await svcpay.POST('/v1/sessions', { body: { amount: 1 }, params: { query: { dry_run: 'true' } } });
  // @ts-expect-error a create's answer has no `valid`
  const notDry: boolean | undefined = created.data?.valid;
  // @ts-expect-error no key
  createSvcPayClient({ baseUrl: 'http://localhost:4242' });
  // @ts-expect-error a method the route does not answer
  await svcpay.DELETE('/v1/sessions', {});

  // Retries and telemetry are options; a refused redirect is a typed error (issue 35).
  createSvcPayClient({ secretKey: 'vp_sk_live_12345678', apiVersion: '2026-04-14', maxRetries: 0, telemetry: true });
  // @ts-expect-error telemetry is on or off
  createSvcPayClient({ secretKey: 'vp_sk_test_12345678', telemetry: 'off' });
  // @ts-expect-error maxRetries is a number
  createSvcPayClient({ secretKey: 'vp_sk_test_12345678', maxRetries: '2' });
  const redirected = await svcpay.GET('/v1/capabilities').catch((err: unknown) => (err instanceof UnexpectedRedirectError ? err : null));
  const code: 'unexpected_redirect' | undefined = redirected && 'code' in redirected ? redirected.code : undefined;

  return [session, url, failed, status, piStatus, checked, valid, notDry, code];
}
