/**
 * The processor alone keeps the service clock the instances push (Doc 3, Several instances): a
 * payment form expires on the moved clock, the clock never moves back, and a restart keeps it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD, testProcessor } from './testing.ts';

const HOUR = 60 * 60 * 1000;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the sandbox processor alone: the service clock pushed to it', () => {
  it('expires a payment form on the pushed clock, takes only forward moves, and keeps the clock across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svcpay-processor-clock-'));
    dirs.push(dir);
    const dataPath = join(dir, 'processor.sqlite');
    const first = testProcessor({ dataPath });
    const form = await first.token();
    const pushed = await first.call('POST', '/v1/_clock', { offsetMs: HOUR + 60_000 });
    expect(await pushed.json()).toEqual({ running: 'alone', offsetMs: HOUR + 60_000 });
    // A second instance that has not heard of the move pushes an older offset: the clock stays.
    expect(await (await first.call('POST', '/v1/_clock', { offsetMs: 5_000 })).json()).toEqual({ running: 'alone', offsetMs: HOUR + 60_000 });
    const late = await first.charge({ token: form, card: CARD });
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe('token_expired');
    first.processor.close();

    const second = testProcessor({ dataPath });
    expect(await (await second.call('POST', '/v1/_clock', { offsetMs: 0 })).json()).toEqual({ running: 'alone', offsetMs: HOUR + 60_000 });
    // A fresh form is made on the moved clock, so it still has its hour.
    expect((await second.charge({ token: await second.token(), card: CARD })).status).toBe(200);
    second.processor.close();
  });

  it('changes nothing beside the service, where it reads the service clock itself', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const { call, token, charge } = testProcessor({ now: () => new Date(now) });
    const form = await token();
    expect(await (await call('POST', '/v1/_clock', { offsetMs: 2 * HOUR })).json()).toEqual({ running: 'beside', offsetMs: null });
    expect((await charge({ token: form, card: CARD })).status).toBe(200);
  });

  it('takes the push only with the service secret, and only a whole non-negative offset', async () => {
    const { call } = testProcessor();
    expect((await call('POST', '/v1/_clock', { offsetMs: HOUR }, {})).status).toBe(401);
    for (const body of [{ offsetMs: -1 }, { offsetMs: 1.5 }, { offsetMs: '10' }, {}]) expect((await call('POST', '/v1/_clock', body)).status).toBe(400);
  });
});
