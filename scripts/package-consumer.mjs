/**
 * The merchant's side of the package check (check-package.mjs): the files its scratch project
 * runs and type-checks against the installed tarball, as a merchant's own code would import
 * `svcpay`, `svcpay/webhooks` and `svcpay/testing`, and the run of the installed `svcpay` bin.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * Starts the installed `svcpay` bin in `app` on free ports and asks the service for its health,
 * the embed script, /docs and a hosted checkout page, and the demo shop for its designers' gallery
 * (the index, one state's page and the script each loads); then stops it, which must exit 0.
 */
export async function checkInstalledBin(app, work) {
  const [port, processorPort, demoPort, stripePort, braintreePort] = await freePorts(5);
  const readyFile = join(work, 'bin-ready.json');
  const bin = join(app, 'node_modules/.bin/svcpay');
  const { child, exited, output: read } = spawnCaptured(bin, [], {
    cwd: app,
    env: { ...process.env, PORT: String(port), PROCESSOR_PORT: String(processorPort), DEMO_PORT: String(demoPort), STRIPE_PORT: String(stripePort), BRAINTREE_PORT: String(braintreePort), SVCPAY_DATA: ':memory:', SVCPAY_READY_FILE: readyFile, NO_COLOR: '1' },
  });
  try {
    const info = await waitForFile(readyFile, exited, read);
    const expect = async (path, status, contentType, origin = info.serviceUrl) => {
      const res = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(10_000) });
      const body = await res.text();
      if (res.status !== status || !(res.headers.get('content-type') ?? '').includes(contentType)) {
        throw new Error(`GET ${origin}${path} answered ${res.status} ${res.headers.get('content-type')}, expected ${status} ${contentType}\n${body.slice(0, 300)}`);
      }
      return body;
    };
    await expect('/api/health', 200, 'application/json');
    await expect('/js/v1/svcpay.js', 200, 'javascript');
    await expect('/docs', 200, 'text/html');
    await expect('/docs/redoc.standalone.js', 200, 'javascript');
    // An error's docs link: a session asked for without a key, and the anchor its envelope names.
    const refused = await fetch(`${info.serviceUrl}/v1/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const envelope = await refused.json();
    const docs = new URL(envelope.docs);
    if (refused.status !== 401 || docs.origin !== info.serviceUrl || docs.hash !== `#${envelope.code}`) throw new Error(`the 401's docs link is ${envelope.docs} (code ${envelope.code})`);
    const errorsPage = await expect(docs.pathname, 200, 'text/html');
    if (!errorsPage.includes(`id="${envelope.code}"`)) throw new Error(`${docs.pathname} has no anchor ${docs.hash}`);
    await expect(new URL(info.checkoutUrl).pathname, 200, 'text/html');
    // The demo shop's designers' gallery: the index and one state's page, and the script each loads.
    for (const page of ['/gallery', '/gallery/card-fields/invalid-number?theme=night&locale=ar']) {
      const html = await expect(page, 200, 'text/html', info.demoUrl);
      const script = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
      if (!script) throw new Error(`${page} loads no script:\n${html.slice(0, 300)}`);
      await expect(script, 200, 'javascript', info.demoUrl);
    }
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : err}\n--- bin output ---\n${read()}`);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited ${code} on SIGTERM\n${read()}`);
}

