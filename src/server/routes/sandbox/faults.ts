/**
 * The fault switchboard and the processor's ledger (Doc 3, "Faults and the processor's ledger"),
 * part of the sandbox control API: arms faults on the calls the service makes to the sandbox
 * processor, and reads what the processor itself recorded. Forwarded to the processor, which
 * keeps both, so they work the same when it runs in another process.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { StandInControl } from '../../processors/stand-in.ts';
import { parseOrThrow, readJson } from '../../validation.ts';
import { faultKinds, faultOperations } from '../../../vocab/sandbox.ts';

export const FaultBody = z
  .strictObject({
    operation: z.enum(faultOperations),
    kind: z.enum(faultKinds),
    count: z.number().int().min(1).max(1000).optional(),
    delayMs: z.number().int().min(0).max(600_000).optional(),
    merchant: z.string().min(1).max(120).optional(),
  })
  .refine((b) => b.delayMs === undefined || b.kind === 'slow', { message: 'delayMs is for kind slow only', path: ['delayMs'] });

const Id = z.string().min(1).max(200);

/** The sandbox processor's control door: the switchboard is the sandbox processor's (Doc 3). */
function sandboxProcessor(deps: Deps): StandInControl {
  const control = deps.processorFor('sandbox')?.standInControl;
  if (!control) throw new DomainError('route_not_found', 'This service runs no sandbox processor.');
  return control;
}

async function knownMerchant(deps: Deps, id: string | undefined) {
  if (id !== undefined && !(await deps.store.read.merchants.get(id))) throw new DomainError('route_not_found', 'No such merchant.');
}

export function faultRoutes(r: Hono<AppEnv>, deps: Deps) {
  r.post('/_sandbox/faults', async (c) => {
    const input = parseOrThrow(FaultBody, await readJson(c.req.raw));
    await knownMerchant(deps, input.merchant);
    return c.json(await sandboxProcessor(deps).armFault(input), 201);
  });
  r.get('/_sandbox/faults', async (c) => c.json(await sandboxProcessor(deps).faults()));
  r.post('/_sandbox/faults/:id/release', async (c) => {
    parseOrThrow(z.strictObject({}), await readJson(c.req.raw));
    const released = await sandboxProcessor(deps).releaseFault(parseOrThrow(Id, c.req.param('id')));
    if (!released) throw new DomainError('route_not_found', 'No such fault.');
    return c.json(released);
  });
  r.delete('/_sandbox/faults/:id', async (c) => {
    if (!(await sandboxProcessor(deps).disarmFault(parseOrThrow(Id, c.req.param('id'))))) throw new DomainError('route_not_found', 'No such fault.');
    return c.body(null, 204);
  });
  r.get('/_sandbox/processor/transactions', async (c) => {
    const merchant = c.req.query('merchant');
    if (merchant !== undefined) {
      parseOrThrow(Id, merchant);
      await knownMerchant(deps, merchant);
    }
    return c.json(await sandboxProcessor(deps).ledger(merchant ?? null));
  });
}
