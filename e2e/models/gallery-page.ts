/** The designers' gallery on the demo origin (demo/gallery): its index and one entry page. */
import { expect, type ConsoleMessage, type Locator, type Page } from '@playwright/test';

export class GalleryPage {
  /** Every entry link of the index (a state in one theme and language). */
  readonly entries: Locator;
  /** The component, in its frame, with the page colour around it: what the screenshots show. */
  readonly stage: Locator;
  readonly heading: Locator;
  /** Console errors and uncaught exceptions of the page and every frame in it, CSP refusals included. */
  readonly errors: string[] = [];

  constructor(readonly page: Page, readonly demoUrl: string) {
    this.entries = page.locator('a[data-gallery-entry]');
    this.stage = page.getByTestId('gallery-stage');
    this.heading = page.getByRole('heading', { level: 1 });
    page.on('console', (msg: ConsoleMessage) => {
      if (msg.type() === 'error') this.errors.push(`${msg.location().url}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => this.errors.push(`uncaught: ${err.message}`));
  }

  async openIndex(): Promise<void> {
    await this.page.goto(`${this.demoUrl}/gallery`);
    await expect(this.entries.first()).toBeVisible();
  }

  /** The index's entry URLs, as linked (paths with their query). */
  async entryPaths(): Promise<string[]> {
    return this.entries.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  }

  /**
   * Opens an entry and waits until its frame shows the state: rendered in its language, and for
   * the hosted page, its card fields loaded where the state has them.
   */
  async openEntry(path: string): Promise<void> {
    await this.page.goto(`${this.demoUrl}${path}`);
    await expect(this.stage.locator('iframe').contentFrame().locator(':root[data-gallery-ready]')).toBeAttached();
  }

  /** The frame the component is shown in. */
  get frame() {
    return this.stage.locator('iframe').contentFrame();
  }
}
