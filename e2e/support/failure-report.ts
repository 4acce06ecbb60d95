/**
 * When a browser journey fails, print what the browser showed: each open page's address and
 * visible text, the page's console errors, uncaught errors and failed requests, and the server's
 * recent warnings. CI keeps only the test output, so this is how a failure there can be read.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';

const MAX_EVENTS = 80;
const MAX_TEXT = 2000;

const events = new WeakMap<Page, string[]>();
const reported = new WeakSet<Page>();
const browsers = new Set<Browser>();
/** Set by the test setup: whether the running test has failed (always false outside vitest). */
let failing: () => boolean = () => false;
export const setFailureCheck = (check: () => boolean) => {
  failing = check;
};

function record(page: Page, line: string) {
  const list = events.get(page) ?? [];
  list.push(line);
  if (list.length > MAX_EVENTS) list.shift();
  events.set(page, list);
}

function watchPage(page: Page) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      record(page, `console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => record(page, `uncaught: ${err.message}`));
  page.on('requestfailed', (req) => {
    // Requests a navigation cut short (module preloads of the page left) are not failures.
    const why = req.failure()?.errorText ?? '';
    if (!why.includes('ERR_ABORTED')) record(page, `request failed: ${req.url()} ${why}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) record(page, `HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
    else if (res.request().method() === 'POST' && res.url().includes('/api/')) void recordWrite(page, res);
  });
}

/**
 * A write's answer: business outcomes (a 409 conflict among them) come back as HTTP 200, so the
 * envelope's code and the fields sent are what tell a lost edit's story.
 */
async function recordWrite(page: Page, res: Response) {
  // Never throws: a multipart upload has no JSON to read, and a closed page has no body any more.
  let fields = '';
  try {
    const sent = res.request().postDataJSON() as unknown;
    if (sent && typeof sent === 'object') fields = Object.keys(sent).join(',');
  } catch {
    fields = '…';
  }
  const code = await res
    .json()
    .then((body: { code?: unknown }) => String(body.code))
    .catch(() => '?');
  record(page, `POST ${new URL(res.url()).pathname} {${fields}} → ${code}`);
}

async function reportPage(page: Page) {
  if (reported.has(page) || page.isClosed()) return;
  reported.add(page);
  const text = await page
    .locator('body')
    .innerText({ timeout: 2000 })
    .catch((err: Error) => `(no text: ${err.message})`);
  console.error(
    [
      `── page at failure: ${page.url()}`,
      text.replace(/\n{2,}/g, '\n').slice(0, MAX_TEXT),
      ...(events.get(page) ?? []).map((e) => `  · ${e}`),
    ].join('\n'),
  );
}

async function reportContext(context: BrowserContext) {
  if (failing()) for (const page of context.pages()) await reportPage(page);
}

/** Records every page of every context this browser opens; a context closed after a failure reports first. */
export function watchBrowser(browser: Browser): Browser {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await open(options);
    context.on('page', watchPage);
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      await reportContext(context);
      return close(closeOptions);
    };
    return context;
  };
  return browser;
}

/** After a failed test: the pages of contexts still open (kept across tests), then the server's warnings. */
export async function reportAfterFailure(serverLogFile: string) {
  for (const browser of browsers) for (const context of browser.contexts()) await reportContext(context);
  const log = await readFile(serverLogFile, 'utf8').catch(() => '');
  const warnings = log
    .split('\n')
    .filter((line) => /"level":(4|5|6)\d/.test(line))
    .slice(-15);
  if (warnings.length) console.error(['── server warnings and errors (last 15)', ...warnings].join('\n'));
}
