/**
 * The few things the engine flows ask of a browser, so each flow is written once and runs on
 * Chromium (puppeteer-core over CDP), Firefox ESR (puppeteer-core over WebDriver BiDi) and
 * WebKitGTK (webdriverio over W3C WebDriver). Elements are CSS selectors; a frame is the path of
 * iframe selectors from the top page inward, so svcpay's cross-origin frames are reached the same
 * way in every engine.
 */
export type FramePath = readonly string[];

/** The top page. */
export const TOP: FramePath = [];

export interface EnginePage {
  goto(url: string): Promise<void>;
  /** A JavaScript expression evaluated in the frame; its value must survive JSON. */
  evaluate<T>(frame: FramePath, expression: string): Promise<T>;
  /** Key by key into the input (focused by a click first), as a buyer types. */
  type(frame: FramePath, selector: string, text: string): Promise<void>;
  click(frame: FramePath, selector: string): Promise<void>;
  /** Picks the option with this value in a `<select>`, as a buyer would. */
  select(frame: FramePath, selector: string, value: string): Promise<void>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  /** What the report names: engine, browser and version. */
  readonly description: string;
  /** A fresh page (its own context where the protocol has one) for one flow. */
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

/** How long a flow waits for one thing a buyer would see (a frame, a result, a dialog). */
export const WAIT_MS = 20_000;

/**
 * Evaluates `expression` in `frame` until it is truthy and returns that value. A frame that is not
 * there yet, or is navigating, counts as not yet. The error names `what` and the last value seen.
 */
export async function waitFor<T>(page: EnginePage, frame: FramePath, expression: string, what: string, timeout = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      last = await page.evaluate<T>(frame, expression);
      if (last) return last as T;
    } catch (err) {
      last = err instanceof Error ? err.message.split('\n')[0] : err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout / 1000} s waiting for ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Retries a driver action that needs its element to exist (a frame's input before the frame has
 * loaded): each driver's own wait covers the element, this covers the frames on the way to it.
 */
export async function retrying<T>(what: string, action: () => Promise<T>, timeout = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await action();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
