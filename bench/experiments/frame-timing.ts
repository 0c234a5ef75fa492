/**
 * `npx tsx bench/experiments/frame-timing.ts [runs]`: where a cold `card` mount spends its time, on
 * the merchant page's clock: the field document's navigation timing (request, response, DOM
 * interactive, DOMContentLoaded), its first paint, and the page's `ready`, all relative to mount().
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/fixtures/browser.ts';
import { SvcPayApi } from '../../e2e/fixtures/api.ts';
import { isElementFrame } from '../../e2e/fixtures/frames.ts';
import { startServer } from '../../e2e/fixtures/server.ts';

const runs = Number(process.argv[2] ?? 5);
const server = await startServer();
const { serviceUrl, secretKey, publishableKey } = server.info;
const html = `<!doctype html><html><head><meta charset="utf-8"><script src="${serviceUrl}/js/v1/svcpay.js"></script></head><body><div id="a"></div></body></html>`;
const page0 = createServer((_q, r) => r.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
await new Promise<void>((d) => page0.listen(0, '127.0.0.1', d));
const url = `http://127.0.0.1:${(page0.address() as AddressInfo).port}/`;
const browser = await chromium.launch(chromiumLaunchOptions());
const rows: Record<string, number>[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const session = await new SvcPayApi(serviceUrl).createSession(secretKey, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
    const ctx = await browser.newContext();
    // Marks inside the frame (an init script runs in every frame, before its own scripts): the
    // first layout read (the size, measured just before ready) and the bus opening (just before ready).
    // (A string: tsx's keepNames helper `__name` does not exist in the frame.)
    await ctx.addInitScript(`
      const marks = (window.__marks = {});
      const mark = (k) => void (marks[k] ??= performance.timeOrigin + performance.now());
      mark('init');
      if (window.parent === window) addEventListener('message', (e) => { if (e.data && e.data.event === 'ready') { marks.msgHeard = performance.timeOrigin + performance.now(); marks.msgStamp = performance.timeOrigin + e.timeStamp; } }, true);
      const gbcr = Element.prototype.getBoundingClientRect;
      Element.prototype.getBoundingClientRect = function () { mark('measure'); const r = gbcr.call(this); mark('measured'); return r; };
      const BC = globalThis.BroadcastChannel;
      if (BC) {
        globalThis.BroadcastChannel = class extends BC { constructor(n) { mark('bus'); super(n); mark('busMade'); } };
        const post = BC.prototype.postMessage;
        BC.prototype.postMessage = function (m) { mark('busPost'); post.call(this, m); mark('busPosted'); };
      }
      const mp = MessagePort.prototype.postMessage;
      document.addEventListener('readystatechange', () => mark(document.readyState), { capture: true });
      new MutationObserver(() => { if (document.getElementById('svcpay-field')) mark('parsed-root'); if (document.querySelector('script')) mark('parsed-script'); if (document.getElementById('svcpay-field')?.firstChild) mark('rendered'); }).observe(document, { childList: true, subtree: true });
    `);
    const page = await ctx.newPage();
    await page.goto(url);
    await page.evaluate('window.__name = (f) => f');
    const res = await page.evaluate(
      ({ pk, sid }) =>
        new Promise<{ mount: number; ready: number; msgHeard: number; msgStamp: number }>((resolve) => {
          const el = (window as any).SvcPay(pk).elements({ sessionId: sid }).create('card');
          el.on('ready', () => resolve({ mount, ready: performance.timeOrigin + performance.now(), ...(window as any).__marks }));
          const mount = performance.timeOrigin + performance.now();
          el.mount('#a');
        }),
      { pk: publishableKey, sid: session.id },
    );
    const frame = page.frames().find((f) => isElementFrame(f, ['field']))!;
    const t = await frame.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const o = performance.timeOrigin;
      const paint = performance.getEntriesByType('paint').map((p) => [p.name, o + p.startTime] as const);
      const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
      return { ...marks, origin: o, requestStart: o + n.requestStart, responseStart: o + n.responseStart, responseEnd: o + n.responseEnd, domInteractive: o + n.domInteractive, dcl: o + n.domContentLoadedEventStart, dclEnd: o + n.domContentLoadedEventEnd, ...Object.fromEntries(paint) };
    });
    const all: Record<string, number> = { ...t, msgStamp: res.msgStamp, msgHeard: res.msgHeard, ready: res.ready };
    const rel = Object.fromEntries(Object.entries(all).map(([k, v]) => [k, Math.round((v - res.mount) * 10) / 10]));
    rows.push(rel);
    console.log(JSON.stringify(rel));
    await ctx.close();
  }
  const keys = Object.keys(rows[0]!);
  const med = (k: string) => rows.map((r) => r[k]!).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  console.log('median', JSON.stringify(Object.fromEntries(keys.map((k) => [k, med(k)]))));
} finally {
  await browser.close();
  page0.close();
  await server.stop();
}
