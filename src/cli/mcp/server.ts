/**
 * `svcpay mcp`: a Model Context Protocol server on stdio (the official TypeScript SDK's McpServer
 * and StdioServerTransport), so an assistant can drive svcpay as a merchant's server does: the
 * merchant API's operations, read from the contract (./operations.ts), and the sandbox control
 * API (./sandbox-tools.ts) as tools. Doc 1, Versioning 4: the CLI and MCP server inherit the Node
 * SDK's settings, so it takes the key, the base URL and `apiVersion` the SDK takes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { createSvcPayClient } from '../../../embed/server/index.ts';
import { UsageError, type CommandContext } from '../args.ts';
import { packageRoot } from '../serve.ts';
import { toolCaller, type McpSettings } from './call.ts';
import type { ToolSpec } from './tool-spec.ts';

const INSTRUCTIONS = [
  "svcpay's merchant API as one merchant's server sees it (its secret key), and the reference server's sandbox controls (sandbox_* tools).",
  'Card numbers are never sent: vault a test card with post_v1_tokens and provider_reference tok_sandbox_<brand>_<last four> (tok_sandbox_visa_4242), then pay with the vp_pmt_ id it answers.',
  'Writes carry an Idempotency-Key: pass the one an answer names as idempotencyKey to retry a call safely.',
].join(' ');

/**
 * Every tool: the contract's merchant operations, then the sandbox controls. Both read the
 * server's own routes, loaded here so that a refused key is told before that load.
 */
export async function allTools(): Promise<ToolSpec[]> {
  const [{ merchantContract }, { merchantTools }, { sandboxTools }] = await Promise.all([import('./contract.ts'), import('./operations.ts'), import('./sandbox-tools.ts')]);
  return [...merchantTools(await merchantContract()), ...sandboxTools()];
}

const listed = (t: ToolSpec): Tool => ({
  name: t.name,
  description: t.description,
  inputSchema: t.inputSchema,
  annotations: { readOnlyHint: t.method === 'GET', destructiveHint: t.method === 'DELETE', idempotentHint: t.method !== 'POST' || t.idempotent, openWorldHint: false },
});

export function createMcpServer(settings: McpSettings, tools: ToolSpec[], fetchImpl?: typeof fetch): McpServer {
  const version = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const mcp = new McpServer({ name: 'svcpay', version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const call = toolCaller(settings, fetchImpl);
  const byName = new Map(tools.map((t) => [t.name, t]));
  // The tools are JSON Schemas from the contract, not zod shapes, so the handlers are set directly.
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listed) }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = byName.get(params.name);
    if (!tool) return { isError: true, content: [{ type: 'text', text: `no tool ${params.name}; tools/list names them` }] };
    return call(tool, params.arguments ?? {});
  });
  return mcp;
}

/** The settings of `svcpay mcp` from its command line, or a usage error naming what is missing. */
export function mcpSettings({ args }: Pick<CommandContext, 'args'>): McpSettings {
  if (args.rest.length > 0) throw new UsageError(`unexpected "${args.rest[0]}" after svcpay mcp; run \`svcpay help mcp\``);
  if (!args.secretKey) throw new UsageError('svcpay mcp needs the merchant secret key: set SVCPAY_SECRET_KEY (or pass --secret-key vp_sk_test_…)');
  try {
    // The SDK's own check of the key, before any tool is listed.
    createSvcPayClient({ secretKey: args.secretKey, baseUrl: args.url });
  } catch (err) {
    throw new UsageError(`SVCPAY_SECRET_KEY (--secret-key): ${err instanceof Error ? err.message : String(err)}`);
  }
  return { baseUrl: args.url, secretKey: args.secretKey, apiVersion: args.apiVersion, controlToken: args.controlToken };
}

/** Serves MCP on this process's stdin and stdout until the client closes stdin. Stdout is the protocol's alone. */
export async function mcpCommand(ctx: Pick<CommandContext, 'args' | 'io'>): Promise<undefined> {
  const settings = mcpSettings(ctx);
  const tools = await allTools();
  const mcp = createMcpServer(settings, tools);
  await mcp.connect(new StdioServerTransport());
  ctx.io.err(`svcpay mcp: ${tools.length} tools for ${settings.baseUrl} on stdio${settings.apiVersion ? `, Svc-Pay-Version ${settings.apiVersion}` : ''}\n`);
  process.stdin.once('end', () => void mcp.close().finally(() => process.exit(0)));
  return undefined;
}
