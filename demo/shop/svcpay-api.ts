/**
 * The demo shop's server-side calls to svcpay, made with the merchant's secret key through the
 * typed client merchants install (`svcpay/server`), exactly as a real merchant backend would (Doc 1,
 * Sessions). Never throws: the pages turn a failure into a readable 502 page, so a newcomer sees
 * what went wrong instead of a stack trace.
 */
import { randomUUID } from 'node:crypto';
import { createSvcPayClient, type CheckoutSession, type CreatedSession as Created, type CreateSessionBody as CreateBody, type SvcPayError } from '../../embed/server/index.ts';

const API_VERSION = '2026-04-14';
const TIMEOUT_MS = 10_000;

export type CreatedSession = Pick<Created, 'id' | 'checkoutUrl'>;
export type SessionView = Pick<CheckoutSession, 'id' | 'status' | 'paymentStatus'>;
export type CreateSessionBody = Required<Pick<CreateBody, 'amount' | 'currency' | 'description' | 'successUrl' | 'cancelUrl' | 'lineItems'>> &
  Pick<CreateBody, 'integrationMode' | 'chargeAtSubmit' | 'shipping'>;

/** What a page needs to explain a failed call: never the raw exception. */
export interface ApiFailure {
  status: number;
  code: string;
  message: string;
  fix: string | null;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

export interface SvcPayApi {
  createSession(body: CreateSessionBody): Promise<ApiResult<CreatedSession>>;
  getSession(id: string): Promise<ApiResult<SessionView>>;
}

export function createSvcPayApi(serviceUrl: string, secretKey: string): SvcPayApi {
  const base = serviceUrl.replace(/\/+$/, '');
  const svcpay = createSvcPayClient({ secretKey, baseUrl: base, apiVersion: API_VERSION });

  async function settle<T>(what: string, call: Promise<{ data?: T; error?: SvcPayError; response: Response }>): Promise<ApiResult<T>> {
    let answer: Awaited<typeof call>;
    try {
      answer = await call;
    } catch {
      return fail(0, 'service_unreachable', `The shop could not reach svcpay at ${base}.`, 'Check that the reference server is running (`npm start`).');
    }
    const { data, error, response } = answer;
    if (data !== undefined) return { ok: true, data };
    if (error && typeof error === 'object' && typeof error.code === 'string') return fail(response.status, error.code, error.error, error.fix);
    return fail(response.status, `http_${response.status}`, `svcpay answered ${what} with HTTP ${response.status}.`, null);
  }

  return {
    createSession: (body) =>
      // Doc 1, Idempotency 1: a key on every POST, so a retried request cannot create twice.
      settle('POST /v1/sessions', svcpay.POST('/v1/sessions', { body, headers: { 'Idempotency-Key': randomUUID() }, signal: AbortSignal.timeout(TIMEOUT_MS) })),
    getSession: (id) => settle(`GET /v1/sessions/${id}`, svcpay.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: id } }, signal: AbortSignal.timeout(TIMEOUT_MS) })),
  };
}

function fail(status: number, code: string, message: string, fix: string | null): { ok: false; failure: ApiFailure } {
  return { ok: false, failure: { status, code, message, fix } };
}
