/**
 * A server-to-server transport: `node:http` over a keep-alive agent. The service's adapter calls
 * the processor with it in production, and the service sends merchant webhooks with it.
 * The global `fetch` works too, but builds a Request, Headers, Response and a transferable
 * AbortSignal per call, about a quarter of a charge's CPU in `bench/profile-api.ts --op charge`;
 * a server-to-server client that always talks JSON to one origin needs none of that.
 */
import http from 'node:http';
import https from 'node:https';

/** The real `fetch`, this transport, or an app's own `request` in tests. */
export type FetchLike = (url: string, init: RequestInit) => TransportResponse | Promise<TransportResponse>;
/** All a caller reads of an answer (a `Response` is one). */
export interface TransportResponse {
  status: number;
  text(): Promise<string>;
}

/**
 * An idle pooled socket is closed after this long: under node's default server keep-alive
 * (5 s), so the client never writes to a socket the server is closing at that moment.
 */
const IDLE_MS = 4000;

export interface TransportOptions {
  maxSockets?: number;
  /** The sockets' DNS look-up (node's `lookup` option): the webhook sender checks every address it connects to. */
  lookup?: NonNullable<http.RequestOptions['lookup']>;
  /** Keeps at most this many bytes of an answer, then closes the socket (a receiver cannot make us buffer without end). */
  maxResponseBytes?: number;
}

/** A call's options: `fetch`'s, and when the request got its socket. */
export interface TransportInit extends RequestInit {
  /**
   * Called once the request has a socket (a pooled one come free, or a new one): from then on it
   * is the receiver's time, not the pool's, so a caller times the answer from here.
   */
  onSocket?: () => void;
}

export function httpTransport(opts: TransportOptions = {}): (url: string, init: TransportInit) => Promise<TransportResponse> {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 64, timeout: IDLE_MS }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 64, timeout: IDLE_MS }),
  };
  return (url, init) =>
    new Promise<TransportResponse>((resolve, reject) => {
      const target = new URL(url);
      const lib = target.protocol === 'https:' ? https : http;
      const agent = agents[target.protocol as keyof typeof agents];
      if (!agent) return reject(new Error(`unsupported protocol ${target.protocol}`));
      const body = typeof init.body === 'string' ? init.body : undefined;
      const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
      if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
      const req = lib.request(target, { method: init.method ?? 'GET', headers, agent, ...(opts.lookup ? { lookup: opts.lookup } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text: async () => text });
        };
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (opts.maxResponseBytes === undefined || size <= opts.maxResponseBytes) return void chunks.push(c);
          // Over the cap: what fits is kept, the answer is given, and the socket is closed.
          chunks.push(c.subarray(0, c.length - (size - opts.maxResponseBytes)));
          res.removeAllListeners('data');
          answer();
          req.destroy();
        });
        res.on('error', reject);
        res.on('end', answer);
      });
      req.on('error', reject);
      if (init.onSocket) req.once('socket', init.onSocket);
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')), { once: true });
      req.end(body);
    });
}
