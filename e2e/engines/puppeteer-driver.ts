/**
 * EngineBrowser over puppeteer-core: Chromium through the Chrome DevTools Protocol, Firefox ESR
 * through WebDriver BiDi (Playwright's own BiDi channel asks Firefox 140 for a command it lacks).
 * One browser per engine; a fresh browser context per flow.
 */
import puppeteer, { type Browser, type BrowserContext, type Frame, type Page } from 'puppeteer-core';
import { retrying, type EngineBrowser, type EnginePage, type FramePath } from './driver.ts';

export async function launchPuppeteer(engine: 'chrome' | 'firefox', executablePath: string, args: string[] = []): Promise<EngineBrowser> {
  const browser: Browser = await puppeteer.launch({ browser: engine, executablePath, headless: true, args });
  const version = await browser.version();
  return {
    description: `${version} (${engine === 'firefox' ? 'WebDriver BiDi' : 'CDP'}, puppeteer-core)`,
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      return new PuppeteerPage(context, page);
    },
    close: () => browser.close(),
  };
}

class PuppeteerPage implements EnginePage {
  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    // Short, so a step that hangs reaching a frame (a cross-origin frame Chromium has just moved to
    // a process of its own) is retried with the frame looked up afresh, within the flow's wait.
    page.setDefaultTimeout(5_000);
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load' });
  }

  /**
   * The frame at `path` and where its viewport starts on the page, looked up afresh each time:
   * svcpay replaces a field frame after a decline. The offset is measured here because puppeteer
   * asks Firefox for an iframe's element with a BiDi locator Firefox 140 lacks
   * (browsingContext.locateNodes by context), which its own clicks in frames depend on.
   */
  private async frame(path: FramePath): Promise<{ frame: Frame; x: number; y: number }> {
    let frame = this.page.mainFrame();
    let x = 0;
    let y = 0;
    for (const selector of path) {
      const iframe = await frame.$(selector);
      if (!iframe) throw new Error(`no ${selector} yet`);
      const box = await iframe.evaluate((el) => {
        el.scrollIntoView({ block: 'nearest' });
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return { x: r.left + el.clientLeft + parseFloat(s.paddingLeft), y: r.top + el.clientTop + parseFloat(s.paddingTop) };
      });
      const inner = await iframe.contentFrame();
      await iframe.dispose();
      if (!inner) throw new Error(`${selector} has no document yet`);
      frame = inner;
      x += box.x;
      y += box.y;
    }
    return { frame, x, y };
  }

  async evaluate<T>(path: FramePath, expression: string): Promise<T> {
    return (await (await this.frame(path)).frame.evaluate(expression)) as T;
  }

  /** A real mouse click in the middle of the element, wherever its frame sits. */
  private async clickAt(path: FramePath, selector: string): Promise<void> {
    const { frame, x, y } = await this.frame(path);
    const target = await frame.$(selector);
    if (!target) throw new Error('not there yet');
    const box = await target.evaluate((el) => {
      el.scrollIntoView({ block: 'nearest' });
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
    });
    await target.dispose();
    if (!box) throw new Error('not visible yet');
    await this.page.mouse.click(x + box.x, y + box.y);
  }

  type(path: FramePath, selector: string, text: string): Promise<void> {
    return retrying(`typing into ${[...path, selector].join(' >> ')}`, async () => {
      await this.clickAt(path, selector);
      await this.page.keyboard.type(text);
    });
  }

  click(path: FramePath, selector: string): Promise<void> {
    return retrying(`clicking ${[...path, selector].join(' >> ')}`, () => this.clickAt(path, selector));
  }

  select(path: FramePath, selector: string, value: string): Promise<void> {
    return retrying(`choosing ${value} in ${[...path, selector].join(' >> ')}`, async () => {
      const chosen = await (await this.frame(path)).frame.select(selector, value);
      if (!chosen.includes(value)) throw new Error(`no option ${value}`);
    });
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
