/**
 * A real service for the MCP tests: the test app listening on a loopback port (the sandbox
 * control API answers loopback peers only), each request's headers kept, and an MCP client
 * connected in memory to `createMcpServer` with a fresh merchant's secret key.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AddressInfo } from 'node:net';
import { closeAll, listen } from '../../server/listen.ts';
import { testApp } from '../../server/testing.ts';
import { allTools, createMcpServer } from './server.ts';

export interface Seen {
  method: string;
  path: string;
  headers: Headers;
}

/** The test app on a loopback port, with a fresh merchant; `seen` holds every request it got. */
export async function serviceOnPort() {
  const t = await testApp();
  const { keys } = await t.merchant();
  const seen: Seen[] = [];
  const fetch = (req: Request, env?: unknown) => {
    const url = new URL(req.url);
    seen.push({ method: req.method, path: url.pathname + url.search, headers: new Headers(req.headers) });
    return t.app.fetch(req, env as never);
  };
  const server = await listen(fetch as (req: Request) => Promise<Response>, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = async () => {
    await closeAll([server]);
    await t.store.close();
  };
  return { t, keys, baseUrl, seen, stop };
}

export async function mcpWorld(settings: { apiVersion?: string } = {}) {
  const service = await serviceOnPort();
  const { keys, baseUrl } = service;
  const tools = await allTools();
  const mcp = createMcpServer({ baseUrl, secretKey: keys.secret, ...settings }, tools);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverSide);
  const client = new Client({ name: 'svcpay-test', version: '0' });
  await client.connect(clientSide);

  /** Calls a tool: its answer's JSON (or text), whether it is an error, and every text it gave. */
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const texts = r.content.map((c) => (c.type === 'text' ? c.text : ''));
    let json: any;
    try {
      json = JSON.parse(texts[0]!);
    } catch {
      json = undefined;
    }
    return { isError: r.isError === true, json, texts };
  };
  const close = async () => {
    await client.close();
    await mcp.close();
    await service.stop();
  };
  return { ...service, tools, client, call, close };
}
