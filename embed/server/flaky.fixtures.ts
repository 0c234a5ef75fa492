/**
 * Test fixtures for `svcpay/server`'s transport (issue 35): a small loopback HTTP server standing
 * between the client and the real app. It answers from a script first (a 429, a 5xx, a redirect, or
 * a dropped connection), then forwards every other request to the app and relays its answer, so the
 * final answer a test sees is the service's own. Telemetry posts are never scripted: they always
 * reach the app. Every request is recorded as it arrived (method, path, headers, body).
 *
 * `frontedApp` registers a file's world: the app over loopback, this server in front of it, one
 * sandbox merchant; each test starts with an empty script and record.
 * `recordingFetch` is the `fetch` option of a client: the global fetch, each call's answer kept so
 * a test can wait for fire-and-forget telemetry to be answered (no timers).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { networkApp } from '../../src/server/testing-network.ts';

/** One scripted answer; `status: 'drop'` closes the connection without answering. */
export interface Scripted {
  status: number | 'drop';
  headers?: Record<string, string>;
}

export interface Arrived {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'accept-encoding', 'keep-alive']);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function forwardedHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/** The server in front of `upstream` (the app's URL). */
export async function flakyFront(upstream: string) {
  const script: Scripted[] = [];
  const arrived: Arrived[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '/';
    arrived.push({ method: req.method ?? 'GET', path, headers: forwardedHeaders(req), body });
    const next = path === '/v1/sdk-telemetry' ? undefined : script.shift();
    if (next?.status === 'drop') return void req.socket.destroy();
    if (next) {
      res.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers });
      return void res.end(JSON.stringify({ code: `scripted_${next.status}`, error: 'a scripted answer' }));
    }
    const answer = await fetch(`${upstream}${path}`, { method: req.method, headers: forwardedHeaders(req), body: body === '' ? undefined : body, redirect: 'manual' });
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => void (HOP_BY_HOP.has(name) || name === 'content-encoding' || (headers[name] = value)));
    res.writeHead(answer.status, headers);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    sockets.forEach((s) => s.destroy());
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  /** What arrived on `path` (all of it when omitted). */
  const on = (path?: string) => arrived.filter((a) => path === undefined || a.path === path);
  return { url, script, arrived, on, close };
}

/** A client's `fetch`: the global one, every answer (or failure) kept for `settled`. */
export function recordingFetch() {
  const pending: Promise<unknown>[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = globalThis.fetch(input, init);
    pending.push(answer.catch(() => undefined));
    return answer;
  };
  /** Waits until every request made so far (telemetry included) has been answered or has failed. */
  const settled = () => Promise.all(pending);
  return { fetch, settled };
}

/** The transport's hooks for tests: no real waiting, the smallest jitter; every wait requested is kept. */
export function noWaiting(random = 0) {
  const waits: number[] = [];
  return { waits, hooks: { sleep: async (ms: number) => void waits.push(ms), random: () => random } };
}

/** The app, the scripted server in front of it and a merchant's keys, for every test of a file. */
export function frontedApp() {
  const world = {} as { w: Awaited<ReturnType<typeof networkApp>>; front: Awaited<ReturnType<typeof flakyFront>>; keys: { secret: string } };
  beforeAll(async () => {
    world.w = await networkApp();
    world.front = await flakyFront(world.w.url);
    world.keys = await world.w.merchant();
  });
  afterAll(async () => {
    await world.front.close();
    await world.w.close();
  });
  afterEach(() => {
    world.front.script.length = 0;
    world.front.arrived.length = 0;
  });
  return world;
}
