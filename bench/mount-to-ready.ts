/**
 * How fast the fields are, as ratios to the floor timed in the same run (issue 9, Speed), in
 * Chromium on a merchant page of its own loopback origin:
 *
 * - mount-to-ready of a `card` against one blank cross-origin frame, and of the split trio
 *   (`cardNumber`, `cardExpiry`, `cardCvc`) against three blank frames inserted at once. The blank
 *   frame is a minimal HTML page on a third origin that posts a message as its script runs: the
 *   cost of a frame, with nothing of svcpay's in it. Every sample is a fresh browser context
 *   (cold cache, new connections) and a fresh elements session; the four kinds are interleaved,
 *   in alternating order, so a noisy moment lands on all of them.
 * - keystroke-to-`change`: a digit typed into an empty card number, from the key's event time in
 *   the field frame to the merchant page's `change` handler (both on the shared wall clock).
 * - the bytes each element type makes the browser download (transfer size, as compressed on the
 *   wire), split by where they land: the embed script, the controller frame, the field frames.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/fixtures/browser.ts';
import { SvcPayApi } from '../e2e/fixtures/api.ts';
import { isElementFrame } from '../e2e/fixtures/frames.ts';
import { runsController } from '../src/frames/binding.ts';
import type { ReadyInfo } from '../e2e/fixtures/server.ts';

const READY_TIMEOUT_MS = 20_000;

export type MountKind = 'blank1' | 'card' | 'blank3' | 'split';
const KINDS: MountKind[] = ['blank1', 'card', 'blank3', 'split'];

export interface MountSamples {
  /** Milliseconds, one per run, for each kind. */
  samples: Record<MountKind, number[]>;
  keystrokeToChangeMs: number[];
  /** Transfer bytes by element type and by where they land. */
  bytes: Record<string, { embed: number; controller: number; fields: number; total: number }>;
  browserVersion: string;
}

export async function measureMountToReady(ready: ReadyInfo, runs: number): Promise<MountSamples> {
  const pages = await servePages(ready.serviceUrl);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const api = new SvcPayApi(ready.serviceUrl);
  const newSession = async () =>
    (await api.createSession(ready.secretKey, { amount: 2500, currency: 'usd', description: 'bench mount', integrationMode: 'elements', chargeAtSubmit: true })).id;
  try {
    const samples: Record<MountKind, number[]> = { blank1: [], card: [], blank3: [], split: [] };
    for (let i = 0; i < runs; i++) {
      const order = i % 2 ? [...KINDS].reverse() : KINDS;
      for (const kind of order) {
        const sessionId = kind === 'card' || kind === 'split' ? await newSession() : '';
        samples[kind].push(
          await inFreshPage(browser, pages.merchantUrl, (page) =>
            page.evaluate(mountOnce, { kind, publishableKey: ready.publishableKey, sessionId, blankUrl: pages.blankUrl, timeoutMs: READY_TIMEOUT_MS }),
          ),
        );
      }
    }
    const keystrokeToChangeMs = await inFreshPage(browser, pages.merchantUrl, async (page) => keystrokes(page, ready, await newSession(), runs));
    const bytes: MountSamples['bytes'] = {};
    for (const type of ['card', 'split'] as const) {
      const sessionId = await newSession();
      const seen = watchBytes(ready.serviceUrl);
      bytes[type] = await inFreshPage(browser, pages.merchantUrl, (page) => bytesOf(page, ready, sessionId, type, seen), seen.attach);
    }
    return { samples, keystrokeToChangeMs, bytes, browserVersion: browser.version() };
  } finally {
    await browser.close();
    await pages.close();
  }
}

