/** Fakes shared by the checkout tests (hosted page, embedded checkout): a session, API answers and a recording API. */
import { vi } from 'vitest';
import type { PublicSession } from '../api/checkout.ts';
import type { ErrorEnvelopeBase as ErrorEnvelope } from '../api/errors.ts';
import type { CheckoutApi } from './checkout-deps.ts';
import type { Checkout } from './checkout-store.ts';

export const session: PublicSession = {
  id: 'cs_test_1',
  status: 'pending',
  amount: 1000,
  currency: 'USD',
  description: 'Order 42',
  locale: null,
  mode: 'payment',
  integrationMode: 'embed',
  chargeAtSubmit: false,
  livemode: false,
  merchantName: 'Demo Shop',
  lineItems: [{ name: 'Tea', quantity: 2, unitAmount: 500 }],
  cancelUrl: 'http://127.0.0.1:4244/cart',
  country: null,
  shipping: 'none',
  billingAddress: 'auto',
  phone: 'none',
  nameCollection: 'auto',
  buyerFields: { email: 'none', name: 'none', phone: 'none', shippingAddress: 'none', billingAddress: 'none' },
  expiresAt: '2999-01-01T00:00:00.000Z',
  retry: null,
};

export const ok = <T>(data: T, status = 200) => ({ ok: true as const, status, data });

export function fail(status: number, code: string) {
  const error: ErrorEnvelope = { error: code, code, fix: '', docs: '', selfHeal: { retryable: false, nextAction: 'none', llmHint: '' } };
  return { ok: false as const, status, error };
}

export const initOk = (token = 'sbx_tok_1') => ok({ type: 'sandbox' as const, token, environment: 'sandbox' as const, fieldsUrl: 'http://127.0.0.1:4243/fields' });

/** The fields frame a checkout on these fakes mounted (`initOk` answers with the sandbox's fields page). */
export function fieldsFrame(checkout: Pick<Checkout, 'fields'>) {
  const { spec } = checkout.fields.value!;
  return spec as typeof spec & { url: string; origin: string };
}

export function fakeApi(overrides: Partial<{ [K in keyof CheckoutApi]: (...args: never[]) => unknown }> = {}) {
  const api = {
    getPublicSession: vi.fn(async () => ok(session)),
    initCheckout: vi.fn(async () => initOk()),
    completeCheckout: vi.fn(async () => ok({ status: 'succeeded' as const, sessionId: 'cs_test_1', transactionId: 'sbx_txn_1', redirectUrl: 'http://127.0.0.1:4244/thanks' })),
    reportClientError: vi.fn(async () => ok({ ok: true })),
    saveBuyerDetails: vi.fn(async (sessionId: string) => ok({ sessionId, saved: true as const })),
    ...overrides,
  };
  return api as unknown as CheckoutApi & { [K in keyof CheckoutApi]: ReturnType<typeof vi.fn> };
}
