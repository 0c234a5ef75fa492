/**
 * Issue 18, finding 4, over a real database file: the sealing key never sits in it, the files are
 * the owner's only, and rotating the key (new key first, old one kept as previous for one start)
 * leaves every sealed value readable, moved under the new key. A database from before issue 18
 * (its key in `meta.seal_key`, `v1` values, the processor's secrets in plain text) opens, and its key
 * is gone from the file afterwards.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { buildDeps } from '../../deps.ts';
import { loadConfig } from '../../env.ts';
import { createLogger } from '../../log.ts';
import { bearer } from '../../testing.ts';
import { readSignedRedirect } from '../../../platform/redirect-signature.ts';
import { SEALED_FIELDS } from '../../store/sqlite/sealed-values.ts';
import { keyId, sealedIn } from '../../engine/sealed.ts';
import { signingSecrets } from '../../engine/webhooks/webhook-subscriptions.ts';
import { createMerchant } from '../../engine/merchants/merchants.ts';
import { providerSecrets, setProviderAccount } from '../../engine/merchants/provider-accounts.ts';
import { runStoreOrders } from '../../engine/mirror/store-orders.ts';
import type { SqliteStore } from '../../store/index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const ADDRESS = { address_line1: '1 Main St', postal_code: '94107', country: 'US' };
const OWN_STRIPE = { provider: 'stripe' as const, secretKey: `sk_test_${'S3cr3t'.repeat(6)}`, publishableKey: 'pk_test_Publishable1234', webhookSecret: 'whsec_OwnEndpointSecret1' };
const newKey = () => randomBytes(32).toString('base64');

async function start(dataPath: string, env: Record<string, string> = {}) {
  const logLines: string[] = [];
  const built = await buildDeps(loadConfig({ SVCPAY_DATA: dataPath, ...env }), createLogger(true, (l) => logLines.push(l)), { processorTransport: 'in-process' });
  const app = createApp(built.deps);
  const call = async (method: string, path: string, body: unknown, key: string) =>
    (await app.request(path, { method, headers: { 'Content-Type': 'application/json', ...bearer(key) }, body: JSON.stringify(body) })).json();
  const stop = async () => {
    await built.deps.store.close();
    built.sandbox?.close();
  };
  return { ...built, call, stop, logLines };
}
type Started = Awaited<ReturnType<typeof start>>;

/** Every kind of sealed value: a session's buyer and its buyerContact, a card's address, a webhook's two secrets, a redirect key, the processor's secrets. */
async function sealEverything(s: Started) {
  const { merchant, keys } = await createMerchant(s.deps, {});
  // A session and an intent that make store orders (issue 20): their mirror blocks are sealed too.
  const order = { order: { lineItems: [{ name: 'Tee', quantity: 1, unitAmount: 900 }] }, mirrorTo: { platform: 'platform_a', store: 'shop.example.com' } };
  // A prefilled name names no buyer record (issue 35: an email would link one, which holds it as Document 2's buyer does), so it stays on the session only, sealed.
  const session = await s.call('POST', '/v1/sessions', { amount: 900, currency: 'usd', buyerName: 'Ada Lovelace', buyerContact: { phone: '+1 415 555 0100' }, successUrl: 'https://shop.example/ok', ...order }, keys.secret);
  const card = await s.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242', billing_address: ADDRESS }, keys.secret);
  const paid = await s.call('POST', '/v1/payment_intents', { amount: 900, currency: 'usd', payment_method: { id: (await s.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, keys.secret)).id }, ...order }, keys.secret);
  expect(paid.status).toBe('succeeded');
  // Its store order is made, and the shopper's status page kept sealed.
  expect(await runStoreOrders(s.deps)).toMatchObject({ created: 1 });
  // An order-before-charge merchant's purchase keeps the shopper's page sealed as well.
  const first = await createMerchant(s.deps, { settings: { orderFirst: true } });
  const card2 = await s.call('POST', '/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' }, first.keys.secret);
  const ordered = await s.call('POST', '/v1/payment_intents', { amount: 900, currency: 'usd', payment_method: { id: card2.id }, ...order }, first.keys.secret);
  expect(ordered.status).toBe('succeeded');
  const hook = await s.call('POST', '/v1/webhook_subscriptions', { url: 'http://localhost:9/hook', enabledEvents: ['charge.succeeded'] }, keys.secret);
  const rotated = await s.call('POST', `/v1/webhook_subscriptions/${hook.id}/rotate_signing_secret`, {}, keys.secret);
  expect({ session: session.id, card: card.id, secret: rotated.secret }).toEqual({ session: expect.any(String), card: expect.any(String), secret: expect.stringMatching(/^whsec_/) });
  // A merchant's own Stripe keys (issue 19).
  const own = (await createMerchant(s.deps, { processor: 'card_element' })).merchant;
  expect((await setProviderAccount(s.deps, own.id, OWN_STRIPE)).providerAccount).toMatchObject({ provider: 'stripe', secretLast4: OWN_STRIPE.secretKey.slice(-4) });
  return { merchant, keys, sessionId: session.id as string, cardId: card.id as string, hookId: hook.id as string, secrets: [rotated.secret, hook.secret] as string[], ownId: own.id as string };
}
type Sealed = Awaited<ReturnType<typeof sealEverything>>;