/** Runs in the scratch project: the package's runtime, as a merchant's Node code imports it. */
export function smokeSource() {
  return `
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import assert from 'node:assert/strict';
import { loadSvcPay } from 'svcpay';
import { SIGNATURE_HEADER, verifyWebhook } from 'svcpay/webhooks';
import { CARD_INPUT_NAMES, completeChallenge, fillCard, startSvcPay, waitForReady } from 'svcpay/testing';
import { createSvcPayClient } from 'svcpay/server';

for (const fn of [loadSvcPay, verifyWebhook, fillCard, waitForReady, completeChallenge, startSvcPay, createSvcPayClient]) assert.equal(typeof fn, 'function');
assert.throws(() => createSvcPayClient({ secretKey: 'vp_pk_test_12345678' }), /publishable key/);
assert.equal(SIGNATURE_HEADER, 'x-svc-signature');
assert.equal(CARD_INPUT_NAMES.number, 'Card number');
// The browser loader refuses Node with a clear rejection rather than a crash at import.
await assert.rejects(loadSvcPay('vp_pk_test_x'), /browser/);

const secret = 'whsec_pack_check';
const rawBody = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', created: 1, livemode: false, merchant_id: 'm', data: {} });
const t = Math.floor(Date.now() / 1000);
const signature = 't=' + t + ',v1=' + createHmac('sha256', secret).update(t + '.' + rawBody).digest('hex');
assert.equal(verifyWebhook({ rawBody, signature, secret }).id, 'evt_1');
assert.throws(() => verifyWebhook({ rawBody, signature, secret: 'whsec_other' }));

const server = await startSvcPay({ env: { SVCPAY_LOG: 'silent' } });
try {
  const health = await fetch(server.serviceUrl + '/api/health');
  assert.equal(health.status, 200);
  assert.match(server.publishableKey, /^vp_pk_test_/);
  assert.match(server.secretKey, /^vp_sk_test_/);
  assert.equal((await fetch(server.checkoutUrl)).status, 200);
  const svcpay = createSvcPayClient({ secretKey: server.secretKey, baseUrl: server.serviceUrl });
  const made = await svcpay.POST('/v1/sessions', { body: { amount: 1999, currency: 'usd' } });
  assert.equal(made.response.status, 201, JSON.stringify(made.error));
  const read = await svcpay.GET('/v1/sessions/{sessionId}', { params: { path: { sessionId: made.data.id } } });
  assert.equal(read.data.amount, 1999);
  const refused = await svcpay.POST('/v1/sessions', { body: { amount: -1, currency: 'usd' } });
  assert.equal(refused.error.code, 'validation_invalid_amount');
  assert.deepEqual((await svcpay.dryRunSession({ amount: 5, currency: 'usd' })).data, { valid: true, warnings: [] });
} finally {
  await server.stop();
}
assert.equal(existsSync(server.tempDir), false, 'stop() removes the temporary files');
console.log('startSvcPay served ' + server.serviceUrl + ' and stopped');
`;
}

