/** `npx tsx bench/experiments/waterfall.ts [card|split]`: one cold mount's requests, relative to mount(), and its ready time. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/fixtures/browser.ts';
import { SvcPayApi } from '../../e2e/fixtures/api.ts';
import { startServer } from '../../e2e/fixtures/server.ts';

const kind = process.argv[2] ?? 'card';
const server = await startServer();
const { serviceUrl, secretKey, publishableKey } = server.info;
const html = `<!doctype html><html><head><meta charset="utf-8"><script src="${serviceUrl}/js/v1/svcpay.js"></script></head><body><div id="a"></div><div id="b"></div><div id="c"></div></body></html>`;
const page0 = createServer((_q, r) => r.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
await new Promise<void>((d) => page0.listen(0, '127.0.0.1', d));
const url = `http://127.0.0.1:${(page0.address() as AddressInfo).port}/`;
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (let run = 0; run < 3; run++) {
    const session = await new SvcPayApi(serviceUrl).createSession(secretKey, { amount: 2500, currency: 'usd', integrationMode: 'elements', chargeAtSubmit: true });
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const rows: { url: string; start: number; end: number; size: number }[] = [];
    page.on('requestfinished', async (req) => {
      const t = req.timing();
      const s = await req.sizes();
      rows.push({ url: req.url().replace(serviceUrl, ''), start: t.startTime, end: t.startTime + t.responseEnd, size: s.responseBodySize });
    });
    await page.goto(url);
    await page.evaluate('window.__name = (f) => f');
    const res = await page.evaluate(
      ({ pk, sid, kind }) =>
        new Promise<{ t0: number; ready: number; origin: number }>((resolve) => {
          const types = kind === 'card' ? ['card'] : ['cardNumber', 'cardExpiry', 'cardCvc'];
          const els = (window as any).SvcPay(pk).elements({ sessionId: sid });
          let n = types.length;
          const made = types.map((t: string) => els.create(t).on('ready', () => --n === 0 && resolve({ t0, ready: performance.now(), origin: performance.timeOrigin })));
          const t0 = performance.now();
          made.forEach((e: any, i: number) => e.mount(document.getElementById('abc'[i]!)));
        }),
      { pk: publishableKey, sid: session.id, kind },
    );
    await page.waitForTimeout(300);
    const mountAt = res.origin + res.t0;
    console.log(`run ${run}: ready at ${(res.ready - res.t0).toFixed(1)} ms after mount`);
    for (const r of rows.sort((a, b) => a.start - b.start)) {
      if (r.start < mountAt - 5) continue;
      console.log(`  ${(r.start - mountAt).toFixed(1).padStart(7)} -> ${(r.end - mountAt).toFixed(1).padStart(7)}  ${String(r.size).padStart(6)}  ${r.url.slice(0, 90)}`);
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  page0.close();
  await server.stop();
}