/** What a merchant and a buyer would notice if a sealed value no longer opened. */
async function expectAllOpen(s: Started, v: Sealed, processorSecret: string) {
  const { sealer, store } = s.deps;
  const session = (await store.read.sessions.get(v.sessionId))!;
  expect(sealer.open(session.buyerSealed!, sealedIn.sessionBuyer(v.sessionId))).toEqual({ name: 'Ada Lovelace' });
  expect(sealer.open(session.buyerContactSealed!, sealedIn.sessionContact(v.sessionId))).toEqual({ phone: '+1 415 555 0100' });
  const card = (await store.read.paymentMethods.get(v.cardId))!;
  expect(sealer.open(card.billingAddressSealed!, sealedIn.cardAddress(v.cardId))).toEqual(ADDRESS);
  const hook = (await store.read.webhookSubscriptions.get(v.hookId))!;
  expect(signingSecrets(s.deps, hook)).toEqual(v.secrets);
  const back = new URL((await s.deps.signer.url({ ...session, paymentStatus: 'paid' }))!);
  expect(readSignedRedirect(back, [v.keys.secret])).toMatchObject({ sessionId: v.sessionId, amount: 900 });
  expect(providerSecrets(s.deps, (await store.read.merchants.get(v.ownId))!)).toEqual({ secretKey: OWN_STRIPE.secretKey, webhookSecret: OWN_STRIPE.webhookSecret });
  expect(s.processorSecret).toBe(processorSecret);
}

/** Every sealed value in the file, as stored: all of them, whatever key sealed them. */
const storedSealed = (s: Started) => s.deps.store.tx((w) => w.sealed.listNotStartingWith('\u0000'));

const fileBytes = (dir: string) => readdirSync(dir).map((f) => readFileSync(join(dir, f)).toString('latin1')).join('');

function tempData() {
  const dir = mkdtempSync(join(tmpdir(), 'svcpay-seal-'));
  dirs.push(dir);
  return { dir, data: join(dir, 'svcpay.sqlite') };
}

