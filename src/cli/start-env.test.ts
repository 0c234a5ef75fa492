/**
 * `npx svcpay` (the start entry `npm start` runs) and `npx svcpay processor` with a bad environment
 * (issue 36): a bad value or a port in use ends the start with one line naming the variable and
 * exit 1, never a stack trace; a misspelt variable is named with a "did you mean", and the start
 * goes on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from '../platform/ports.ts';
import { runCli } from './cli.fixtures.ts';

const data = mkdtempSync(join(tmpdir(), 'svcpay-start-env-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

/** A start that touches nothing of the developer's: its own data folder, no demo shop, quiet. */
const quiet = { SVCPAY_DATA: join(data, 'svcpay.sqlite'), SVCPAY_DEMO: 'off', SVCPAY_LOG: 'silent' };
const lines = (text: string) => text.trimEnd().split('\n');

describe('a start with a bad environment', () => {
  it('PORT=72x2: one line naming PORT and what it takes, exit 1', async () => {
    const run = await runCli([], { ...quiet, PORT: '72x2' });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual(['svcpay: PORT: expected a port number from 0 to 65535 (got "72x2")']);
    expect(run.stdout).toBe('');
  });

  it('an out-of-range PROCESSOR_PORT and a URL that is not http(s), each on its own line', async () => {
    const run = await runCli([], { ...quiet, PROCESSOR_PORT: '99999', SVCPAY_PUBLIC_URL: 'localhost:4242' });
    expect(run.code).toBe(1);
    expect(lines(run.stderr).sort()).toEqual([
      'svcpay: PROCESSOR_PORT: expected a port number from 0 to 65535 (got "99999")',
      'svcpay: SVCPAY_PUBLIC_URL: expected an http(s) URL such as http://localhost:4242',
    ]);
  });

  it('svcpay processor: the same one line', async () => {
    const run = await runCli(['processor'], { ...quiet, SVCPAY_PROCESSOR_SECRET: 'x'.repeat(24), STRIPE_PORT: '-1' });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual(['svcpay: STRIPE_PORT: expected a port number from 0 to 65535 (got "-1")']);
  });

  it('a port in use names the variable that chose it; a misspelt variable is named with what it meant, and the start went on to listen', async () => {
    const [port, processorPort, stripePort, braintreePort] = await freePorts(4);
    const holder: Server = createServer();
    await new Promise<void>((done) => holder.listen(port, '127.0.0.1', done));
    try {
      const env = { ...quiet, PORT: String(port), PROCESOR_PORT: String(processorPort), PROCESSOR_PORT: String(processorPort), STRIPE_PORT: String(stripePort), BRAINTREE_PORT: String(braintreePort) };
      const run = await runCli([], env, 60_000);
      expect(run.code).toBe(1);
      expect(lines(run.stderr)).toEqual([
        'svcpay: warning: PROCESOR_PORT is not a variable svcpay reads; did you mean PROCESSOR_PORT? (ignored)',
        `svcpay: port ${port} (PORT) is in use: set PORT to a free port`,
      ]);
    } finally {
      await new Promise((done) => holder.close(done));
    }
  });
});
