/**
 * The world the fuzz runs in: one app, merchants whose keys cover every key case of Doc 1,
 * Authentication (right type, wrong type, other mode, rotated past their grace window, disabled
 * merchant, no processor), sessions made on demand in the state a route needs, and a fingerprint
 * of both databases so a refused request can be shown to have written nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { futureExpiry } from '../../card/test-cards.ts';
import { KEY_GRACE_MS, rotateKeys, updateMerchant } from '../engine/merchants/merchants.ts';
import type { CreateSessionBody } from '../../api/sessions.ts';
import { createSession } from '../engine/sessions/sessions.ts';
import { registerWalletDomain } from '../engine/wallets/wallet-domains.ts';
import { upsertBuyer } from '../engine/buyers/buyers.ts';
import { createToken } from '../engine/tokens/tokens.ts';
import { createSubscription } from '../engine/webhooks/webhook-subscriptions.ts';
import { createIntent } from '../engine/payments/intents/intents.ts';
import { newId } from '../ids.ts';
import type { Merchant } from '../domain/index.ts';
import { SERVICE, testApp } from '../testing.ts';
import { pgWatch } from './pg-watch.ts';

export type TestApp = Awaited<ReturnType<typeof testApp>>;
type Db = TestApp['store']['db'];

const expiry = futureExpiry();
export const APPROVED_CARD = { number: '4242424242424242', expMonth: expiry.month, expYear: expiry.year, cvc: '123' };

/** The files the page routes serve; without them those routes answer 503 and the fuzz proves nothing. */
const DIST_FILES = [
  ['app', 'hosted-page', 'index.html'],
  ['app', 'src', 'frames', 'field.html'],
  ['app', 'src', 'frames', 'controller.html'],
  ['embed', 'svcpay.js'],
  ['embed', 'svcpay-challenge.js'],
];

export function assertBuilt(distDir: string) {
  const missing = DIST_FILES.map((p) => join(distDir, ...p)).filter((f) => !existsSync(f));
  if (missing.length) {
    throw new Error(`fuzz: the browser bundles are not built (${missing.join(', ')} missing). Run \`npm run build\` (or \`vite build && vite build --mode embed\`) first; a 503 for a missing build is not an answer the fuzz accepts.`);
  }
}

const rowText = (row: unknown) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('hex') : v));

const tablesOf = (db: Db) =>
  (db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);

/**
 * Every row of every table, kept current by temporary triggers that log each written row id.
 * Hashing whole databases around each of thousands of requests costs more than the requests;
 * the log says which rows a request touched, so only those are read and compared. The triggers
 * and the log are TEMP objects: they live in this connection and never enter the schema, and
 * a rolled-back transaction rolls back its log entries with it.
 */
export function rowWatch(db: Db) {
  const tables = tablesOf(db);
  db.exec('CREATE TEMP TABLE fuzz_log (id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, rid INTEGER NOT NULL)');
  for (const t of tables) {
    db.exec(`CREATE TEMP TRIGGER "fuzz_i_${t}" AFTER INSERT ON main."${t}" BEGIN INSERT INTO fuzz_log (tbl, rid) VALUES ('${t}', NEW.rowid); END`);
    db.exec(`CREATE TEMP TRIGGER "fuzz_u_${t}" AFTER UPDATE ON main."${t}" BEGIN INSERT INTO fuzz_log (tbl, rid) VALUES ('${t}', OLD.rowid), ('${t}', NEW.rowid); END`);
    db.exec(`CREATE TEMP TRIGGER "fuzz_d_${t}" AFTER DELETE ON main."${t}" BEGIN INSERT INTO fuzz_log (tbl, rid) VALUES ('${t}', OLD.rowid); END`);
  }
  const mirror = new Map<string, string>();
  const rowsOf = (t: string) => db.prepare(`SELECT rowid AS fuzz_rowid, * FROM main."${t}"`).all() as { fuzz_rowid: number }[];
  for (const t of tables) for (const row of rowsOf(t)) mirror.set(`${t}#${row.fuzz_rowid}`, rowText(row));
  const readRow = new Map(tables.map((t) => [t, db.prepare(`SELECT rowid AS fuzz_rowid, * FROM main."${t}" WHERE rowid = ?`)]));
  let seen = 0;

  /** Brings the mirror up to date; returns each row whose content differs from before, by table. */
  const sync = (): string[] => {
    const entries = db.prepare('SELECT id, tbl, rid FROM fuzz_log WHERE id > ? ORDER BY id').all(seen) as { id: number; tbl: string; rid: number }[];
    const changed = new Set<string>();
    for (const e of entries) {
      seen = e.id;
      const key = `${e.tbl}#${e.rid}`;
      const row = readRow.get(e.tbl)!.get(e.rid);
      const now = row === undefined ? undefined : rowText(row);
      if (now !== mirror.get(key)) changed.add(key);
      if (now === undefined) mirror.delete(key);
      else mirror.set(key, now);
    }
    return [...changed];
  };

  /** Whether the mirror still equals a full read: proof the triggers saw every write. */
  const verify = () => {
    sync();
    const full = new Map<string, string>();
    for (const t of tables) for (const row of rowsOf(t)) full.set(`${t}#${row.fuzz_rowid}`, rowText(row));
    return full.size === mirror.size && [...full].every(([k, v]) => mirror.get(k) === v);
  };
  return { sync, verify };
}

