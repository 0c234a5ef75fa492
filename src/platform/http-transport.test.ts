import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTransport } from './http-transport.ts';

let server: Server;
let base: string;
const seen: { method: string; body: string; auth: string | undefined; sockets: Set<unknown> } = { method: '', body: '', auth: undefined, sockets: new Set() };

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

  it('gives up when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = send(`${base}/slow`, { method: 'GET', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow(/aborted/);
  });
});
