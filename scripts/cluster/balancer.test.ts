import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from './balancer.ts';
import { freePorts } from '../../src/platform/ports.ts';

type Seen = { name: string; method: string; url: string; forwardedFor: string | undefined; host: string | undefined; body: string };

const open: (Server | Balancer)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => ('served' in s ? s.close() : new Promise<void>((r) => s.close(() => r())))));
});

/** An upstream that answers with its name, or drops the connection once it has read the request (`lose`). */
async function upstream(name: string, seen: Seen[], opts: { lose?: boolean } = {}) {
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    seen.push({ name, method: req.method!, url: req.url!, forwardedFor: req.headers['x-forwarded-for'] as string | undefined, host: req.headers.host, body });
    if (opts.lose) return req.socket.destroy();
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(name);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  open.push(server);
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function balancer(upstreams: string[]) {
  const [port] = await freePorts(1);
  const b = await startBalancer({ port: port!, host: '127.0.0.1', upstreams });
  open.push(b);
  return b;
}

describe('the cluster balancer', () => {
  it('sends requests to the instances in turn, with the body, the Host, and the caller appended to X-Forwarded-For', async () => {
    const seen: Seen[] = [];
    const [a, b] = [await upstream('a', seen), await upstream('b', seen)];
    const lb = await balancer([a.url, b.url]);
    const names = [];
    for (let i = 0; i < 4; i++) names.push(await (await fetch(`${lb.url}/v1/x?i=${i}`, { method: 'POST', body: `body ${i}`, headers: { 'X-Forwarded-For': '198.51.100.1' } })).text());
    expect(names).toEqual(['a', 'b', 'a', 'b']);
    expect(seen.map((s) => s.body)).toEqual(['body 0', 'body 1', 'body 2', 'body 3']);
    expect(seen[0]).toMatchObject({ url: '/v1/x?i=0', forwardedFor: '198.51.100.1, 127.0.0.1', host: new URL(lb.url).host });
  });

  it('sends to the live instance when the other refuses connections, and answers 503 when none is up', async () => {
    const seen: Seen[] = [];
    const a = await upstream('a', seen);
    const [deadPort] = await freePorts(1);
    const lb = await balancer([`http://127.0.0.1:${deadPort}`, a.url]);
    for (let i = 0; i < 4; i++) expect(await (await fetch(`${lb.url}/`)).text()).toBe('a');
    expect(seen).toHaveLength(4);
    await new Promise<void>((r) => a.server.close(() => r()));
    const none = await fetch(`${lb.url}/`);
    expect(none.status).toBe(503);
    expect(((await none.json()) as { code: string }).code).toBe('service_unavailable');
  });

  it('never sends again a request an instance took and did not answer: the caller gets 502 and replays it', async () => {
    const seen: Seen[] = [];
    const [lost, other] = [await upstream('lost', seen, { lose: true }), await upstream('other', seen)];
    const lb = await balancer([lost.url, other.url]);
    const res = await fetch(`${lb.url}/v1/payment_intents`, { method: 'POST', body: 'pay once' });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: string }).error).toMatch(/Idempotency-Key/);
    expect(seen.map((s) => s.name)).toEqual(['lost']);
  });
});