/** A fresh context (empty cache) per sample; `setup` runs before the page loads (to see its first request). */
async function inFreshPage<T>(browser: Browser, url: string, fn: (page: Page) => Promise<T>, setup?: (page: Page) => void): Promise<T> {
  const context: BrowserContext = await browser.newContext();
  const problems: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => void (msg.type() === 'error' && problems.push(`console error: ${msg.text()}`)));
    const load = async () => {
      await page.goto(url, { waitUntil: 'load', timeout: READY_TIMEOUT_MS });
      // tsx compiles the functions evaluated in the page with esbuild's keepNames, which calls a
      // `__name` helper the page does not have.
      await page.evaluate('window.__name = (f) => f');
    };
    setup?.(page);
    await load();
    return await fn(page);
  } catch (err) {
    const detail = problems.length ? `\n${problems.slice(-5).join('\n')}` : '';
    throw new Error(`${err instanceof Error ? err.message : String(err)}${detail}`);
  } finally {
    await context.close();
  }
}

interface MountArgs {
  kind: MountKind;
  publishableKey: string;
  sessionId: string;
  blankUrl: string;
  timeoutMs: number;
}

/** Runs in the merchant page: one mount of `kind`, resolved with its time to ready. */
function mountOnce({ kind, publishableKey, sessionId, blankUrl, timeoutMs }: MountArgs): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind}: not ready within ${timeoutMs} ms`)), timeoutMs);
    const slots = ['a', 'b', 'c'].map((id) => document.getElementById(id)!);
    let started = 0;
    let waiting = kind === 'card' || kind === 'blank1' ? 1 : 3;
    const one = () => {
      if (--waiting > 0) return;
      clearTimeout(timer);
      resolve(performance.now() - started);
    };
    if (kind === 'blank1' || kind === 'blank3') {
      addEventListener('message', (e) => void (e.data === 'blank-ready' && one()));
      started = performance.now();
      for (let i = 0; i < waiting; i++) {
        const frame = document.createElement('iframe');
        frame.src = `${blankUrl}?${i}`;
        slots[i]!.appendChild(frame);
      }
      return;
    }
    const SvcPay = (window as unknown as { SvcPay?: (pk: string) => any }).SvcPay;
    if (typeof SvcPay !== 'function') return reject(new Error('svcpay.js did not define SvcPay'));
    const elements = SvcPay(publishableKey).elements({ sessionId });
    const types = kind === 'card' ? ['card'] : ['cardNumber', 'cardExpiry', 'cardCvc'];
    const made = types.map((t) => elements.create(t).on('ready', one));
    started = performance.now();
    made.forEach((el: { mount(t: HTMLElement): void }, i: number) => el.mount(slots[i]!));
  });
}

/** A `4` typed into the empty card number, `runs` times: key event time in the frame to `change` on the page. */
async function keystrokes(page: Page, ready: ReadyInfo, sessionId: string, runs: number): Promise<number[]> {
  await page.evaluate(
    ({ publishableKey, sessionId, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('card not ready')), timeoutMs);
        const w = window as unknown as { changes: number[]; SvcPay: (pk: string) => any };
        w.changes = [];
        const card = w.SvcPay(publishableKey).elements({ sessionId }).create('card');
        card.on('change', () => w.changes.push(performance.timeOrigin + performance.now()));
        card.on('ready', () => (clearTimeout(timer), resolve()));
        card.mount('#a');
      }),
    { publishableKey: ready.publishableKey, sessionId, timeoutMs: READY_TIMEOUT_MS },
  );
  const frame = page.frames().find((f) => isElementFrame(f, ['field']));
  if (!frame) throw new Error('no field frame');
  const input = frame.getByLabel('Card number');
  await input.focus();
  await frame.evaluate(() => {
    const w = window as unknown as { keys: number[] };
    w.keys = [];
    addEventListener('keydown', (e) => void (e.key === '4' && w.keys.push(performance.timeOrigin + e.timeStamp)), true);
  });
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = await page.evaluate(() => (window as unknown as { changes: number[] }).changes.length);
    await page.keyboard.press('4');
    await page.waitForFunction((n) => (window as unknown as { changes: number[] }).changes.length > n, before);
    const changed = await page.evaluate(() => (window as unknown as { changes: number[] }).changes.at(-1)!);
    const key = await frame.evaluate(() => (window as unknown as { keys: number[] }).keys.at(-1)!);
    out.push(changed - key);
    // Back to empty (its own change), so every sample types into the same state.
    const cleared = await page.evaluate(() => (window as unknown as { changes: number[] }).changes.length);
    await page.keyboard.press('Backspace');
    await page.waitForFunction((n) => (window as unknown as { changes: number[] }).changes.length > n, cleared);
  }
  return out;
}

/** Transfer bytes a buyer's browser downloads from the service for one element type, cold cache. */
function watchBytes(serviceUrl: string) {
  const service = new URL(serviceUrl).origin;
  const sizes: Promise<{ where: 'embed' | 'controller' | 'fields'; bytes: number }>[] = [];
  const attach = (page: Page) =>
    page.on('requestfinished', (req) => {
      if (new URL(req.url()).origin !== service || req.url().includes('/api/')) return;
      const frameUrl = req.frame().url();
      // The controller runs in a copy of an element's page (embed/group.ts), told so in its hash.
      const where = runsController(new URL(frameUrl).hash) ? 'controller' : frameUrl.includes('/frames/') ? 'fields' : 'embed';
      // A copy from the HTTP cache received no body (Chromium reports it as minus its headers' size).
      sizes.push(req.sizes().then((s) => ({ where, bytes: Math.max(0, s.responseBodySize) })));
    });
  return { sizes, attach };
}

async function bytesOf(page: Page, ready: ReadyInfo, sessionId: string, type: 'card' | 'split', seen: ReturnType<typeof watchBytes>) {
  await page.evaluate(
    ({ publishableKey, sessionId, types, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('not ready')), timeoutMs);
        const elements = (window as unknown as { SvcPay: (pk: string) => any }).SvcPay(publishableKey).elements({ sessionId });
        let waiting = types.length;
        types.forEach((t, i) =>
          elements
            .create(t)
            .on('ready', () => void (--waiting === 0 && (clearTimeout(timer), resolve())))
            .mount(document.getElementById('abc'[i]!)!),
        );
      }),
    { publishableKey: ready.publishableKey, sessionId, types: type === 'card' ? ['card'] : ['cardNumber', 'cardExpiry', 'cardCvc'], timeoutMs: READY_TIMEOUT_MS },
  );
  // The controller frame and the confirm script (svcpay-confirm.js) start once the fields are
  // ready: a card buyer downloads them too, so wait for the controller's load event and then for
  // the network to go quiet (the confirm script counts under `embed`).
  const controller = await page.waitForSelector('iframe[title="svcpay controller"]', { state: 'attached', timeout: READY_TIMEOUT_MS });
  await (await controller.contentFrame())?.waitForLoadState('load');
  await page.waitForLoadState('networkidle');
  const out = { embed: 0, controller: 0, fields: 0, total: 0 };
  for (const s of await Promise.all(seen.sizes)) {
    out[s.where] += s.bytes;
    out.total += s.bytes;
  }
  return out;
}

/** The merchant page (the script tag and three empty slots) and the blank frame, on two more origins. */
async function servePages(serviceUrl: string): Promise<{ merchantUrl: string; blankUrl: string; close(): Promise<void> }> {
  const merchant = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>svcpay bench</title>
<script src="${serviceUrl}/js/v1/svcpay.js"></script></head><body><div id="a"></div><div id="b"></div><div id="c"></div></body></html>`;
  // The parent is the merchant page, on this server's 127.0.0.1 address (set once listening).
  let merchantOrigin = '';
  const blank = () =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body><script>parent.postMessage('blank-ready', ${JSON.stringify(merchantOrigin)})</script></body></html>`;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const body = path === '/' ? merchant : path === '/blank.html' ? blank() : null;
    if (body === null) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  merchantOrigin = `http://127.0.0.1:${port}`;
  return {
    merchantUrl: `${merchantOrigin}/`,
    // Another origin than the page's (localhost, not 127.0.0.1), as the service's frames are.
    blankUrl: `http://localhost:${port}/blank.html`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
