/**
 * One call to the sandbox processor's server-to-server HTTP API, for the adapter (./adapter.ts):
 * the bearer secret and the account header on the way out, a timeout, and on the way back a
 * parsed answer or one of the two errors the engine knows.
 */
import type { z } from 'zod';
import { ACCOUNT_HEADER, ErrorBody } from '../../../../sandbox-processor/api.ts';
import type { FetchLike } from '../../../platform/http-transport.ts';
import type { Merchant } from '../../domain/index.ts';
import { ProcessorRejectedError, ProcessorUnavailableError } from '../types.ts';

export interface SandboxClientOptions {
  /** Where the service reaches the processor (SVCPAY_PROCESSOR_URL). */
  baseUrl: string;
  /** The bearer secret the processor expects from the service. */
  secret: string;
  /** The keep-alive transport in production; the processor app's own `request` in tests. */
  fetch: FetchLike;
  /** How long one call may take before the processor counts as unavailable. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * The processor's own control door (`/v1/_faults`, `/v1/_ledger`, `/v1/_clock`, `/v1/_run_due`)
 * moves no money and is no payment call: it is not cut short by a timeout set for payment calls
 * (tests set about a second so a held charge costs a moment; a loaded machine then failed to arm a fault).
 */
const CONTROL_TIMEOUT_MS = 10_000;
const isControl = (path: string) => path.startsWith('/v1/_');

export class SandboxClient {
  readonly #opts: Required<SandboxClientOptions>;

  constructor(opts: SandboxClientOptions) {
    this.#opts = { timeoutMs: DEFAULT_TIMEOUT_MS, ...opts };
  }

  /**
   * One call: a parsed answer or one of the engine's two errors. A 404 is `null` with `'null'`, a
   * refusal with `'reject'` (the id named in the path is unknown), and no usable answer otherwise.
   */
  async call<S extends z.ZodType>(
    merchant: Merchant | null,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    schema: S,
    notFound: 'unavailable' | 'null' | 'reject' | boolean = 'unavailable',
  ): Promise<z.infer<S> | null> {
    const { status, json } = await this.#send(merchant, method, path, body);
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ProcessorUnavailableError(`The sandbox processor answered ${method} ${path} with an unreadable body.`);
      return parsed.data;
    }
    if (status === 404 && (notFound === 'null' || notFound === true)) return null;
    const error = ErrorBody.safeParse(json);
    // 400 and 409 are the processor refusing this request: nothing moved, the reason is its own.
    const refused = status === 400 || status === 409 || (status === 404 && notFound === 'reject');
    if (refused && error.success) throw new ProcessorRejectedError(error.data.code, error.data.error);
    // Anything else (401 from a wrong secret, 5xx, a proxy's page) means no usable answer.
    // A 503 in the processor's own format is the processor saying it processed nothing; any other
    // failure (a 502 lost answer, a proxy's page, a 5xx) leaves the outcome unknown.
    throw new ProcessorUnavailableError(
      `The sandbox processor answered ${method} ${path} with ${status}${error.success ? ` ${error.data.code}` : ''}.`,
      status === 503 && error.success,
    );
  }

  async #send(merchant: Merchant | null, method: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    const { baseUrl, secret } = this.#opts;
    const timeoutMs = isControl(path) ? Math.max(this.#opts.timeoutMs, CONTROL_TIMEOUT_MS) : this.#opts.timeoutMs;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Racing a timer as well as aborting: a fetch-like function may ignore the signal.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ProcessorUnavailableError(`The sandbox processor did not answer ${method} ${path} within ${timeoutMs} ms.`));
      }, timeoutMs);
    });
    try {
      const res = await Promise.race([
        this.#opts.fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${secret}`,
            ...(merchant ? { [ACCOUNT_HEADER]: merchant.id } : {}),
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        }),
        timeout,
      ]);
      const text = await Promise.race([res.text(), timeout]);
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: judged by its status alone.
      }
      return { status: res.status, json };
    } catch (err) {
      if (err instanceof ProcessorUnavailableError) throw err;
      // A refused connection never carried the request: nothing moved, as surely as a 503 says.
      // A reset or a timeout may come after the processor acted: unknown.
      throw new ProcessorUnavailableError(
        `The sandbox processor could not be reached for ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`,
        errorCode(err) === 'ECONNREFUSED',
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The system error code of a failed call: node's own (`code`), or under the global fetch's `TypeError` (`cause.code`). */
function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
