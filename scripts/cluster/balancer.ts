/**
 * A small round-robin load balancer for instances on one database (issue 21): what `npm run
 * start:cluster` and `compose.yaml` put in front of the instances, so buyers, merchants and tests
 * use one public address (SVCPAY_PUBLIC_URL) and every request may reach either instance.
 *
 * - Requests go to the upstreams in turn. One that refuses the connection is skipped for a few
 *   seconds and the request goes to the next, so a dead instance costs no request that it never
 *   received. A request an instance received and did not answer is not sent again (it may have
 *   moved money): the caller gets 502 and replays with its Idempotency-Key.
 * - `X-Forwarded-For` gets the caller's address appended; the instances trust it from this
 *   balancer only (SVCPAY_TRUSTED_PROXIES), for the per-IP rate limits and the control API.
 * - `Host` passes unchanged, answers (event streams included) are piped as they come.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface Balancer {
  url: string;
  /** How many requests each upstream answered, by its URL. */
  readonly served: Record<string, number>;
  close(): Promise<void>;
}

export interface BalancerOptions {
  port: number;
  /** Where it listens: `localhost` (both loopback families, the default) or an address. */
  host?: string;
  upstreams: string[];
  /** How long an upstream that refused a connection is left out. */
  downForMs?: number;
}

const MAX_BODY = 8 * 1024 * 1024;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export async function startBalancer(opts: BalancerOptions): Promise<Balancer> {
  const upstreams = opts.upstreams.map((u) => new URL(u));
  const downUntil = new Map<string, number>();
  const served: Record<string, number> = Object.fromEntries(upstreams.map((u) => [u.origin, 0]));
  let next = 0;
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) return void res.writeHead(413, { 'Content-Type': 'text/plain' }).end('request body too large for the balancer\n');
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    const peer = req.socket.remoteAddress ?? 'unknown';
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${peer}` : peer;
    headers['content-length'] = String(body.length);

    const order = upstreams.map((_, i) => upstreams[(next + i) % upstreams.length]!);
    next = (next + 1) % upstreams.length;
    const now = Date.now();
    const candidates = [...order.filter((u) => (downUntil.get(u.origin) ?? 0) <= now), ...order.filter((u) => (downUntil.get(u.origin) ?? 0) > now)];
    for (const upstream of candidates) {
      const outcome = await forward(upstream, req, headers, body, res);
      if (outcome === 'answered') {
        served[upstream.origin]!++;
        return;
      }
      if (outcome === 'lost') return; // received and not answered: never sent twice
      downUntil.set(upstream.origin, Date.now() + (opts.downForMs ?? 3_000));
    }
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' }).end(JSON.stringify({ error: 'No svcpay instance is reachable behind this balancer.', code: 'service_unavailable' }));
  };

  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  const servers: Server[] = [server];
  const host = opts.host ?? 'localhost';
  await listen(server, opts.port, host === 'localhost' ? '127.0.0.1' : host);
  if (host === 'localhost') {
    // `localhost` may resolve to either loopback family, as the service itself answers on both.
    const v6 = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
    if (await listen(v6, opts.port, '::1').then(() => true, () => false)) servers.push(v6);
  }
  return {
    url: `http://${host === 'localhost' ? 'localhost' : host}:${opts.port}`,
    served,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/**
 * One try at one upstream: `answered` once its answer has started to flow back, `refused` when
 * it never took the request (the next upstream may), `lost` when it took it and said nothing.
 */
function forward(upstream: URL, req: IncomingMessage, headers: Record<string, string | string[]>, body: Buffer, res: ServerResponse): Promise<'answered' | 'refused' | 'lost'> {
  return new Promise((resolve) => {
    // A connection per request (`agent: false`): a reset on a kept-alive socket could not tell a
    // request the instance never saw from one it died handling.
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
      const kept: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) kept[k] = v;
      res.writeHead(answer.statusCode ?? 502, kept);
      answer.pipe(res);
      answer.once('error', () => res.destroy());
      resolve('answered');
    });
    out.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') return resolve('refused');
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'The svcpay instance closed the connection before it answered; replay the request with its Idempotency-Key.', code: 'bad_gateway' }));
      resolve('lost');
    });
    res.once('close', () => out.destroy());
    out.end(body);
  });
}
