/**
 * Sending one signed webhook (Doc 3, Webhooks): `x-svc-signature: t=<unix seconds, wall clock>,
 * v1=<hex>[,v1=<hex>]`, HMAC-SHA256 keyed with each `whsec_*` over `<t>.<raw body>`, new secret
 * first. A 2xx within 10 seconds counts as delivered: ten seconds of the receiver's, counted from
 * when the request has its socket, never while it waits for one (issue 32, finding 5).
 */
import { httpTransport, type TransportInit, type TransportResponse } from '../../../platform/http-transport.ts';
import { SIGNATURE_HEADER, WEBHOOK_MARK_HEADER, signatureHeader } from '../../../platform/signature.ts';
import { RefusedTarget, checkedAddresses, guardedLookup, portOf, type WebhookNetwork } from './webhook-network.ts';
import { addressReach } from '../../../platform/public-address.ts';

/** Doc 3: a 2xx within 10 seconds counts. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface SendResult {
  /** The receiver's status; null when it did not answer in time or could not be reached. */
  status: number | null;
  delivered: boolean;
  ms: number;
  error: string | null;
}

/** A receiver's answer is read up to this size, then the socket is closed (only its status counts). */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** How long a request may wait for a socket of its merchant's pool before the attempt counts as failed. */
export const POOL_WAIT_MS = 20_000;
/** Sockets per host and port in one merchant's pool. */
const POOL_SOCKETS = 8;
/** Pools kept at once; the least recently used goes (its sockets close when idle, in 4 s). */
const MAX_POOLS = 1000;

type Transport = (url: string, init: TransportInit) => Promise<TransportResponse>;

/**
 * One keep-alive pool per network policy, merchant, mode and kind of port. A socket is checked when
 * it connects, so a pooled socket of a test-mode subscription (which may reach an allow-listed host)
 * never serves a live one, and a socket to one of the service's own ports is checked for that (no
 * address of this machine; issue 32, finding 1); and one merchant's slow endpoints hold only that
 * merchant's sockets, never another merchant's on the same host and port (issue 32, finding 5).
 */
const transports = new WeakMap<WebhookNetwork, Map<string, Transport>>();
function transportFor(net: WebhookNetwork, merchantId: string, livemode: boolean, ownPort: boolean): Transport {
  const pools = transports.get(net) ?? new Map<string, Transport>();
  transports.set(net, pools);
  const key = `${livemode}:${ownPort}:${merchantId}`;
  const transport =
    pools.get(key) ?? httpTransport({ maxSockets: POOL_SOCKETS, lookup: guardedLookup(net, livemode, ownPort), maxResponseBytes: MAX_ANSWER_BYTES });
  pools.delete(key);
  pools.set(key, transport);
  if (pools.size > MAX_POOLS) pools.delete(pools.keys().next().value!);
  return transport;
}

/** What a failed send says to the merchant: what went wrong, never the socket's own words (address, port, errno). */
function failureOf(err: unknown, aborted: 'answer' | 'pool' | null, timeoutMs: number): string {
  if (aborted === 'answer') return `no answer within ${timeoutMs} ms`;
  if (aborted === 'pool') return `not sent: no connection to the endpoint came free within ${POOL_WAIT_MS} ms (this account's other deliveries held them)`;
  if (err instanceof RefusedTarget) return `not sent: ${err.message}`;
  return 'could not connect to the endpoint';
}

export async function sendSigned(
  net: WebhookNetwork,
  target: { url: string; livemode: boolean; merchantId: string },
  rawBody: string,
  secrets: string[],
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const t = Math.floor(Date.now() / 1000);
  const controller = new AbortController();
  let aborted: 'answer' | 'pool' | null = null;
  const abort = (why: 'answer' | 'pool') => () => {
    aborted = why;
    controller.abort();
  };
  // The pool's wait first; once the request has its socket, the receiver's ten seconds.
  let timer = setTimeout(abort('pool'), POOL_WAIT_MS);
  const onSocket = () => {
    clearTimeout(timer);
    timer = setTimeout(abort('answer'), timeoutMs);
  };
  try {
    // A name is resolved and checked by the socket's own look-up (guardedLookup), once; a literal
    // address never reaches that look-up, so it is checked here.
    // A subscription kept from before issue 32 may name the service's own port: checked here too.
    const url = new URL(target.url);
    const ownPort = net.own.ports.includes(portOf(url));
    if (addressReach(url.hostname) !== null) await checkedAddresses(net, url.hostname, target.livemode, ownPort);
    const res = await transportFor(net, target.merchantId, target.livemode, ownPort)(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'svcpay-webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(secrets, rawBody, t),
        // The control API refuses what carries this mark, wherever the request lands (issue 32, finding 1).
        [WEBHOOK_MARK_HEADER]: '1',
      },
      body: rawBody,
      signal: controller.signal,
      onSocket,
    });
    await res.text();
    return { status: res.status, delivered: res.status >= 200 && res.status < 300, ms: Math.round(performance.now() - started), error: null };
  } catch (err) {
    return { status: null, delivered: false, ms: Math.round(performance.now() - started), error: failureOf(err, aborted, timeoutMs) };
  } finally {
    clearTimeout(timer);
  }
}
