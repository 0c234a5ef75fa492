/**
 * The sandbox control API as tools (Doc 3, "Sandbox control API"; docs/qa.md): the service clock,
 * the write-freeze, webhook deliveries, provider events, the fault switchboard, the processor's
 * ledger and the store stand-ins. These routes are no part of the contract, so they are listed
 * here, their bodies the zod schemas the routes themselves parse with; mcp.test.ts fails when the
 * app serves a `/_sandbox/` route that is neither here nor in EXCLUDED_SANDBOX_ROUTES.
 */
import { z } from 'zod';
import { StoreSwitchesBody } from '../../api/mirror.ts';
import { storePlatforms } from '../../vocab/store-platforms.ts';
import { ClockBody, ProviderEventBody, WriteFreezeBody } from '../../server/routes/sandbox/index.ts';
import { FaultBody } from '../../server/routes/sandbox/faults.ts';
import type { HttpMethod, JsonSchema, ToolSpec } from './tool-spec.ts';

/** Control routes that are not tools, with why (`METHOD /path` as hono registers them). */
export const EXCLUDED_SANDBOX_ROUTES: Record<string, string> = {
  'POST /_sandbox/merchants': 'mints a merchant and answers its secret key; the MCP server acts as the one merchant whose key it was started with',
  'PATCH /_sandbox/merchants/:id': "changes a merchant's settings and keys; done by the developer, not by a client of one merchant",
  'POST /_sandbox/merchants/:id/rotate_keys': 'answers new secret keys and would expire the key the MCP server runs with',
};

const ID = { type: 'string', minLength: 1 };
const FAULT = { id: { ...ID, description: 'the fault id' } };
const STORE = { platform: { type: 'string', enum: [...storePlatforms] }, store: { ...ID, description: "the store's host" } };

interface Entry {
  name: string;
  method: HttpMethod;
  path: string;
  description: string;
  params?: Record<string, JsonSchema>;
  query?: Record<string, JsonSchema>;
  body?: z.ZodType;
}

const ENTRIES: Entry[] = [
  { name: 'sandbox_clock_read', method: 'GET', path: '/_sandbox/clock', description: 'Reads the service clock: { now, unix }.' },
  {
    name: 'sandbox_clock_advance',
    method: 'POST',
    path: '/_sandbox/clock',
    description: 'Moves the service clock forward by body.advanceSeconds (3600 an hour, 86400 a day) and runs every job that fell due: session expiry, webhook retries, settlements, async refunds, disputes. Answers the new { now, unix }.',
    body: ClockBody,
  },
  { name: 'sandbox_write_freeze_read', method: 'GET', path: '/_sandbox/write_freeze', description: "Whether Document 1's maintenance write-freeze is on: { on }." },
  {
    name: 'sandbox_write_freeze_set',
    method: 'POST',
    path: '/_sandbox/write_freeze',
    description: 'Switches the maintenance write-freeze: while on, every write outside /_sandbox/ answers 503 service_unavailable and writes nothing.',
    body: WriteFreezeBody,
  },
  {
    name: 'sandbox_webhook_deliveries_list',
    method: 'GET',
    path: '/_sandbox/webhook_subscriptions/{id}/deliveries',
    description: 'The deliveries of one webhook subscription, newest first, with every attempt: state, status the endpoint answered, next attempt.',
    params: { id: { ...ID, description: 'the webhook subscription id' } },
  },
  {
    name: 'sandbox_webhook_delivery_redeliver',
    method: 'POST',
    path: '/_sandbox/webhook_deliveries/{id}/redeliver',
    description: 'Sends one webhook delivery again now, whatever its state (same event id and body).',
    params: { id: { ...ID, description: 'the delivery id (from sandbox_webhook_deliveries_list)' } },
  },
  {
    name: 'sandbox_provider_event_trigger',
    method: 'POST',
    path: '/_sandbox/provider_events',
    description: 'Makes the sandbox processor send a signed provider event (a dispute, a refund or settlement result) about a captured payment; answers once the service has applied it. Name the payment by payment_intent or transaction, exactly one.',
    body: ProviderEventBody,
  },
  {
    name: 'sandbox_faults_set',
    method: 'POST',
    path: '/_sandbox/faults',
    description: "Arms a fault on the calls the service makes to the sandbox processor: down (refused, nothing moves), lose_answer (acts, answer lost), hold (kept until released), slow (answers after delayMs). Scope it with merchant when others share the server.",
    body: FaultBody,
  },
  { name: 'sandbox_faults_list', method: 'GET', path: '/_sandbox/faults', description: 'Every armed fault, spent ones included.' },
  {
    name: 'sandbox_fault_release',
    method: 'POST',
    path: '/_sandbox/faults/{id}/release',
    description: 'Lets the calls a hold fault keeps reach the processor, in arrival order; answers { released } once they were acted on.',
    params: FAULT,
  },
  {
    name: 'sandbox_fault_clear',
    method: 'DELETE',
    path: '/_sandbox/faults/{id}',
    description: 'Deletes a fault; calls it still holds are dropped and never reach the processor.',
    params: FAULT,
  },
  {
    name: 'sandbox_processor_ledger',
    method: 'GET',
    path: '/_sandbox/processor/transactions',
    description: "The sandbox processor's own ledger, oldest first: what it really charged, captured and refunded, whatever the service recorded.",
    query: { merchant: { ...ID, description: "only this merchant's transactions" } },
  },
  {
    name: 'sandbox_store_orders',
    method: 'GET',
    path: '/_sandbox/stores/{platform}/{store}/orders',
    description: 'The orders a connected-store stand-in holds (order mirroring).',
    params: STORE,
  },
  {
    name: 'sandbox_store_switches_set',
    method: 'POST',
    path: '/_sandbox/stores/{platform}/{store}/switches',
    description: "Sets a connected-store stand-in's switches (down, refused lines or countries, slow answers) and catalogue (prices, vouchers, currency).",
    params: STORE,
    body: StoreSwitchesBody,
  },
];

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

export function sandboxTools(): ToolSpec[] {
  return ENTRIES.map((e) => {
    const properties: Record<string, JsonSchema> = { ...e.params, ...e.query, ...(e.body ? { body: jsonSchemaOf(e.body) } : {}) };
    const required = [...Object.keys(e.params ?? {}), ...(e.body ? ['body'] : [])];
    return {
      name: e.name,
      description: `${e.description} Sandbox control API, reference server only (${e.method} ${e.path}).`,
      inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
      api: 'sandbox',
      method: e.method,
      path: e.path,
      pathParams: Object.keys(e.params ?? {}),
      queryParams: Object.keys(e.query ?? {}),
      body: Boolean(e.body),
      idempotent: false,
    };
  });
}
