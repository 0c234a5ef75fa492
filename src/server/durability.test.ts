/**
 * "Every acknowledged write survives a restart" (brief, Standards; Doc 3, Starting it), tested
 * the only honest way: a real server process on a file database, under concurrent writes, killed
 * with SIGKILL (no shutdown hook runs), then started again on the same file.
 *
 * What this can and cannot catch: an answer sent before its commit (a write-behind buffer, a
 * commit resolved early) loses acknowledged rows here. `synchronous=OFF` would not: after
 * SIGKILL the kernel still holds the pages SQLite wrote, and only a power loss drops them; the
 * store test asserts the pragma itself.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts } from '../../e2e/fixtures/server.ts';
import { children, startServerProcess } from './server-process.fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'svcpay-kill-'));
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function startServer(data: string, ready: string) {
  return startServerProcess(data, ready, await freePorts(4));
}

describe('durability', () => {
  it('keeps every acknowledged session after the server is killed with SIGKILL mid-load', async () => {
    const data = join(dir, 'svcpay.sqlite');
    const ready = join(dir, 'ready.json');
    const first = await startServer(data, ready);
    const auth = { Authorization: `Bearer ${first.ready.secretKey}`, 'Content-Type': 'application/json' };
    const acked: string[] = [];
    let killed = false;
    // Eight writers in a loop until the kill; every 201 is an acknowledgement the restart must honour.
    const writer = async () => {
      while (!killed) {
        try {
          const res = await fetch(`${first.base}/v1/sessions`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 100 + acked.length, currency: 'usd' }) });
          if (res.status === 201) acked.push(((await res.json()) as { id: string }).id);
          // Kill the moment the 150th acknowledgement is in hand: a write answered before its
          // commit is then still uncommitted.
          if (acked.length >= 150 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        } catch (err) {
          if (!killed) console.error("writer", err);
          return; // the socket died with the process
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    const deadline = Date.now() + 30_000;
    while (acked.length < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(acked.length, 'acknowledged creates before the kill').toBeGreaterThanOrEqual(150);
    await Promise.all(writers);
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((r) => first.child.once('exit', r));

    const second = await startServer(data, ready);
    const missing: string[] = [];
    for (const id of acked) {
      const res = await fetch(`${second.base}/v1/sessions/${id}`, { headers: { Authorization: auth.Authorization }, signal: AbortSignal.timeout(5000) });
      if (res.status !== 200) missing.push(`${id}: ${res.status}`);
    }
    expect(missing).toEqual([]);
    second.child.kill('SIGKILL');
  }, 120_000);

  it('keeps every acknowledged token, payment intent and refund, with its replay, after SIGKILL during a payment burst', async () => {
    const data = join(dir, 'payments.sqlite');
    const ready = join(dir, 'ready-payments.json');
    const first = await startServer(data, ready);
    const auth = { Authorization: `Bearer ${first.ready.secretKey}`, 'Content-Type': 'application/json' };
    interface Acked {
      path: string;
      key: string;
      body: object;
      answer: { id: string; status?: string; amount?: number };
    }
    const acked: Acked[] = [];
    let killed = false;
    let n = 0;
    const post = async (path: string, key: string, body: object) => {
      const res = await fetch(`${first.base}${path}`, { method: 'POST', headers: { ...auth, 'Idempotency-Key': key }, body: JSON.stringify(body) });
      if (res.status !== 201) return null;
      const answer = (await res.json()) as Acked['answer'];
      acked.push({ path, key, body, answer });
      return answer;
    };
    const cards = ['visa_4242', 'mastercard_4444', 'visa_0002', 'amex_0005'];
    const writer = async () => {
      while (!killed) {
        const i = n++;
        try {
          const token = await post('/v1/tokens', `tok-${i}`, { provider_reference: `tok_sandbox_${cards[i % cards.length]}` });
          const intent = token && (await post('/v1/payment_intents', `pi-${i}`, { amount: 1000 + i, currency: 'usd', payment_method: { id: token.id }, capture_method: i % 3 === 0 ? 'manual' : 'automatic' }));
          // Two partial refunds of each captured payment, racing the other writers.
          if (intent?.status === 'succeeded') {
            await Promise.all([300, 400].map((amount, k) => post('/v1/refunds', `re-${i}-${k}`, { payment_intent: intent.id, amount })));
          }
          if (acked.length >= 120 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        } catch {
          return; // the socket died with the process
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    const deadline = Date.now() + 60_000;
    while (acked.length < 120 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(acked.length, 'acknowledged writes before the kill').toBeGreaterThanOrEqual(120);
    await Promise.all(writers);
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((r) => first.child.once('exit', r));

    const second = await startServer(data, ready);
    const problems: string[] = [];
    for (const a of acked) {
      if (a.path === '/v1/payment_intents') {
        // Every answered intent reads back as it was answered.
        const read = (await (await fetch(`${second.base}/v1/payment_intents/${a.answer.id}`, { headers: auth })).json()) as Acked['answer'];
        if (read.id !== a.answer.id || read.status !== a.answer.status || read.amount !== a.answer.amount) problems.push(`read ${a.answer.id}: ${JSON.stringify(read)}`);
      }
      // Every replay of its key answers the same object, and creates nothing.
      const replay = await fetch(`${second.base}${a.path}`, { method: 'POST', headers: { ...auth, 'Idempotency-Key': a.key }, body: JSON.stringify(a.body) });
      const again = (await replay.json()) as Acked['answer'];
      if (replay.status !== 200 || again.id !== a.answer.id) problems.push(`replay ${a.key}: ${replay.status} ${again.id}`);
    }
    expect(problems).toEqual([]);
    second.child.kill('SIGKILL');
    await new Promise((r) => second.child.once('exit', r));

    // No intent is half-made: each one is settled, or still owned by a pending attempt the reconciler resolves.
    const db = new Database(data, { readonly: true });
    const orphans = db
      .prepare(
        `SELECT p.id FROM payment_intents p WHERE p.status = 'requires_action'
         AND NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.intent_id = p.id AND a.state = 'pending')`,
      )
      .all();
    const overRefunded = db
      .prepare(
        `SELECT s.id FROM settlements s WHERE json_extract(s.data, '$.amount') <
         (SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.settlement_id = s.id AND r.status IN ('succeeded', 'requested'))`,
      )
      .all();
    const overCaptured = db.prepare("SELECT count(*) AS n FROM settlements s JOIN payment_intents p ON p.id = s.intent_id WHERE json_extract(s.data, '$.amount') > p.amount").get() as { n: number };
    db.close();
    expect(orphans).toEqual([]);
    expect(overRefunded).toEqual([]);
    expect(acked.filter((a) => a.path === '/v1/refunds').length, 'refunds acknowledged before the kill').toBeGreaterThan(0);
    expect(overCaptured.n).toBe(0);
  }, 180_000);

  it('delivers every queued webhook after SIGKILL and a restart', async () => {
    const data = join(dir, 'webhooks.sqlite');
    const ready = join(dir, 'ready-webhooks.json');
    const received = new Map<string, string>();
    let answer = 503;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        if (answer === 200) received.set((JSON.parse(body) as { id: string }).id, body);
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      const first = await startServer(data, ready);
      const auth = { Authorization: `Bearer ${first.ready.secretKey}`, 'Content-Type': 'application/json' };
      const post = async (path: string, body: object) => (await fetch(`${first.base}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })).json() as Promise<{ id: string }>;
      await post('/v1/webhook_subscriptions', { url, enabledEvents: ['charge.succeeded'] });
      const charged: string[] = [];
      for (let i = 0; i < 10; i++) {
        const token = await post('/v1/tokens', { provider_reference: 'tok_sandbox_visa_4242' });
        charged.push((await post('/v1/payment_intents', { amount: 500 + i, currency: 'usd', payment_method: { id: token.id } })).id);
      }
      // The receiver refuses everything; the deliveries are queued for retry when the server dies.
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));

      answer = 200;
      const second = await startServer(data, ready);
      // Move the service clock past the first retry: the restarted worker sends the queue.
      await fetch(`${second.base}/_sandbox/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceSeconds: 60 }) });
      const deadline = Date.now() + 20_000;
      while (received.size < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const intents = [...received.values()].map((b) => (JSON.parse(b) as { data: { payment_intent_id: string } }).data.payment_intent_id);
      expect(new Set(intents)).toEqual(new Set(charged));
      second.child.kill('SIGKILL');
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  }, 120_000);
});
