/**
 * The store stand-ins for QA (issue 20): what each connected store holds, as the processor's ledger
 * shows its transactions, and the switches that make a store misbehave (down, lines refused,
 * countries not shipped to). Forwarded to the sandbox's stand-ins (sandbox-processor/stores/).
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../context.ts';
import { StoreSwitchesBody, storePlatforms } from '../../../api/mirror.ts';
import { DomainError } from '../../domain/errors.ts';
import { parseOrThrow, readJson } from '../../validation.ts';

const Platform = z.enum(storePlatforms);

function platformOf(value: string) {
  const p = Platform.safeParse(value);
  if (!p.success) throw new DomainError('route_not_found', 'No such store platform: platform_a or platform_b.');
  return p.data;
}

export function storeRoutes(r: Hono<AppEnv>, deps: Deps) {
  r.get('/_sandbox/stores/:platform/:store/orders', async (c) => {
    const answer = await deps.stores.standIns.orders(platformOf(c.req.param('platform')), c.req.param('store'));
    if (answer.status !== 200) throw new DomainError('service_unavailable', 'The store stand-ins did not answer.');
    return c.json(answer.body as Record<string, unknown>);
  });
  r.post('/_sandbox/stores/:platform/:store/switches', async (c) => {
    const body = parseOrThrow(StoreSwitchesBody, await readJson(c.req.raw));
    const answer = await deps.stores.standIns.switches(platformOf(c.req.param('platform')), c.req.param('store'), body);
    if (answer.status !== 200) throw new DomainError('service_unavailable', 'The store stand-ins did not answer.');
    return c.json(answer.body as Record<string, unknown>);
  });
}
