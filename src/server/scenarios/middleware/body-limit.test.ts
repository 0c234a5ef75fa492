/**
 * Oversized bodies over a real keep-alive socket: `app.request` never opens a connection, so
 * these run the app under @hono/node-server on a loopback port, through one pooled socket.
 */
import { serve, type ServerType } from '@hono/node-server';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE, testApp } from '../../testing.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const ANSWER_TIMEOUT_MS = 2000;

const open: { server: ServerType; agent: Agent }[] = [];

afterEach(async () => {
  for (const { server, agent } of open.splice(0)) {
    agent.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  }
});

async function listen() {
  const t = await testApp();
  const server = await new Promise<ServerType>((ready) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready(s));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  open.push({ server, agent });
  const { port } = server.address() as AddressInfo;
  return { agent, port };
}

/**
 * Sends `body` with a Content-Length or chunked. With `head`, only that many bytes go first; the
 * rest follows once the answer has arrived, as from a client on a slow uplink that the server
 * answers mid-upload. That is the case a refusal must survive: the body is still on its way.
 */
function send(agent: Agent, port: number, method: string, path: string, body: string | null, framing: 'length' | 'chunked' = 'length', head = Infinity) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = { Origin: SERVICE };
    if (body !== null) headers['Content-Type'] = 'application/json';
    if (body !== null && framing === 'length') headers['Content-Length'] = String(Buffer.byteLength(body));
    let rest = () => {};
    // A wedged socket shows as a request that never gets its answer: fail fast and say so.
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${method} ${path}: no answer within ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        rest();
      });
      res.on('error', reject);
    });
    // Writing the rest of a refused body into a socket the server closed fails; the answer is in.
    req.on('error', (err: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(err.code ?? '') ? undefined : reject(err)));
    if (body === null) return req.end();
    const write = (from: number, to: number) => {
      for (let i = from; i < to; i += 16384) req.write(body.slice(i, Math.min(i + 16384, to)));
    };
    const cut = Math.min(head, body.length);
    write(0, cut);
    if (cut === body.length) return req.end();
    rest = () => {
      write(cut, body.length);
      req.end();
    };
  });
}

const json = (size: number) => JSON.stringify({ message: 'x'.repeat(size) });

describe('413 on a keep-alive connection', () => {
  for (const framing of ['length', 'chunked'] as const) {
    it(`answers an API body over 256 KB (${framing}) with the envelope, and the next request on the agent succeeds`, async () => {
      const { agent, port } = await listen();
      // Chunked: the cap is only known to be passed once 256 KB have been read, so send 300 KB first.
      const big = await send(agent, port, 'POST', '/v1/sessions', json(1024 * 1024), framing, 300 * 1024);
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body)).toMatchObject({ code: 'payload_too_large' });
      const next = await send(agent, port, 'GET', '/api/health', null);
      expect(next.status).toBe(200);
      const small = await send(agent, port, 'POST', '/api/checkout/client-error', JSON.stringify({ message: 'ok' }), framing);
      expect(small.status).toBe(200);
    });
  }

  // Content-Length only: a chunked body under 256 KB is read whole by the service-wide cap before
  // this route's cap looks at it, so nothing is left on the socket to trip over.
  it('answers a client-error report over 4 KB with { ok: false }, and the next request succeeds', async () => {
    const { agent, port } = await listen();
    const big = await send(agent, port, 'POST', '/api/checkout/client-error', json(250 * 1024), 'length', 8 * 1024);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ ok: false });
    const next = await send(agent, port, 'POST', '/api/checkout/client-error', JSON.stringify({ message: 'ok' }));
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body)).toEqual({ ok: true });
  });
});
