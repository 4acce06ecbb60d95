/** Debian's Chromium driven by playwright-core; no browser download. */
import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserServer,
  chromium,
  type Download,
  type LaunchOptions,
} from 'playwright-core';
import { watchBrowser } from './failure-report.ts';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/**
 * Debian's `chromium-headless-shell`: the same Blink and V8 without the desktop browser around them
 * (Playwright's own default for headless runs). A fresh page of the app cost 1.2–2.4 CPU-seconds in it
 * against 4.2–7.3 in `chromium --headless` (which builds a whole browser window per page, WebUI and
 * all), and the journeys are mostly Chromium's CPU on a two-core machine.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser: `CHROMIUM_PATH`, else Debian's; `journeys` prefers the headless shell when installed. */
export function chromiumPath(use: 'journeys' | 'full' = 'full'): string {
  const candidates = use === 'journeys' ? [HEADLESS_SHELL, ...CANDIDATES] : CANDIDATES;
  const found = [process.env.CHROMIUM_PATH, ...candidates].find((p): p is string =>
    Boolean(p && existsSync(p)),
  );
  if (!found) throw new Error('Chromium not found: install the Debian package `chromium` (see .ci/run)');
  return found;
}

const launchOptions = (): LaunchOptions => ({
  executablePath: chromiumPath('journeys'),
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * Where the journeys' one Chromium listens (global-setup.ts sets it before any test file starts):
 * each file connects to it instead of starting a browser of its own, which cost 1–3 s a file.
 * Files stay apart as before: each makes its own contexts, and closing its browser closes them.
 */
export const SHARED_BROWSER_ENV = 'E2E_BROWSER_WS_ENDPOINT';

export const launchBrowserServer = (): Promise<BrowserServer> => chromium.launchServer(launchOptions());

export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  const browser = shared ? await chromium.connect(shared) : await chromium.launch(launchOptions());
  // Every journey is a person who asked for less motion: the app then opens menus, popovers and
  // dialogs without animating them, so a click never meets a popup in the middle of its zoom (an
  // animation can hold its first frame long enough to look settled to Playwright, then move).
  const open = browser.newContext.bind(browser);
  browser.newContext = (options) => open({ reducedMotion: 'reduce', ...options });
  return watchBrowser(browser);
}

let seq = 0;
/** A phone number no other test run uses (17x prefix, time and sequence based). */
export const uniquePhone = (): string =>
  `17${String(Date.now() % 1e7).padStart(7, '0')}${String(++seq % 100).padStart(2, '0')}`;

/**
 * A finished download's bytes, read through Playwright's stream: `download.path()` throws in a browser
 * the file is connected to (the shared one), where the file lives on the browser's side.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  return Buffer.concat((await stream.toArray()) as Buffer[]);
}
