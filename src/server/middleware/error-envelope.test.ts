import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import { createLogger } from '../log.ts';
import { ProcessorUnavailableError } from '../processors/types.ts';
import { onError } from './error-envelope.ts';

function appThrowing(err: unknown) {
  const lines: string[] = [];
  const app = new Hono<AppEnv>();
  app.onError(onError(createLogger(true, (l) => lines.push(l)), 'http://svc.test'));
  app.get('/x', () => {
    throw err;
  });
  return { app, lines };
}

describe('the error envelope', () => {
  it('answers a processor that did not answer as provider_unavailable, not a 500', async () => {
    const { app, lines } = appThrowing(new ProcessorUnavailableError('The sandbox processor did not answer POST /v1/_faults within 400 ms.'));
    const res = await app.request('/x');
    expect(res.status).toBe(502);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe('provider_unavailable');
    // The processor's own words (paths, timings) stay out of the answer and out of the error log.
    expect(body.error).not.toContain('/v1/_faults');
    expect(lines.join('\n')).not.toContain('unhandled error');
  });

  it('still answers anything else unexpected as a logged 500 that names no internals', async () => {
    const { app, lines } = appThrowing(new Error('secret internals'));
    const res = await app.request('/x');
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain('secret internals');
    expect(lines.join('\n')).toContain('unhandled error');
  });
});
