import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpTransport } from './http-transport.ts';

let server: Server;
let base: string;
const seen: { method: string; body: string; auth: string | undefined; sockets: Set<unknown> } = { method: '', body: '', auth: undefined, sockets: new Set() };

/** An answer that never ends on its own: 16 KB chunks until the client closes the socket. */
const stream = { written: 0, closed: false };
function endless(res: import('node:http').ServerResponse) {
  stream.written = 0;
  stream.closed = false;
  res.writeHead(200);
  res.on('close', () => (stream.closed = true));
  const chunk = Buffer.alloc(16 * 1024, 'x');
  const write = () => {
    if (res.destroyed || stream.written > 64 * 1024 * 1024) return;
    stream.written += chunk.length;
    if (res.write(chunk)) setImmediate(write);
    else res.once('drain', write);
  };
  write();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.sockets.add(req.socket);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.method = req.method ?? '';
      seen.body = body;
      seen.auth = req.headers.authorization;
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      if (req.url === '/endless') return endless(res);
      res.writeHead(req.url === '/missing' ? 404 : 201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ echoed: body.length }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('httpTransport', () => {
  const send = httpTransport();

  it('sends method, headers and a JSON body, and answers the status and the text', async () => {
    const res = await send(`${base}/v1/x`, { method: 'POST', headers: { Authorization: 'Bearer s', 'Content-Type': 'application/json' }, body: '{"a":"é"}' });
    expect(res.status).toBe(201);
    expect(JSON.parse(await res.text())).toEqual({ echoed: 9 });
    expect(seen).toMatchObject({ method: 'POST', body: '{"a":"é"}', auth: 'Bearer s' });
    expect((await send(`${base}/missing`, { method: 'GET' })).status).toBe(404);
  });

  it('reuses its connection for calls one after another', async () => {
    seen.sockets.clear();
    for (let i = 0; i < 5; i++) await (await send(`${base}/v1/x`, { method: 'GET' })).text();
    expect(seen.sockets.size).toBe(1);
  });

  it('keeps at most maxResponseBytes of an answer, then closes the socket', async () => {
    const capped = httpTransport({ maxResponseBytes: 64 * 1024 });
    const res = await capped(`${base}/endless`, { method: 'GET' });
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBe(64 * 1024);
    await vi.waitFor(() => expect(stream.closed).toBe(true));
    expect(stream.written).toBeLessThan(4 * 1024 * 1024);
  });

  it('gives up when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = send(`${base}/slow`, { method: 'GET', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow(/aborted/);
  });

  it('tells the caller when a request has its socket, not before a pooled one comes free', async () => {
    const one = httpTransport({ maxSockets: 1 });
    const got: string[] = [];
    const first = one(`${base}/slow`, { method: 'GET', onSocket: () => got.push('first') });
    const second = one(`${base}/v1/x`, { method: 'GET', onSocket: () => got.push('second') });
    await vi.waitFor(() => expect(got).toEqual(['first']));
    expect(await (await first).text()).toBe('late');
    await second;
    expect(got).toEqual(['first', 'second']);
  });
});
