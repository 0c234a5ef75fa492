/**
 * A CommonJS merchant's side of the package check (check-package.mjs, issue 36): a `"type":
 * "commonjs"` project, as `npm init -y` makes, beside the scratch ESM project and using its
 * node_modules. Node (>= 20.19) require()s the package's ESM modules, but only through an export
 * condition it matches (`default`; it never matches `import`): without one a merchant's code
 * type-checked and then failed at run time with ERR_PACKAGE_PATH_NOT_EXPORTED.
 *
 * - `require()` of each subpath, then real calls: the server client sends a session request through
 *   its `fetch` (no network), the control client reads the clock the same way, a webhook verifies.
 * - The merchant guide's Express snippet (docs/snippets/express.ts), copied as written, compiled by
 *   tsc into `require()` calls and run by Node: a signed webhook is answered 200, a forged one 400.
 */
import { createHmac } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumerTsconfig, spawnCaptured } from './package-consumer.mjs';

/** Runs the CommonJS project's checks in `<app>/commonjs`; `check` and `run` are check-package.mjs's own. */
export async function commonjsChecks({ check, run, root, app }) {
  const dir = join(app, 'commonjs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'svcpay-commonjs-consumer', private: true, type: 'commonjs' }, null, 2));

  await check('Node require()s svcpay, svcpay/webhooks, svcpay/testing and svcpay/server from a "type": "commonjs" project; the clients send through their fetch, a webhook verifies', () => {
    writeFileSync(join(dir, 'smoke.js'), commonjsSmokeSource());
    return run(process.execPath, ['smoke.js'], { cwd: dir }).trim().split('\n').pop();
  });

  await check("the merchant guide's Express snippet, in a CommonJS project: tsc compiles it to require() calls, Node runs it, a signed webhook is answered 200 and a forged one 400", async () => {
    copyFileSync(join(root, 'docs/snippets/express.ts'), join(dir, 'server.ts'));
    const tsconfig = consumerTsconfig();
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, noEmit: false, outDir: 'out' }, files: ['server.ts'] }, null, 2));
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir });
    const emitted = readFileSync(join(dir, 'out/server.js'), 'utf8');
    for (const subpath of ['svcpay/server', 'svcpay/webhooks']) {
      if (!emitted.includes(`require("${subpath}")`)) throw new Error(`tsc did not compile the snippet as CommonJS (no require("${subpath}")):\n${emitted.slice(0, 400)}`);
    }
    writeFileSync(join(dir, 'any-port.js'), anyPortSource());
    return runExpressSnippet(dir);
  });
}

