/**
 * The one fetch wrapper the browser client uses. It never throws for an HTTP failure: every call
 * resolves with either the parsed body or the service's error envelope (network failures become
 * a `network_error` envelope), so callers branch on `ok`.
 */
import type { Parser } from '../protocol/channel.ts';
import { ErrorEnvelopeParser } from './parsers.ts';
import type { ErrorEnvelope } from './schemas/shared.ts';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ErrorEnvelope };

export interface CallOptions {
  /** Service origin, e.g. `http://localhost:4242`; empty for same-origin calls. */
  base?: string;
  publishableKey?: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
}

function envelope(code: string, message: string, retryable: boolean): ErrorEnvelope {
  return {
    error: message,
    code,
    fix: retryable ? 'Check the connection and try again.' : 'Reload the page.',
    docs: '',
    selfHeal: { retryable, nextAction: retryable ? 'retry' : 'reload', llmHint: message },
  };
}

/** `schema`: a zod schema, or a hand-rolled parser where a page must not load zod (./parsers.ts). */
export async function call<T>(path: string, schema: Parser<T>, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.publishableKey) headers.Authorization = `Bearer ${opts.publishableKey}`;
  let res: Response;
  try {
    res = await fetch(`${opts.base ?? ''}${path}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'omit',
    });
  } catch {
    return { ok: false, status: 0, error: envelope('network_error', 'The service could not be reached.', true) };
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  if (res.ok) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return { ok: true, status: res.status, data: parsed.data };
    return { ok: false, status: res.status, error: envelope('unexpected_response', 'The service answered in an unexpected shape.', false) };
  }
  const err = ErrorEnvelopeParser.safeParse(json);
  return {
    ok: false,
    status: res.status,
    error: err.success ? err.data : envelope('http_' + res.status, `The service answered ${res.status}.`, res.status >= 500),
  };
}