/** Type-checked in the scratch project: right calls compile, wrong ones must not. */
export function consumerSource() {
  return `
import { test } from '@playwright/test';
import { loadSvcPay, type ElementChangeEvent, type SvcPay } from 'svcpay';
import { verifyWebhook, type WebhookEnvelope } from 'svcpay/webhooks';
import {
  CARD_INPUT_NAMES,
  completeChallenge,
  fillCard,
  startSvcPay,
  waitForReady,
  type SvcPayServer,
  type TestCardDetails,
  test as svcpayTest,
  expect as svcpayExpect,
  CardElement,
} from 'svcpay/testing';
import { createSvcPayClient, type CreatedSession, type PaymentIntent, type SvcPayError } from 'svcpay/server';

export async function serverCalls(secretKey: string): Promise<CreatedSession | SvcPayError | undefined> {
  const svcpay = createSvcPayClient({ secretKey, baseUrl: 'http://localhost:4242' });
  const { data, error } = await svcpay.POST('/v1/sessions', { body: { amount: 1999, currency: 'usd' }, headers: { 'Idempotency-Key': 'order-1' } });
  const intent = await svcpay.GET('/v1/payment_intents/{id}', { params: { path: { id: 'vpi_test_1' } } });
  const status: PaymentIntent['status'] | undefined = intent.data?.status;
  void status;
  // @ts-expect-error: the amount is an integer in minor units, not a string
  await svcpay.POST('/v1/sessions', { body: { amount: '19.99', currency: 'usd' } });
  // @ts-expect-error: a path the API does not have
  await svcpay.GET('/v1/session/{id}', { params: { path: { id: 'x' } } });
  // @ts-expect-error: the client needs the secret key
  createSvcPayClient({ baseUrl: 'http://localhost:4242' });
  return data ?? error;
}

export async function mountCard(sessionId: string): Promise<SvcPay> {
  const svcpay = await loadSvcPay('vp_pk_test_123', { locale: 'fr' });
  const card = svcpay.elements({ sessionId }).create('card', { hidePostalCode: true });
  card.on('change', (event: ElementChangeEvent) => void event.complete);
  card.mount('#card');
  // @ts-expect-error: element types are a closed list
  svcpay.elements({ sessionId }).create('iban');
  return svcpay;
}

export function receive(rawBody: string, signature: string | null): WebhookEnvelope {
  // @ts-expect-error: the secret is required
  verifyWebhook({ rawBody, signature });
  return verifyWebhook({ rawBody, signature, secret: ['whsec_new', 'whsec_old'] });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server: SvcPayServer = await startSvcPay({ env: { SVCPAY_RATE_LIMITS: 'off' }, keepFiles: false });
  process.env.SVCPAY_URL = server.serviceUrl;
  const keys: [string, string, number] = [server.publishableKey, server.secretKey, server.pid];
  void keys;
  // @ts-expect-error: options are checked
  await startSvcPay({ ports: [1, 2, 3] });
  return server.stop;
}

const card: TestCardDetails = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '12345' };
const label: 'Card number' = CARD_INPUT_NAMES.number;
void label;

svcpayTest.use({ merchantOptions: { processor: 'sandbox' } });
svcpayTest('pays with the fixtures, in any language', async ({ page, api, merchant, checkout, webhooks, control, svcpay }) => {
  const { data } = await api.POST('/v1/sessions', { body: { amount: 2500, currency: 'eur', locale: 'fr' } });
  await checkout.open(data!.checkoutUrl);
  await checkout.pay(card);
  await svcpayExpect(checkout.status('success')).toBeVisible();
  const event = await webhooks.waitFor('charge.succeeded', { where: (e) => e.merchant_id === merchant.id });
  const clock = await control.clock.advance('3d');
  const element = new CardElement(page, 'cardNumber');
  await element.inputs.number.fill('4242');
  void [event.id, clock, svcpay.url, merchant.keys.publishable];
  // @ts-expect-error: a merchant has a secret and a publishable key, nothing else
  void merchant.keys.private;
  // @ts-expect-error: the status panels are a closed list
  checkout.status('done');
});

test('pays on the merchant page', async ({ page }) => {
  await waitForReady(page, { elements: ['cardNumber', 'cardExpiry', 'cardCvc'] });
  await fillCard(page, card);
  await fillCard(page.frameLocator('iframe[title="Card details"]'), card);
  await completeChallenge(page, 'approve', { timeout: 10_000 });
  // @ts-expect-error: the sandbox bank has two answers
  await completeChallenge(page, 'maybe');
  // @ts-expect-error: a card needs its security code
  await fillCard(page, { number: '4242', expiry: '12 / 34' });
  // @ts-expect-error: only card element types have frames to wait for
  await waitForReady(page, { elements: ['address'] });
});
`;
}

export function consumerTsconfig() {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      lib: ['ES2023', 'DOM'],
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    },
    files: ['consumer.ts'],
  };
}

/** Spawns `cmd` with its stdout and stderr kept together: `output()` so far, and when it `exited` (its code or signal). */
export function spawnCaptured(cmd, args, options) {
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((done) => child.once('exit', (code, signal) => done(code ?? signal)));
  return { child, exited, output: () => output };
}

async function waitForFile(file, exited, output, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode;
  exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited ${exitCode} before it was ready\n${output()}`);
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        // Half-written: read again.
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no ready file within ${timeoutMs / 1000} s\n${output()}`);
}

async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((done, fail) => {
      const s = createServer();
      s.once('error', fail);
      s.listen(0, '127.0.0.1', () => done(s));
    })),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}