/** Runs in the CommonJS project: `require()`, as its own code would, and real calls without a network. */
function commonjsSmokeSource() {
  return `'use strict';
const assert = require('node:assert/strict');
const { createHmac } = require('node:crypto');
const { loadSvcPay } = require('svcpay');
const { SIGNATURE_HEADER, verifyWebhook } = require('svcpay/webhooks');
const { CARD_INPUT_NAMES, HostedCheckoutPage, startSvcPay } = require('svcpay/testing');
const { createSandboxControl, createSvcPayClient } = require('svcpay/server');

async function main() {
  assert.equal(typeof startSvcPay, 'function');
  assert.equal(typeof HostedCheckoutPage, 'function');
  assert.equal(CARD_INPUT_NAMES.number, 'Card number');
  await assert.rejects(loadSvcPay('vp_pk_test_x'), /browser/);
  assert.throws(() => createSvcPayClient({ secretKey: 'vp_pk_test_12345678' }), /publishable key/);

  const sent = [];
  const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const svcpay = createSvcPayClient({
    secretKey: 'vp_sk_test_commonjs',
    baseUrl: 'http://svcpay.test',
    telemetry: false,
    fetch: async (request) => {
      sent.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization'), key: request.headers.get('idempotency-key'), body: await request.clone().json() });
      return answer(201, { id: 'vps_test_1', checkoutUrl: 'http://svcpay.test/pay/vps_test_1' });
    },
  });
  const made = await svcpay.POST('/v1/sessions', { body: { amount: 2500, currency: 'usd' }, headers: { 'Idempotency-Key': 'order-1' } });
  assert.equal(made.data.checkoutUrl, 'http://svcpay.test/pay/vps_test_1');
  assert.deepEqual(sent, [{ method: 'POST', url: 'http://svcpay.test/v1/sessions', authorization: 'Bearer vp_sk_test_commonjs', key: 'order-1', body: { amount: 2500, currency: 'usd' } }]);

  const control = createSandboxControl({ baseUrl: 'http://svcpay.test', fetch: async (input) => answer(200, { now: '2030-01-01T00:00:00.000Z', url: String(input) }) });
  assert.match((await control.clock.now()).url, /\\/_sandbox\\/clock$/);

  const secret = 'whsec_commonjs';
  const rawBody = JSON.stringify({ id: 'evt_cjs', type: 'charge.succeeded', created: 1, livemode: false, merchant_id: 'm', data: {} });
  const t = Math.floor(Date.now() / 1000);
  const signature = 't=' + t + ',v1=' + createHmac('sha256', secret).update(t + '.' + rawBody).digest('hex');
  assert.equal(SIGNATURE_HEADER, 'x-svc-signature');
  assert.equal(verifyWebhook({ rawBody, signature, secret }).id, 'evt_cjs');
  assert.throws(() => verifyWebhook({ rawBody, signature, secret: 'whsec_other' }));
  console.log('require() of all four entry points: the session request went out as sent, the webhook verified');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
`;
}

/**
 * Preloaded (`node -r`) before the snippet, which listens on 3000 as a merchant's would: the scratch
 * run takes any free port instead, so a busy 3000 cannot fail it, and says which.
 */
function anyPortSource() {
  return `'use strict';
const http = require('node:http');
const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  this.once('listening', () => process.stdout.write('listening on ' + this.address().port + '\\n'));
  return listen.call(this, 0, '127.0.0.1', ...args.filter((a) => typeof a === 'function'));
};
`;
}

/** Starts the compiled snippet, posts it a signed and a forged webhook, stops it. */
async function runExpressSnippet(dir) {
  const secret = 'whsec_express_commonjs';
  const { child, exited, output } = spawnCaptured(process.execPath, ['-r', './any-port.js', 'out/server.js'], {
    cwd: dir,
    env: { ...process.env, SVCPAY_SECRET_KEY: 'vp_sk_test_commonjs', SVCPAY_WHSEC: secret },
  });
  try {
    const port = await Promise.race([
      (async () => {
        for (let i = 0; i < 200; i++) {
          const found = /listening on (\d+)/.exec(output())?.[1];
          if (found) return found;
          await new Promise((done) => setTimeout(done, 50));
        }
        throw new Error('the snippet did not listen within 10 s');
      })(),
      exited.then((code) => {
        throw new Error(`the snippet exited ${code}`);
      }),
    ]);
    const rawBody = JSON.stringify({ id: 'evt_express', type: 'charge.succeeded', created: 1, livemode: false, merchant_id: 'm', test_event: true, data: {} });
    const t = Math.floor(Date.now() / 1000);
    const post = (v1) => fetch(`http://127.0.0.1:${port}/webhooks/svcpay`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'x-svc-signature': `t=${t},v1=${v1}` }, body: rawBody });
    const signed = await post(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
    const forged = await post(createHmac('sha256', 'whsec_not_yours').update(`${t}.${rawBody}`).digest('hex'));
    if (signed.status !== 200 || forged.status !== 400) throw new Error(`a signed webhook was answered ${signed.status} (200 expected), a forged one ${forged.status} (400 expected)`);
    return `signed 200, forged 400 on port ${port}`;
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : err}\n--- snippet output ---\n${output()}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