describe('the sealing key and the database (issue 18, finding 4)', () => {
  it('keeps the key out of the database, and the files readable by their owner only', async () => {
    const { dir, data } = tempData();
    const key = newKey();
    const s = await start(data, { SVCPAY_SEALING_KEY: key });
    const v = await sealEverything(s);
    const stored = await storedSealed(s);
    // The re-seal finds every kind of sealed value the service writes (a field missing from its list would be stranded by a rotation).
    const kinds = new Set(stored.map((x) => `${x.at.table}.${x.at.column}`));
    expect([...kinds].sort()).toEqual(
      [...SEALED_FIELDS.map(([t, c]) => `${t}.${c}`), 'api_keys.redirect_key', 'meta.value'].sort(),
    );
    expect(stored.filter((x) => x.at.table === 'meta').map((x) => x.at.id).sort()).toEqual(['processor_secret', 'processor_webhook_secret', 'stripe_publishable_key']);
    expect(stored.every((x) => x.value.startsWith(`v2.${keyId(Buffer.from(key, 'base64'))}.`))).toBe(true);
    await s.stop();
    const bytes = fileBytes(dir);
    expect(bytes).not.toContain(key);
    expect(bytes).not.toContain(s.processorSecret);
    expect(bytes).not.toContain(v.secrets[0]);
    expect(bytes).not.toContain('Ada Lovelace');
    expect(bytes).not.toContain(OWN_STRIPE.secretKey);
    expect(bytes).not.toContain(OWN_STRIPE.webhookSecret);
    for (const f of readdirSync(dir)) expect({ f, mode: (statSync(join(dir, f)).mode & 0o777).toString(8) }).toEqual({ f, mode: '600' });
  });

  it('rotates: the new key first and the old one as previous for a start; then the new key alone still opens everything', async () => {
    const { data } = tempData();
    const [a, b] = [newKey(), newKey()];
    const first = await start(data, { SVCPAY_SEALING_KEY: a });
    const v = await sealEverything(first);
    const processorSecret = first.processorSecret;
    await first.stop();

    const rotating = await start(data, { SVCPAY_SEALING_KEY: b, SVCPAY_SEALING_KEY_PREVIOUS: a });
    await expectAllOpen(rotating, v, processorSecret);
    // The operator reads how many moved: a buyer and its contact, a card address, two webhook secrets, three redirect keys,
    // a merchant's own Stripe keys, three store orders and two status pages, an order-before-charge
    // purchase's status page, two processor secrets and the Stripe stand-in's publishable key.
    expect(rotating.logLines.filter((l) => l.includes('sealed values moved')).map((l) => JSON.parse(l.slice(l.indexOf('{'))).resealed)).toEqual([18]);
    expect((await storedSealed(rotating)).every((x) => x.value.startsWith(`v2.${keyId(Buffer.from(b, 'base64'))}.`))).toBe(true);
    await rotating.stop();

    const after = await start(data, { SVCPAY_SEALING_KEY: b });
    await expectAllOpen(after, v, processorSecret);
    expect(after.logLines.filter((l) => l.includes('sealed values moved'))).toEqual([]);
    await after.stop();

    // A start without the key the values were sealed under stops, saying what is missing, rather than serving on.
    await expect(start(data, { SVCPAY_SEALING_KEY: a })).rejects.toThrow(/opens with none of the sealing keys.*SVCPAY_SEALING_KEY_PREVIOUS/);
  });

  it('rotates through the key file the same way: a new first line, the old key below it', async () => {
    const { dir, data } = tempData();
    const first = await start(data);
    const v = await sealEverything(first);
    await first.stop();
    const file = join(dir, 'sealing.key');
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    const old = readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    expect(old).toHaveLength(1);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, `${newKey()}\n${old[0]}\n`, { mode: 0o600 });
    const again = await start(data);
    await expectAllOpen(again, v, first.processorSecret);
    await again.stop();
  });
});

/** A value as sealed before issue 18: `v1`, no key id, no associated data. */
function sealV1(key: Buffer, value: unknown) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

describe('a database from before issue 18', () => {
  it('opens with its key taken out of the meta table, every value moved to the key file, and no copy of the old key left in the file', async () => {
    const { dir, data } = tempData();
    const first = await start(data, { SVCPAY_SEALING_KEY: newKey() });
    const v = await sealEverything(first);
    const processorSecret = first.processorSecret;
    // Turn it into what the old code left: the key in meta, v1 values under it, the processor's secrets in plain text.
    const legacy = randomBytes(32);
    const db = (first.store as SqliteStore).db;
    await first.deps.store.tx(async (w) => {
      for (const x of await w.sealed.listNotStartingWith('\u0000')) {
        const plain = first.deps.sealer.open(x.value, x.at);
        await w.sealed.put(x, x.at.table === 'meta' ? (plain as string) : sealV1(legacy, plain));
      }
      await w.meta.set('seal_key', legacy.toString('base64'));
    });
    expect(db.prepare("SELECT value FROM meta WHERE key = 'processor_secret'").pluck().get()).toBe(processorSecret);
    await first.stop();

    const upgraded = await start(data);
    await expectAllOpen(upgraded, v, processorSecret);
    expect(await upgraded.store.read.meta.get('seal_key')).toBeUndefined();
    expect((await storedSealed(upgraded)).every((x) => x.value.startsWith('v2.'))).toBe(true);
    await upgraded.stop();
    const bytes = fileBytes(dir);
    expect(bytes).not.toContain(legacy.toString('base64'));
    expect(bytes).not.toContain(processorSecret);
  });
});
