/**
 * A typed client of the reference server's sandbox control API (Doc 3, "Sandbox control API" and
 * "Faults and the processor's ledger"): sandbox merchants and their keys, the service clock,
 * provider events, the fault switchboard and the processor's ledger. For merchants' scripts and
 * tests in Node, and what `svcpay clock`, `svcpay trigger` and `svcpay merchants` call. It needs
 * nothing but a `fetch` (the global one by default).
 *
 * Every failure is one of two errors: `SandboxControlError` when the server answered with its error
 * envelope (status, `code`, message, fix), `SandboxUnreachableError` when no answer came.
 */
import type { SandboxEventType, SandboxControlOptions, SandboxFault, SandboxLedgerTransaction, SandboxDelivery, SandboxControl } from './control-types.js';

export type * from './control-types.js';

/** Every event `trigger` accepts, in the order `svcpay trigger --help` lists them. */
export const sandboxEventTypes: readonly SandboxEventType[] = ['dispute.created', 'dispute.won', 'dispute.lost', 'refund.succeeded', 'refund.failed', 'capture.settled', 'capture.failed'];

/** The server answered with its error envelope (Doc 1, Errors). */
export class SandboxControlError extends Error {
  override readonly name = 'SandboxControlError';
  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** The envelope's `code`, e.g. `validation_error`; `http_<status>` when the answer was not an envelope. */
    readonly code: string,
    message: string,
    /** The envelope's `fix`, when it has one. */
    readonly fix?: string,
    /** `X-Request-Id`, for support. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** No answer: the server is not running at `url`, or the connection failed. */
export class SandboxUnreachableError extends Error {
  override readonly name = 'SandboxUnreachableError';
  constructor(
    /** The URL that did not answer. */
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(`no answer from ${url}`, options);
  }
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const DURATION = /^(?:\d+[smhdw])+$/;

/** Seconds in a duration such as `90s`, `15m`, `2h`, `3d`, `1w` or `1h30m`; throws a RangeError otherwise. */
export function parseDuration(text: string): number {
  const s = text.trim().toLowerCase();
  if (!DURATION.test(s)) throw new RangeError(`not a duration: "${text}"; write a number and a unit: 90s, 15m, 2h, 3d or 1w`);
  let total = 0;
  for (const [, n, unit] of s.matchAll(/(\d+)([smhdw])/g)) total += Number(n) * UNITS[unit!]!;
  if (!Number.isSafeInteger(total)) throw new RangeError(`duration too long: "${text}"`);
  return total;
}

export function createSandboxControl(options: SandboxControlOptions): SandboxControl {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const auth: Record<string, string> = options.controlToken ? { Authorization: `Bearer ${options.controlToken}` } : {};

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${baseUrl}/_sandbox${path}`;
    const write = method !== 'GET';
    let res: Response;
    try {
      // The control API takes JSON on every write, even one with no fields (a DELETE declares it and sends none).
      const headers = { ...auth, ...(write ? { 'Content-Type': 'application/json' } : {}) };
      res = await doFetch(url, { method, headers, body: write && method !== 'DELETE' ? JSON.stringify(body ?? {}) : undefined });
    } catch (err) {
      throw new SandboxUnreachableError(baseUrl, { cause: err });
    }
    const text = await res.text();
    if (!res.ok) throw errorOf(res, text, `${method} /_sandbox${path}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const id = (value: string) => encodeURIComponent(value);

  return {
    baseUrl,
    merchants: {
      create: (input = {}) => call('POST', '/merchants', input),
      update: (merchant, patch) => call('PATCH', `/merchants/${id(merchant)}`, patch),
      rotateKeys: (merchant) => call('POST', `/merchants/${id(merchant)}/rotate_keys`),
    },
    clock: {
      now: () => call('GET', '/clock'),
      advance: (by) => call('POST', '/clock', { advanceSeconds: typeof by === 'number' ? by : parseDuration(by) }),
    },
    events: {
      trigger: (type, target) =>
        call('POST', '/provider_events', { type, ...('paymentIntent' in target ? { payment_intent: target.paymentIntent } : { transaction: target.transaction }) }),
    },
    faults: {
      set: (spec) => call('POST', '/faults', spec),
      list: async () => (await call<{ data: SandboxFault[] }>('GET', '/faults')).data,
      release: async (fault) => (await call<{ released: number }>('POST', `/faults/${id(fault)}/release`)).released,
      clear: (fault) => call<void>('DELETE', `/faults/${id(fault)}`),
    },
    writeFreeze: {
      get: () => call('GET', '/write_freeze'),
      set: (on) => call('POST', '/write_freeze', { on }),
    },
    ledger: async (merchant) => (await call<{ data: SandboxLedgerTransaction[] }>('GET', `/processor/transactions${merchant === undefined ? '' : `?merchant=${id(merchant)}`}`)).data,
    webhooks: {
      deliveries: async (subscription) => (await call<{ data: SandboxDelivery[] }>('GET', `/webhook_subscriptions/${id(subscription)}/deliveries`)).data,
      redeliver: (delivery) => call('POST', `/webhook_deliveries/${id(delivery)}/redeliver`),
    },
  };
}

/** The envelope's code and message, or the status and the start of whatever else came back. */
export function errorOf(res: Response, text: string, what: string): SandboxControlError {
  const requestId = res.headers.get('x-request-id') ?? undefined;
  try {
    const e = JSON.parse(text) as { code?: unknown; error?: unknown; fix?: unknown };
    if (typeof e.code === 'string') {
      return new SandboxControlError(res.status, e.code, typeof e.error === 'string' ? e.error : `${what} answered ${res.status}`, typeof e.fix === 'string' ? e.fix : undefined, requestId);
    }
  } catch {
    // Not the service's envelope (a proxy's page, say): quoted below.
  }
  return new SandboxControlError(res.status, `http_${res.status}`, `${what} answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`, undefined, requestId);
}
