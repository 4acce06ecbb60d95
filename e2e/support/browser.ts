/** Debian's Chromium driven by playwright-core; no browser download. */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { watchBrowser } from './failure-report.ts';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, ...CANDIDATES].find((p): p is string =>
    Boolean(p && existsSync(p)),
  );
  if (!found) throw new Error('Chromium not found: install the Debian package `chromium` (see .ci/run)');
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
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
