/**
 * The three engines and the Debian packages that bring them. A browser that is missing fails the
 * run with the package to install; a developer without one may skip it locally with
 * SVCPAY_ENGINES_SKIP (comma-separated names), which CI (CI set) refuses.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { EngineBrowser } from './driver.ts';
import { launchPuppeteer } from './puppeteer-driver.ts';
import { launchWebKit } from './webdriver-driver.ts';

export interface Engine {
  name: 'chromium' | 'firefox' | 'webkit';
  /** The Debian package(s) to install when the browser is missing. */
  packages: string;
  /** The browser's path, or undefined when it is not installed. */
  find(): string | undefined;
  launch(path: string): Promise<EngineBrowser>;
}

/** Debian's library directory for this machine (MiniBrowser sits under it). */
const MULTIARCH = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';

const firstExisting = (paths: string[]) => paths.find((p) => existsSync(p));

export const engines: Engine[] = [
  {
    name: 'chromium',
    packages: 'chromium',
    find: () => firstExisting(['/usr/bin/chromium', '/usr/bin/chromium-browser']),
    // Chromium refuses its own sandbox as root (CI containers run as root). Cross-origin frames stay
    // in the page's process: puppeteer over CDP now and then never reaches one Chromium moved to a
    // process of its own (a step timing out in a ready frame, 1 run in 3 here), which would make
    // this run flaky. What the page sees is the same; the Playwright suite runs with site isolation.
    launch: (path) => launchPuppeteer('chrome', path, [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process']),
  },
  {
    name: 'firefox',
    packages: 'firefox-esr',
    find: () => firstExisting(['/usr/bin/firefox-esr', '/usr/bin/firefox']),
    launch: (path) => launchPuppeteer('firefox', path),
  },
  {
    name: 'webkit',
    // MiniBrowser comes with libwebkit2gtk, which the driver's package depends on.
    packages: 'webkit2gtk-driver xvfb',
    find: () => {
      const tools = existsSync('/usr/bin/WebKitWebDriver') && (Boolean(process.env.DISPLAY) || existsSync('/usr/bin/xvfb-run'));
      return tools ? firstExisting(versionedDirs(`/usr/lib/${MULTIARCH}`, 'webkit2gtk-4.').reverse().map((d) => `${d}/MiniBrowser`)) : undefined;
    },
    launch: (path) => launchWebKit(path),
  },
];

export const SKIP_ENV = 'SVCPAY_ENGINES_SKIP';

/** The engines this run skips on the developer's word; in CI none (it fails instead). */
export function skippedEngines(): Set<string> {
  const named = (process.env[SKIP_ENV] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (named.length > 0 && process.env.CI) throw new Error(`${SKIP_ENV}=${named.join(',')} is refused in CI: every engine must run there.`);
  return new Set(named);
}

/** The browser's path, or an error naming the package to install and how to skip it locally. */
export function requireBrowser(engine: Engine): string {
  const path = engine.find();
  if (path) return path;
  throw new Error(`${engine.name}: not installed; install the Debian package(s) ${engine.packages} (apt-get install ${engine.packages}), or skip it on this machine with ${SKIP_ENV}=${engine.name}`);
}

/** Every directory matching `prefix*` under `dir`, newest name last (webkit2gtk-4.0, -4.1). */
export function versionedDirs(dir: string, prefix: string): string[] {
  try {
    return readdirSync(dir).filter((d) => d.startsWith(prefix)).sort().map((d) => `${dir}/${d}`);
  } catch {
    return [];
  }
}
