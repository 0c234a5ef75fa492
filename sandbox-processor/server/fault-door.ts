/**
 * The processor's door (Doc 3, "Faults and the processor's ledger"): every call the service makes
 * passes it, and an armed fault (../faults.ts) decides what happens to the call before and after
 * the processor acts. Also the switchboard's own routes (`/v1/_faults`) and the ledger
 * (`/v1/_ledger`), which the service's control API forwards to; they pass no door.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Socket } from 'node:net';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { FaultOperation } from '../../src/vocab/sandbox.ts';
import { FaultRequest } from '../api.ts';
import type { FaultBoard } from '../faults.ts';
import type { SandboxProcessorCore } from '../processor.ts';
import { fail, lostAnswer, readBody } from './http.ts';

export type Door = Exclude<FaultOperation, 'any'> | 'other';

/** Which operation a call is; null for the routes no fault touches (tests' and the switchboard's own). */
export function operationOf(method: string, path: string): Door | null {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'v1') return null;
  const [, resource, id, action] = parts;
  if (resource === 'charges' && method === 'POST') return 'browser_charge';
  if (resource === 'transactions') {
    if (method === 'GET') return 'lookup';
    if (id === undefined) return 'charge';
    if (action === 'capture') return 'capture';
    if (action === 'void') return 'void';
    return null; // the bank challenge without a browser: a test's tool, not a call the service makes
  }
  if (resource === 'refunds') return method === 'GET' ? 'lookup' : 'refund';
  if (resource === 'vault') return 'vault';
  if (resource === 'client_tokens' || resource === 'wallets' || resource === 'references') return 'other';
  return null;
}

/** The socket under a request when it came over the network (`@hono/node-server`); none in-process. */
const socketOf = (c: Context): Socket | undefined => (c.env as { incoming?: { socket?: Socket } } | undefined)?.incoming?.socket;

/** The answer never reaches the caller: over the network the connection is reset, in-process a proxy's 502. */
function lose(c: Context): Response {
  const socket = socketOf(c);
  if (socket && !socket.destroyed) socket.resetAndDestroy();
  return lostAnswer();
}

/**
 * The door for calls that name their merchant in `merchantOf` (the account header, or the client
 * token of a browser charge). `merchantOf` may read the body: the door reads it first, so a held
 * call keeps it whatever happens to the connection.
 */
export function faultDoor(
  faults: FaultBoard,
  merchantOf: (c: Context, body: string) => string | null,
  door: { operationOf?: (method: string, path: string, body: string) => Door | null; refuse?: (fault: string) => Response } = {},
): MiddlewareHandler {
  const classify = door.operationOf ?? ((method: string, path: string) => operationOf(method, path));
  // Refused before acting: nothing moves, and the answer says so, as a refused connection would.
  const refuse = door.refuse ?? ((fault: string) => fail(503, 'provider_unavailable', `The processor is down (fault ${fault}); nothing was processed.`));
  return async (c, next) => {
    const body = c.req.method === 'GET' ? '' : await c.req.text();
    const operation = classify(c.req.method, new URL(c.req.url).pathname, body);
    if (operation === null) return next();
    const verdict = faults.take(operation, merchantOf(c, body));
    switch (verdict.kind) {
      case 'pass':
        return next();
      case 'down':
        return refuse(verdict.fault);
      case 'lose_answer':
        await next();
        c.res = lose(c);
        return;
      case 'slow':
        await next();
        await sleep(verdict.delayMs);
        return;
      case 'hold': {
        const entered = await verdict.entered;
        if (!entered) {
          c.res = lose(c);
          return;
        }
        try {
          await next();
        } finally {
          verdict.acted();
        }
      }
    }
  };
}

/** The merchant a browser charge pays: its client token's. */
export const tokenMerchant = (core: SandboxProcessorCore) => (_c: Context, body: string) => {
  try {
    const token = (JSON.parse(body) as { token?: unknown }).token;
    return typeof token === 'string' ? (core.repo.getToken(token)?.merchantId ?? null) : null;
  } catch {
    return null;
  }
};

/** `/v1/_faults` and `/v1/_ledger`, behind the service's bearer secret (checked by the caller's middleware). */
export function faultRoutes(core: SandboxProcessorCore, faults: FaultBoard) {
  const api = new Hono();
  api.post('/v1/_faults', async (c) => {
    const body = await readBody(c, FaultRequest, 'Send { operation, kind, count?, delayMs?, merchant? }.');
    if (body instanceof Response) return body;
    return c.json(faults.arm(body), 201);
  });
  api.get('/v1/_faults', (c) => c.json({ data: faults.list() }));
  api.post('/v1/_faults/:id/release', async (c) => {
    const released = await faults.release(c.req.param('id'));
    return released === undefined ? fail(404, 'fault_not_found', 'No such fault.') : c.json({ released });
  });
  api.delete('/v1/_faults/:id', (c) => {
    const id = c.req.param('id');
    return faults.disarm(id) ? c.json({ id, deleted: true as const }) : fail(404, 'fault_not_found', 'No such fault.');
  });
  api.get('/v1/_ledger', (c) => {
    const merchant = c.req.query('merchant');
    if (merchant !== undefined && (merchant.length === 0 || merchant.length > 120)) return fail(400, 'invalid_request', 'Name one merchant account, or none.');
    return c.json({ data: core.repo.ledger(merchant ?? null) });
  });
  return api;
}
