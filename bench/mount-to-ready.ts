/**
 * Mount-to-ready of a `card` element in Chromium: on a merchant-like page of its own loopback
 * origin, the time from `card.mount()` to the element's `ready` event, measured inside the page
 * with performance.now(). Each sample is a fresh page and a fresh elements session, as a buyer
 * arriving at checkout gets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/fixtures/browser.ts';
import { SvcPayApi } from '../e2e/fixtures/api.ts';
import type { ReadyInfo } from '../e2e/fixtures/server.ts';

const READY_TIMEOUT_MS = 20_000;

export interface MountSamples {
  samples: number[];
  browserVersion: string;
}

export async function measureMountToReady(ready: ReadyInfo, runs: number): Promise<MountSamples> {
  const merchantPage = await serveMerchantPage(ready.serviceUrl);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const problems: string[] = [];
  try {
    const page = await browser.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    const api = new SvcPayApi(ready.serviceUrl);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const session = await api.createSession(ready.secretKey, {
        amount: 2500,
        currency: 'usd',
        description: 'bench mount',
        integrationMode: 'elements',
        chargeAtSubmit: true,
      });
      await page.goto(merchantPage.url, { waitUntil: 'load', timeout: READY_TIMEOUT_MS });
      try {
        samples.push(await page.evaluate(mountOnce, { publishableKey: ready.publishableKey, sessionId: session.id, timeoutMs: READY_TIMEOUT_MS }));
      } catch (err) {
        const detail = problems.length ? `\n${problems.slice(-5).join('\n')}` : '';
        throw new Error(`mount ${i + 1} of ${runs} failed: ${err instanceof Error ? err.message : String(err)}${detail}`);
      }
    }
    return { samples, browserVersion: browser.version() };
  } finally {
    await browser.close();
    await merchantPage.close();
  }
}

/** Runs in the page. */
function mountOnce({ publishableKey, sessionId, timeoutMs }: { publishableKey: string; sessionId: string; timeoutMs: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const SvcPay = (window as unknown as { SvcPay?: (pk: string) => any }).SvcPay;
    if (typeof SvcPay !== 'function') return reject(new Error('svcpay.js did not define SvcPay'));
    const timer = setTimeout(() => reject(new Error(`no 'ready' event within ${timeoutMs} ms`)), timeoutMs);
    const card = SvcPay(publishableKey).elements({ sessionId }).create('card');
    card.on('ready', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
    const started = performance.now();
    card.mount('#card');
  });
}

/** The page a merchant would write: the script tag and an empty slot, on its own origin. */
async function serveMerchantPage(serviceUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>svcpay bench</title>
<script src="${serviceUrl}/js/v1/svcpay.js"></script></head><body><div id="card"></div></body></html>`;
  const server: Server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
