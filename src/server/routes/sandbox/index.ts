/**
 * The sandbox control API (Doc 3): build the world a test needs. Off with SVCPAY_CONTROL=off
 * (every route then answers 404) and never part of the merchant contract.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { createMerchant } from '../../engine/merchants.ts';
import { MerchantSettings, processorKinds } from '../../engine/types.ts';
import { runDue } from '../../jobs/index.ts';
import { parseOrThrow, readJson } from '../../validation.ts';

const NewMerchantBody = z.strictObject({
  environment: z.enum(['sandbox', 'live']).optional(),
  processor: z.enum(processorKinds).optional(),
  settings: MerchantSettings.partial().optional(),
});

const PatchMerchantBody = z.strictObject({
  settings: MerchantSettings.partial().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});

const ClockBody = z.strictObject({ advanceSeconds: z.number().int().min(0).max(10 * 365 * 86400) });

/** Doc 3: rotated keys keep working for this long of service clock. */
const KEY_GRACE_MS = 24 * 3600 * 1000;

export function sandboxRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  if (!deps.config.control) return r;

  r.post('/_sandbox/merchants', async (c) => {
    const input = parseOrThrow(NewMerchantBody, await readJson(c.req.raw));
    // Partial settings: missing keys take Doc 3's defaults inside createMerchant.
    const { merchant, keys } = createMerchant(deps, input as Parameters<typeof createMerchant>[1]);
    return c.json({ id: merchant.id, environment: merchant.environment, keys }, 201);
  });

  r.patch('/_sandbox/merchants/:id', async (c) => {
    const input = parseOrThrow(PatchMerchantBody, await readJson(c.req.raw));
    const m = deps.store.merchants.get(c.req.param('id'));
    if (!m) throw new ApiError('route_not_found', 'No such merchant.');
    const settings = MerchantSettings.parse({ ...m.settings, ...input.settings });
    const updated = { ...m, settings, name: settings.displayName, status: input.status ?? m.status };
    deps.store.tx(() => deps.store.merchants.update(updated));
    return c.json({ id: updated.id, environment: updated.environment, status: updated.status, settings: updated.settings });
  });

  r.post('/_sandbox/merchants/:id/rotate_keys', (c) => {
    const m = deps.store.merchants.get(c.req.param('id'));
    if (!m) throw new ApiError('route_not_found', 'No such merchant.');
    const livemode = m.environment === 'live';
    if (livemode && !m.settings.onboarded) throw new ApiError('merchant_not_onboarded');
    if (livemode && !m.settings.processorConnected) throw new ApiError('live_keys_need_processor');
    const keys = { secret: newId.secretKey(livemode), publishable: newId.publishableKey(livemode) };
    const expiresAt = new Date(deps.clock.nowMs() + KEY_GRACE_MS).toISOString();
    deps.store.tx(() => {
      deps.store.merchants.expireCurrentKeys(m.id, expiresAt);
      deps.store.merchants.addKey(keys.secret, m.id, 'secret', livemode, deps.clock.iso());
      deps.store.merchants.addKey(keys.publishable, m.id, 'publishable', livemode, deps.clock.iso());
    });
    return c.json({ keys, previousKeysExpireAt: expiresAt });
  });

  const clock = () => ({ now: deps.clock.iso(), unix: deps.clock.unix() });
  r.get('/_sandbox/clock', (c) => c.json(clock()));
  r.post('/_sandbox/clock', async (c) => {
    const { advanceSeconds } = parseOrThrow(ClockBody, await readJson(c.req.raw));
    deps.clock.advance(advanceSeconds);
    runDue(deps);
    return c.json(clock());
  });
  return r;
}
