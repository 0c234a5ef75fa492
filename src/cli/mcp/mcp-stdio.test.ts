/**
 * `node bin/svcpay.js mcp` as an MCP client starts it: a child process speaking the protocol on
 * stdio, configured by the environment the Node SDK and the CLI read.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packageRoot } from '../serve.ts';
import { runCli } from '../cli.fixtures.ts';
import { serviceOnPort } from './mcp.fixtures.ts';

let service: Awaited<ReturnType<typeof serviceOnPort>>;
beforeAll(async () => {
  service = await serviceOnPort();
}, 60_000);
afterAll(() => service?.stop());

it('serves the tools over stdio with the key, URL and API version from the environment', { timeout: 90_000 }, async () => {
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(packageRoot, 'bin', 'svcpay.js'), 'mcp'],
    cwd: packageRoot,
    env: { PATH: process.env.PATH ?? '', SVCPAY_URL: service.baseUrl, SVCPAY_SECRET_KEY: service.keys.secret, SVCPAY_API_VERSION: '2026-04-14' },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString('utf8')));
  const client = new Client({ name: 'svcpay-stdio-test', version: '0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['post_v1_sessions', 'sandbox_clock_advance']));
    const made = (await client.callTool({ name: 'post_v1_sessions', arguments: { body: { amount: 990, currency: 'gbp' } } })) as { content: { text: string }[] };
    expect(JSON.parse(made.content[0]!.text)).toMatchObject({ amount: 990, currency: 'GBP' });
    const create = service.seen.find((s) => s.method === 'POST' && s.path === '/v1/sessions')!;
    expect(create.headers.get('svc-pay-version')).toBe('2026-04-14');
    expect(stderr.join('')).toMatch(/svcpay mcp: \d+ tools for http:\/\/127\.0\.0\.1:\d+/);
    expect(stderr.join('')).not.toContain(service.keys.secret);
  } finally {
    await client.close();
  }
});

it('refuses to start without a secret key, or with a publishable one, saying which variable to set', { timeout: 60_000 }, async () => {
  const none = await runCli(['mcp'], { SVCPAY_URL: service.baseUrl });
  expect(none.code).toBe(2);
  expect(none.stderr).toMatch(/SVCPAY_SECRET_KEY/);
  expect(none.stdout).toBe('');
  const publishable = await runCli(['mcp'], { SVCPAY_URL: service.baseUrl, SVCPAY_SECRET_KEY: 'vp_pk_test_abc123' });
  expect(publishable.code).toBe(2);
  expect(publishable.stderr).toMatch(/publishable key/);
});
