/**
 * The key buyer flows (flows.ts) on Chromium, Firefox ESR and WebKitGTK: each browser is launched
 * once per engine, each flow gets a fresh page. One reference server for the run, as the Playwright
 * suite's global setup starts it (rate limits off: every flow pays from 127.0.0.1).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SvcPayApi } from '../fixtures/api.ts';
import { startFlowsPage } from '../fixtures/flows-page.ts';
import { serve, type MerchantPage } from '../fixtures/loopback-page.ts';
import { startServer, type RunningServer } from '../fixtures/server.ts';
import { TOP, type EngineBrowser } from './driver.ts';
import { engines, requireBrowser, skippedEngines } from './engines.ts';
import { flows, type FlowWorld } from './flows.ts';

let server: RunningServer;
let flowsPage: MerchantPage;
let world: FlowWorld;
const sites: MerchantPage[] = [];

beforeAll(async () => {
  server = await startServer();
  flowsPage = await startFlowsPage(server.info.serviceUrl);
  world = {
    api: new SvcPayApi(server.info.serviceUrl),
    serviceUrl: server.info.serviceUrl,
    demoUrl: server.info.demoUrl,
    flowsPageUrl: flowsPage.url,
    async serveHtml(html) {
      const site = await serve((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html));
      sites.push(site);
      return `${site.url}/checkout`;
    },
  };
});

afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
  await flowsPage?.close();
  await server?.stop();
});

const skipped = skippedEngines();

/** The page's text, then its buttons, alerts and statuses with their state, for a failure's report. */
const SHOWN = `document.body.innerText + '\\n---\\n' + [...document.querySelectorAll('button, [role=alert], [role=status], iframe')].map((e) => e.outerHTML.slice(0, 300)).join('\\n')`;

for (const engine of engines) {
  describe.skipIf(skipped.has(engine.name))(engine.name, () => {
    let browser: EngineBrowser;

    beforeAll(async () => {
      browser = await engine.launch(requireBrowser(engine));
      console.log(`${engine.name}: ${browser.description}`);
    });

    afterAll(async () => {
      await browser?.close();
    });

    for (const [name, flow] of Object.entries(flows)) {
      it(name, async () => {
        const page = await browser.newPage();
        try {
          await flow(page, world);
        } catch (err) {
          // What the buyer saw when it failed (the page around svcpay's frames holds no card data).
          const shown = await page.evaluate<string>(TOP, SHOWN).catch(() => '(page unreadable)');
          throw new Error(`${err instanceof Error ? err.message : String(err)}\nthe page showed:\n${shown.slice(0, 4000)}`, { cause: err });
        } finally {
          await page.close();
        }
      });
    }
  });
}
