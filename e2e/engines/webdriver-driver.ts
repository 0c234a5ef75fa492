/**
 * EngineBrowser over W3C WebDriver (webdriverio) for WebKitGTK: Debian's WebKitWebDriver drives
 * MiniBrowser, which has no headless mode, so without a display both run under xvfb-run. One
 * session per engine; a fresh window per flow, its cookies cleared. Classic WebDriver only: the
 * WebKitGTK driver does not answer a session that asks for BiDi.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { remote } from 'webdriverio';
import { freePorts } from '../fixtures/server.ts';
import { retrying, type EngineBrowser, type EnginePage, type FramePath } from './driver.ts';

type Session = WebdriverIO.Browser;

export async function launchWebKit(miniBrowser: string): Promise<EngineBrowser> {
  const port = (await freePorts(1))[0]!;
  const command = process.env.DISPLAY ? ['WebKitWebDriver', `--port=${port}`] : ['xvfb-run', '-a', 'WebKitWebDriver', `--port=${port}`];
  // Its own process group, so stopping it stops xvfb-run, Xvfb and the driver together.
  const driver = spawn(command[0]!, command.slice(1), { stdio: 'ignore', detached: true });
  try {
    await retrying('starting WebKitWebDriver', () => listening(port));
    const session = await retrying('starting MiniBrowser', () =>
      remote({
        hostname: '127.0.0.1',
        port,
        // Its failures reach the flow as thrown errors; its own log would repeat them as noise.
        logLevel: 'silent',
        connectionRetryCount: 0,
        capabilities: { 'wdio:enforceWebDriverClassic': true, 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } } as WebdriverIO.Capabilities,
      }),
    );
    const version = (session.capabilities as { browserVersion?: string }).browserVersion ?? '?';
    const first = await session.getWindowHandle();
    return {
      description: `WebKitGTK ${version} (W3C WebDriver, webdriverio)`,
      async newPage() {
        const { handle } = await session.createWindow('tab');
        await session.switchToWindow(handle);
        await session.deleteAllCookies();
        return new WebDriverPage(session, first);
      },
      async close() {
        await session.deleteSession().catch(() => undefined);
        stop(driver);
      },
    };
  } catch (err) {
    stop(driver);
    throw err;
  }
}

/** Resolves once something accepts connections on the port. */
function listening(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve();
    });
    socket.on('error', reject);
  });
}

function stop(driver: ChildProcess): void {
  if (driver.pid) {
    try {
      process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

class WebDriverPage implements EnginePage {
  constructor(
    private readonly session: Session,
    /** The session's first window, kept open so closing a flow's window never ends the session. */
    private readonly home: string,
  ) {}

  async goto(url: string): Promise<void> {
    await this.session.navigateTo(url);
  }

  /** Switches into the frame at `path` from the top, afresh each time (frames get replaced). */
  private async enter(path: FramePath): Promise<void> {
    await this.session.switchFrame(null);
    for (const selector of path) {
      const iframe = await this.session.$(selector);
      if (!(await iframe.isExisting())) throw new Error(`no ${selector} yet`);
      await this.session.switchFrame(iframe);
    }
  }

  async evaluate<T>(path: FramePath, expression: string): Promise<T> {
    await this.enter(path);
    return (await this.session.execute(`return (${expression});`)) as T;
  }

  type(path: FramePath, selector: string, text: string): Promise<void> {
    return retrying(`typing into ${[...path, selector].join(' >> ')}`, async () => {
      await this.enter(path);
      const input = await this.session.$(selector);
      await input.click();
      await input.addValue(text);
    });
  }

  click(path: FramePath, selector: string): Promise<void> {
    return retrying(`clicking ${[...path, selector].join(' >> ')}`, async () => {
      await this.enter(path);
      await (await this.session.$(selector)).click();
    });
  }

  select(path: FramePath, selector: string, value: string): Promise<void> {
    return retrying(`choosing ${value} in ${[...path, selector].join(' >> ')}`, async () => {
      await this.enter(path);
      await (await this.session.$(selector)).selectByAttribute('value', value);
    });
  }

  async close(): Promise<void> {
    await this.session.closeWindow();
    await this.session.switchToWindow(this.home);
  }
}