export async function buildWorld(env: Record<string, string>) {
  const t = await testApp({ SVCPAY_LOG: 'silent', ...env });
  assertBuilt(t.deps.config.distDir);

  // Keys rotated, then the clock moved past their grace window: they answer auth_key_expired.
  const rotated = await t.merchant();
  await rotateKeys(t.deps, rotated.merchant.id);
  await t.deps.clock.advance(KEY_GRACE_MS / 1000 + 60);

  const main = await t.merchant({ settings: { sameSessionRetry: 1 } });
  const other = await t.merchant();
  const live = await t.merchant({ environment: 'live', settings: { onboarded: true, processorConnected: true } });
  const noProcessor = await t.merchant({ processor: 'none' });
  const inactive = await t.merchant();
  await updateMerchant(t.deps, inactive.merchant.id, { status: 'inactive' });

  const keys = {
    secret: main.keys.secret,
    publishable: main.keys.publishable,
    otherSecret: other.keys.secret,
    otherPublishable: other.keys.publishable,
    liveSecret: live.keys.secret,
    livePublishable: live.keys.publishable,
    expiredSecret: rotated.keys.secret,
    expiredPublishable: rotated.keys.publishable,
    inactiveSecret: inactive.keys.secret,
    noProcessorSecret: noProcessor.keys.secret,
  };

  // Set-up goes through the engine, not HTTP: with rate limits on, the fuzz's own requests must
  // be the only ones the buckets count.
  const create = async (body: CreateSessionBody, owner: { merchant: Merchant } = main) => {
    const auth = { merchant: owner.merchant, keyType: 'secret' as const, livemode: owner.merchant.environment === 'live', keyId: 'fuzz-setup' };
    return (await createSession(t.deps, auth, { amount: 1000, currency: 'usd', successUrl: 'http://127.0.0.1:4244/done', ...body })).id;
  };

  /** A hosted session moved to processing with a sandbox transaction, ready for `complete`. */
  const paidOnProcessor = async (): Promise<{ sessionId: string; transactionId: string }> => {
    const sessionId = await create({});
    const init = await t.json('POST', '/api/checkout/init', { sessionId }, { Origin: SERVICE });
    const { token } = (await init.json()) as { token: string };
    const res = await t.sandbox.app.request('/v1/charges', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, card: APPROVED_CARD }) });
    const { transactionId } = (await res.json()) as { transactionId: string };
    return { sessionId, transactionId };
  };

  /** A fresh Apple Pay or Google Pay domain of the main merchant, registered through the engine. */
  let domains = 0;
  const walletDomain = async (wallet: 'apple_pay' | 'google_pay') => {
    const auth = { merchant: main.merchant, keyType: 'secret' as const, livemode: false, keyId: 'fuzz-setup' };
    const { record } = await registerWalletDomain(t.deps, auth, { domain: `shop${++domains}.example.com`, wallet_type: wallet });
    return record.id;
  };

  /** A fresh buyer of the main merchant (test mode), made through the engine. */
  let buyers = 0;
  const setupAuth = (owner: { merchant: Merchant }) => ({ merchant: owner.merchant, keyType: 'secret' as const, livemode: false, keyId: 'fuzz-setup' });
  const buyer = async (owner: { merchant: Merchant } = main) => (await upsertBuyer(t.deps, setupAuth(owner), { email: `fuzz${++buyers}@example.net`, name: 'Fuzz' })).record.id;
  const foreignBuyer = await buyer(other);

  /** A fresh vaulted card of a merchant (test mode), made through the engine. */
  const token = async (owner: { merchant: Merchant } = main, reference = 'tok_sandbox_visa_4242') =>
    (await createToken(t.deps, setupAuth(owner), { provider_reference: reference })).token.id;
  const foreignToken = await token(other);
  /** A payment intent of the main merchant: held for a manual capture, or captured. */
  let intents = 0;
  const intent = async (captureMethod: 'manual' | 'automatic') =>
    (
      await createIntent(t.deps, setupAuth(main), { amount: 1000, currency: 'usd', capture_method: captureMethod, payment_method: { id: await token() } }, {
        attemptId: `att_fuzz_setup_${++intents}`,
        idemKey: null,
      })
    ).intent.id;
  const foreignIntent = (
    await createIntent(t.deps, setupAuth(other), { amount: 1000, currency: 'usd', payment_method: { id: foreignToken } }, { attemptId: 'att_fuzz_setup_foreign', idemKey: null })
  ).intent.id;
  /** A succeeded payment intent of the main merchant (test mode) and its `vp_tx_*`, made through the engine: something to refund. */
  const refundable = async (): Promise<{ intentId: string; vpTxId: string }> => {
    const auth = setupAuth(main);
    const token = await createToken(t.deps, auth, { provider_reference: 'tok_sandbox_visa_4242' });
    const { intent } = await createIntent(t.deps, auth, { amount: 1000, currency: 'usd', payment_method: { id: token.token.id } }, { attemptId: newId.attempt(), idemKey: null });
    return { intentId: intent.id, vpTxId: intent.vpTxId! };
  };

  /** A fresh webhook subscription of the main merchant, to a closed local port (test mode allows loopback). */
  let hooks = 0;
  const webhookSubscription = async () =>
    (await createSubscription(t.deps, setupAuth(main), { url: `http://127.0.0.1:9/fuzz-${++hooks}`, enabledEvents: ['charge.succeeded'] })).record.id;
  /** An event of the main merchant: the outbox row a captured payment wrote. */
  const webhookEvent = async () => {
    const { intentId } = await refundable();
    const rows = await t.query<{ id: string; data: string }>('SELECT id, data FROM events WHERE merchant_id = ?', main.merchant.id);
    return rows.find((r) => (JSON.parse(r.data) as { payment_intent_id?: string }).payment_intent_id === intentId)!.id;
  };

  /** Sessions already used by earlier requests: whatever state the run has left them in. */
  const used: string[] = [await create({}), await create({ integrationMode: 'elements', chargeAtSubmit: true })];
  const foreign = await create({}, other);
  const liveSession = await create({ successUrl: 'https://shop.example.com/done' }, live);

  return {
    t,
    /** A file the asset route serves. */
    asset: readdirSync(join(t.deps.config.distDir, 'app', 'assets')).find((f) => f.endsWith('.js'))!,
    keys,
    merchants: { main, other, live, inactive, rotated },
    sessions: { create, paidOnProcessor, used, foreign, live: liveSession },
    walletDomain,
    buyer: () => buyer(),
    refundable,
    webhookSubscription,
    webhookEvent,
    foreignBuyer,
    token: () => token(),
    foreignToken,
    intent,
    foreignIntent,
    // On PostgreSQL (npm run unit:postgres) the service's rows are read there; the sandbox processor keeps its own SQLite.
    watch: { service: t.pg ? await pgWatch(t.pg) : rowWatch(t.store.db), sandbox: rowWatch(t.sandbox.db) },
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
