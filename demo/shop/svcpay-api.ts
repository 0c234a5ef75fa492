/**
 * The demo shop's server-side calls to svcpay, made with the merchant's secret key exactly as a real
 * merchant backend would (Doc 1, Sessions). Never throws: the pages turn a failure into a readable
 * 502 page, so a newcomer sees what went wrong instead of a stack trace.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ErrorEnvelope } from '../../src/api/checkout.ts';
import type { IntegrationMode } from '../../src/vocab/sessions.ts';

const API_VERSION = '2026-04-14';
const TIMEOUT_MS = 10_000;

const CreatedSession = z.object({ id: z.string(), checkoutUrl: z.string() });
export type CreatedSession = z.infer<typeof CreatedSession>;

const SessionView = z.object({ id: z.string(), status: z.string(), paymentStatus: z.string().optional() });
export type SessionView = z.infer<typeof SessionView>;

export interface LineItem {
  name: string;
  quantity: number;
  unitAmount: number;
}

export interface CreateSessionBody {
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  lineItems: LineItem[];
  integrationMode?: IntegrationMode;
  chargeAtSubmit?: boolean;
}

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

  async function call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown): Promise<ApiResult<z.infer<S>>> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${secretKey}`,
      'Svc-Pay-Version': API_VERSION,
    };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      // Doc 1, Idempotency 1: send a key on every POST, so a retried request cannot create twice.
      headers['Idempotency-Key'] = randomUUID();
    }
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return fail(0, 'service_unreachable', `The shop could not reach svcpay at ${base}.`, 'Check that the reference server is running (`npm start`).');
    }
    const json: unknown = await res.json().catch(() => null);
    if (res.ok) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return { ok: true, data: parsed.data };
      return fail(res.status, 'unexpected_response', `svcpay answered ${method} ${path} in an unexpected shape.`, null);
    }
    const envelope = ErrorEnvelope.safeParse(json);
    if (envelope.success) return fail(res.status, envelope.data.code, envelope.data.error, envelope.data.fix);
    return fail(res.status, `http_${res.status}`, `svcpay answered ${method} ${path} with HTTP ${res.status}.`, null);
  }

  return {
    createSession: (body) => call('POST', '/v1/sessions', CreatedSession, body),
    getSession: (id) => call('GET', `/v1/sessions/${encodeURIComponent(id)}`, SessionView),
  };
}

function fail(status: number, code: string, message: string, fix: string | null): { ok: false; failure: ApiFailure } {
  return { ok: false, failure: { status, code, message, fix } };
}
