/**
 * The money-path contract when the service dies (./contract.ts): a real server process on a file
 * database and the providers (the sandbox processor, the Stripe and Braintree stand-ins) in a
 * process of their own (`src/processor-start.ts`), so what a provider holds outlives the service.
 * For two merchants of each provider a charge, a capture, a void and a partial refund are held at
 * the provider's door; the service is killed with SIGKILL (no shutdown hook runs) while they wait
 * and started again on the same database. The first merchant's calls are let in at once: the
 * restarted service's reconciler records them, and the merchant's same-key retries (it never got
 * an answer; docs/merchant.md) move nothing twice. The second's are let in long past the grace,
 * after the merchant retried (the same key, then a new one for what reads failed or canceled):
 * what lands late is refused or reversed. Either way the records equal each provider's ledger.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePorts } from '../../../../platform/ports.ts';
import { children, startProcessorProcess, startServerProcess } from '../../../server-process.fixtures.ts';
import type { LedgerRow } from '../../../faults/world.ts';
import { agree, AMOUNT, PAST_GRACE, PROVIDERS, recorded, type Books } from './contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'svcpay-money-kill-'));
const data = join(dir, 'svcpay.sqlite');
let db: Database.Database | undefined;
afterAll(() => {
  db?.close();
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

let base = '';
const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { method, headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
};
const control = (method: string, path: string, body: unknown = method === 'GET' ? undefined : {}) => send(method, `/_sandbox${path}`, body);

/** One merchant of a provider: its books, and the calls held when the service died (the path, body and key of each). */
interface Held {
  books: Books & ReturnType<typeof recorded>;
  calls: [string, Record<string, unknown>, string][];
  /** The holds armed for its calls. */
  faults: string[];
}
/** Per provider: a merchant whose calls are let in right after the restart, and one whose calls are let in long past the grace. */
const held = new Map<string, Held>();
const late = new Map<string, Held>();

async function merchantOf(processor: string | undefined): Promise<Held> {
  const m = (await control('POST', '/merchants', { settings: {}, ...(processor ? { processor } : {}) })).body;
  const auth = { Authorization: `Bearer ${m.keys.secret}` };
  const io = recorded((method, path, body, headers = {}) => send(method, path, body, { ...auth, ...headers }));
  const books = {
    ...io,
    merchant: m.id as string,
    db: () => (db ??= new Database(data, { readonly: true })),
    ledger: async () => (await control('GET', `/processor/transactions?merchant=${m.id}`)).body.data as LedgerRow[],
  };
  const token = await io.post('/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', currency: 'usd', buyer_id: `buyer-${m.id}`, setup_for_future_use: 'off_session' }, 'tok');
  const pm = { id: token.body.id as string };
  const paid = async (key: string, manual: boolean) => (await io.post('/v1/payment_intents', { amount: AMOUNT, currency: 'usd', payment_method: pm, ...(manual ? { capture_method: 'manual' } : {}) }, key)).body.id as string;
  const [toCapture, toVoid, toRefund] = [await paid('setup-capture', true), await paid('setup-void', true), await paid('setup-refund', false)];
  const calls: Held['calls'] = [
    ['/v1/payment_intents', { amount: AMOUNT, currency: 'usd', payment_method: pm }, 'order'],
    [`/v1/payment_intents/${toCapture}/capture`, { amount_to_capture: 1000 }, 'capture'],
    [`/v1/payment_intents/${toVoid}/void`, {}, 'void'],
    ['/v1/refunds', { payment_intent: toRefund, amount: 700 }, 'refund'],
  ];
  const faults: string[] = [];
  for (const operation of ['charge', 'capture', 'void', 'refund']) faults.push((await control('POST', '/faults', { merchant: m.id, operation, kind: 'hold' })).body.id as string);
  return { books, calls, faults };
}

/** Until the providers' door holds `n` calls. */
async function holding(n: number) {
  const count = async () => ((await control('GET', '/faults')).body.data as { held: number }[]).reduce((s, f) => s + f.held, 0);
  for (let i = 0; i < 400 && (await count()) < n; i++) await new Promise((r) => setTimeout(r, 50));
  expect(await count()).toBe(n);
}

beforeAll(async () => {
  const ports = await freePorts(4);
  const [port, processorPort, stripePort, braintreePort] = ports as [number, number, number, number];
  const secret = randomBytes(24).toString('base64url');
  base = `http://127.0.0.1:${port}`;
  await startProcessorProcess(join(dir, 'processor.sqlite'), join(dir, 'processor.json'), ports, secret, base);
  const env = {
    SVCPAY_PROCESSOR_URL: `http://127.0.0.1:${processorPort}`,
    SVCPAY_PROCESSOR_SECRET: secret,
    SVCPAY_STRIPE_URL: `http://127.0.0.1:${stripePort}`,
    SVCPAY_BRAINTREE_URL: `http://127.0.0.1:${braintreePort}`,
    // The service waits for the held calls until it dies.
    SVCPAY_PROCESSOR_TIMEOUT_MS: '60000',
  };
  const first = await startServerProcess(data, join(dir, 'ready.json'), ports, env);
  for (const [name, processor] of PROVIDERS) {
    held.set(name, await merchantOf(processor));
    late.set(name, await merchantOf(processor));
  }
  // Every call made at once and never answered: the connection dies with the service.
  for (const h of [...held.values(), ...late.values()]) for (const [path, body, key] of h.calls) void h.books.post(path, body, key).catch(() => null);
  await holding(4 * (held.size + late.size));
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));

  await startServerProcess(data, join(dir, 'ready.json'), ports, env);
  for (const h of held.values()) for (const f of h.faults) await control('POST', `/faults/${f}/release`);
}, 120_000);

/** The order charged, 1000 of an authorization captured (less than half: a second capture would fit), one voided, 700 of a payment refunded. */
const KEPT = AMOUNT + 1000 + AMOUNT - 700;

/** The merchant's retry of a call it never got an answer to: the same key, again once the crashed request's reservation (two minutes old) is taken over. */
async function sameKey(books: Held['books'], [path, body, key]: Held['calls'][number]) {
  const again = await books.post(path, body, key);
  if (again.body.code !== 'charge_already_in_flight') return again;
  await control('POST', '/clock', { advanceSeconds: PAST_GRACE });
  return books.post(path, body, key);
}

it.each(PROVIDERS)('%s: calls held when the service was killed land after its restart; it reconciles to the ledger, and the same-key retries move nothing twice', async (name) => {
  const { books, calls } = held.get(name)!;
  const kept = KEPT;
  // The restarted service's reconciler alone finds what the provider did, at its next looks (inside the grace).
  for (const seconds of [20, 40]) await control('POST', '/clock', { advanceSeconds: seconds });
  await agree(books, kept);
  for (const call of calls) {
    const again = await sameKey(books, call);
    // The outcome recorded, or refused as done already (a capture or void the provider made): never a second call that moves money.
    expect([200, 201, 409], JSON.stringify(again.body)).toContain(again.status);
    if (again.status === 409) expect(again.body.code).toBe('invalid_transition');
  }
  await control('POST', '/clock', { advanceSeconds: PAST_GRACE });
  await control('POST', '/clock', { advanceSeconds: 1800 });
  await agree(books, kept);
}, 60_000);

it.each(PROVIDERS)('%s: calls held when the service was killed that land long past the grace, after the merchant retried as the docs say, move no money twice', async (name) => {
  const { books, calls, faults } = late.get(name)!;
  await control('POST', '/clock', { advanceSeconds: PAST_GRACE });
  const answers = [];
  for (const call of calls) answers.push(await sameKey(books, call));
  const charged = answers[0]!.body;
  const intentOf = (path: string) => path.split('/')[3]!;
  const refundOf = calls[3]![1].payment_intent as string;
  for (let i = 0; i < 2; i++) {
    // What the service says now decides: failed or canceled is made anew with a new key; requested is waited for.
    const order = (charged.id ?? charged.payment_intent) as string;
    if ((await books.intent(order)).status === 'failed') charged.id = (await books.post(calls[0]![0], calls[0]![1], `order-again-${i}`)).body.id;
    if ((await books.intent(intentOf(calls[1]![0]))).status === 'authorized') await books.post(calls[1]![0], calls[1]![1], `capture-again-${i}`);
    if ((await books.intent(intentOf(calls[2]![0]))).status === 'authorized') await books.post(calls[2]![0], calls[2]![1], `void-again-${i}`);
    const refunds = (await books.refunds(refundOf)).map((r) => r.status as string);
    if (!refunds.includes('succeeded') && !refunds.includes('requested')) await books.post(calls[3]![0], calls[3]![1], `refund-again-${i}`);
    // The held calls land after the first round of retries.
    if (i === 0) for (const f of faults) await control('POST', `/faults/${f}/release`);
    for (const seconds of [PAST_GRACE, 1800, 1800]) await control('POST', '/clock', { advanceSeconds: seconds });
  }
  // A late charge is found at the second watch's next look (at most twelve hours apart), a refund
  // still requested is watched for 72 hours before it is given up.
  await control('POST', '/clock', { advanceSeconds: 13 * 3600 });
  for (let i = 0; i < 8 && (await books.refunds(refundOf)).some((r) => r.status === 'requested'); i++) await control('POST', '/clock', { advanceSeconds: 12 * 3600 });
  await agree(books, KEPT);
}, 60_000);
